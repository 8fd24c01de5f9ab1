// antd's theme (the settings' colours, dark mode) and locale, for the pages built with antd: the
// shell and the pages outside it that use antd (404, licence). The sign-in page is plain HTML and
// does not load antd at all (docs/benchmarks.md, "Bundle").

import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { useAntdLocale } from '../i18n/useAntdLocale.ts';
import { useLanguageStore } from '../stores/language.ts';
import { useAppTheme } from './useAppTheme.ts';

export interface AntdProviderProps {
  children: ReactNode;
}

export function AntdProvider({ children }: AntdProviderProps) {
  const lang = useLanguageStore((s) => s.lang);
  const locale = useAntdLocale(lang);
  const theme = useAppTheme();
  return (
    <ConfigProvider locale={locale} theme={theme}>
      {children}
    </ConfigProvider>
  );
}
