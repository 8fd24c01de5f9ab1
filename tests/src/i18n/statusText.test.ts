// A failure without a message of the server's is described in the page's language (spec §8:
// 401 unauthorised, 500 internal server error), through the app's own HTTP client.
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { AxiosError } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { http } from '../../../src/api/http.ts';
import { connectHttp } from '../../../src/app/connectHttp.ts';
import { statusText } from '../../../src/i18n/statusText.ts';
import { useLanguageStore } from '../../../src/stores/language.ts';

function bare(status: number): AxiosAdapter {
  return async (config: InternalAxiosRequestConfig) => {
    const response = { data: '', status, statusText: '', headers: {}, config } as AxiosResponse;
    throw new AxiosError('Request failed with status code', 'ERR_BAD_RESPONSE', config, null, response);
  };
}

describe('statusText', () => {
  it('names the statuses of the spec and of docs/api.md in both languages', () => {
    expect(statusText(500, undefined, 'zh')).toBe('服务器内部错误');
    expect(statusText(500, undefined, 'en')).toBe('internal server error');
    expect(statusText(401, undefined, 'zh')).toBe('未授权');
    expect(statusText(401, undefined, 'en')).toBe('unauthorised');
    expect(statusText(403, undefined, 'zh')).toBe('没有权限');
    expect(statusText(429, undefined, 'zh')).toBe('请求过于频繁，请稍后再试');
    expect(statusText(502, undefined, 'zh')).toBe('网关错误');
  });

  it('gives any other status a sentence with its number rather than nothing', () => {
    expect(statusText(418, undefined, 'zh')).toBe('请求失败（418）');
    expect(statusText(418, undefined, 'en')).toBe('request failed (418)');
  });

  it('says why no answer came, and nothing for a call the app cancelled', () => {
    expect(statusText(0, 'ECONNABORTED', 'zh')).toBe('请求超时，请稍后重试');
    expect(statusText(0, 'ERR_NETWORK', 'zh')).toBe('无法连接服务器，请检查网络');
    expect(statusText(0, 'ECONNRESET', 'en')).toBe('The server cannot be reached; check the connection');
    expect(statusText(0, 'ERR_CANCELED', 'zh')).toBeUndefined();
  });
});

describe('the app client on a Chinese page', () => {
  const adapter = http.defaults.adapter;
  let disconnect: () => void;
  // the app answers the client's questions (the language among them) once main.tsx connects it
  beforeEach(() => {
    disconnect = connectHttp();
  });
  afterEach(() => {
    disconnect();
    http.defaults.adapter = adapter;
    useLanguageStore.getState().setLang('zh');
  });

  it('rejects a bare 500 as 服务器内部错误 and a bare 401 as 未授权, and in English on an English page', async () => {
    useLanguageStore.getState().setLang('zh');
    http.defaults.adapter = bare(500);
    await expect(http.get('/api/sys/dashboard', { silent: true })).rejects.toThrow('服务器内部错误');
    http.defaults.adapter = bare(401);
    await expect(http.get('/api/sys/dashboard', { silent: true })).rejects.toThrow('未授权');
    useLanguageStore.getState().setLang('en');
    http.defaults.adapter = bare(500);
    await expect(http.get('/api/sys/dashboard', { silent: true })).rejects.toThrow('internal server error');
  });
});
