// antd's own texts (pagination, pickers, empty states) in the language shown. English is built
// into antd; the Chinese texts are fetched when first needed, so the sign-in page does not carry
// them (docs/benchmarks.md). A reload with a session starts the fetch beside the profile and the
// route list (router/preload.ts), so the shell's first render already has them.

import type { Locale } from 'antd/es/locale';
import { useEffect, useState } from 'react';
import type { Lang } from '../../runtime/schema/types.ts';

let chineseLocale: Locale | undefined;
let loadingChinese: Promise<Locale> | undefined;

/** Fetches antd's Chinese texts once. */
export function loadChineseLocale(): Promise<Locale> {
  loadingChinese ??= import('antd/locale/zh_CN').then((module) => {
    chineseLocale = module.default;
    return chineseLocale;
  });
  return loadingChinese;
}

/** undefined means antd's built-in English. */
export function useAntdLocale(lang: Lang): Locale | undefined {
  const [chinese, setChinese] = useState<Locale | undefined>(() => chineseLocale);
  useEffect(() => {
    if (lang !== 'zh' || chinese) return;
    let current = true;
    loadChineseLocale().then((locale) => {
      if (current) setChinese(locale);
    });
    return () => {
      current = false;
    };
  }, [lang, chinese]);
  return lang === 'zh' ? chinese : undefined;
}
