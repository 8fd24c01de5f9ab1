// What a failed call says when the server gave no message of its own, in the page's language: a
// proxy's bare 502, a 500 whose body was lost, no answer at all. The English words are those of
// runtime/client (spec §8: 401 "unauthorised", 500 "internal server error").

import { STATUS_DESCRIPTIONS } from '../../runtime/client/constants.ts';
import type { Lang } from '../../runtime/schema/types.ts';
import { messages } from './messages.ts';

const CHINESE: Readonly<Record<number, string>> = {
  400: '请求有误',
  401: '未授权',
  403: '没有权限',
  404: '请求的资源不存在',
  409: '数据冲突',
  413: '请求内容过大',
  423: '账号已锁定',
  429: '请求过于频繁，请稍后再试',
  500: '服务器内部错误',
  502: '网关错误',
  503: '服务暂不可用',
  504: '网关超时',
};

const ENGLISH: Readonly<Record<number, string>> = {
  ...STATUS_DESCRIPTIONS,
  502: 'bad gateway',
  503: 'service unavailable',
  504: 'gateway timeout',
};

/**
 * The text for an HTTP status (or, for status 0, axios's code: a time-out or no connection);
 * undefined only for a call the app cancelled itself, which nobody is shown.
 */
export function statusText(status: number, code: string | undefined, lang: Lang): string | undefined {
  if (status === 0) {
    if (code === 'ERR_CANCELED') return undefined;
    if (code === 'ECONNABORTED' || code === 'ETIMEDOUT') return messages.requestTimedOut[lang];
    return messages.networkFailed[lang];
  }
  const known = (lang === 'zh' ? CHINESE : ENGLISH)[status];
  if (known) return known;
  return lang === 'zh' ? `请求失败（${status}）` : `request failed (${status})`;
}
