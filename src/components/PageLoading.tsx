// Shown while a page's code or the session loads. Drawn with CSS (layout.css) rather than antd's
// Spin: it is the first thing every page shows, before antd is loaded.

import { useT } from '../i18n/useT.ts';

export interface PageLoadingProps {
  /** cover the whole window (before the shell exists) rather than the content area */
  fullscreen?: boolean;
}

export function PageLoading({ fullscreen = false }: PageLoadingProps) {
  const t = useT();
  return (
    <div className={fullscreen ? 'page-loading page-loading-fullscreen' : 'page-loading'} role="status">
      <span className="page-loading-spinner" aria-hidden="true" />
      <span className="page-loading-text">{t('loading')}</span>
    </div>
  );
}
