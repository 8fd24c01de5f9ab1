// The language the command speaks when --lang does not say: the locale's, as POSIX reads it
// (LC_ALL, then LC_MESSAGES, then LANG; the first that is set wins). Like the app, which speaks
// Chinese unless English is asked for, an unset locale means Chinese; a set one means Chinese
// when it names Chinese (zh_CN.UTF-8, zh_TW) and English otherwise (en_US, C, POSIX).
import type { Lang } from '../runtime/schema/types.ts';

export const LANGS: readonly Lang[] = ['zh', 'en'];

export function localeLang(env: NodeJS.ProcessEnv): Lang {
  const locale = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((v) => v !== undefined && v !== '');
  if (locale === undefined) return 'zh';
  return /^zh([_.@-]|$)/i.test(locale) ? 'zh' : 'en';
}
