// antd's theme (the settings' colours, dark mode) and locale, for the pages built with antd: the
// shell and the pages outside it that use antd (404, licence). The sign-in page is plain HTML and
// does not load antd at all (docs/benchmarks.md, "Bundle").

import { ConfigProvider } from 'antd';
import 'antd/dist/antd.css';
import type { ReactNode } from 'react';
import { useAntdLocale } from '../i18n/useAntdLocale.ts';
import { useLanguageStore } from '../stores/language.ts';
import { styleNonce } from './cspNonce.ts';
import { useAppTheme } from './useAppTheme.ts';

export interface AntdProviderProps {
  children: ReactNode;
}

const CSP = { nonce: styleNonce };

export function AntdProvider({ children }: AntdProviderProps) {
  const lang = useLanguageStore((s) => s.lang);
  const locale = useAntdLocale(lang);
  const theme = useAppTheme();
  return (
    // antd's styles carry the page's nonce, which the Content-Security-Policy asks of every style element
    <ConfigProvider locale={locale} theme={theme} csp={CSP}>
      {children}
    </ConfigProvider>
  );
}
