// antd's own texts (pagination, pickers, empty states) in the language shown. English is built
// into antd; the Chinese texts are fetched when first needed, so the sign-in page does not carry
// them (docs/benchmarks.md).

import type { Locale } from 'antd/es/locale';
import { useEffect, useState } from 'react';
import type { Lang } from '../../runtime/schema/types.ts';

/** undefined means antd's built-in English. */
export function useAntdLocale(lang: Lang): Locale | undefined {
  const [chinese, setChinese] = useState<Locale>();
  useEffect(() => {
    if (lang !== 'zh' || chinese) return;
    let current = true;
    import('antd/locale/zh_CN').then((module) => {
      if (current) setChinese(module.default);
    });
    return () => {
      current = false;
    };
  }, [lang, chinese]);
  return lang === 'zh' ? chinese : undefined;
}
