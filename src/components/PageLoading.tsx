// Shown while a page's code or the session loads. Drawn with CSS (layout.css) rather than antd's
// Spin: it is the first thing every page shows, before antd is loaded.

import { useT } from '../i18n/useT.ts';

export interface PageLoadingProps {
  /** cover the whole window (before the shell exists) rather than the content area */
  fullscreen?: boolean;
  /** shown only once the wait has lasted a moment (layout.css): a page drawn a frame later shows no flash of it */
  delayed?: boolean;
}

export function PageLoading({ fullscreen = false, delayed = false }: PageLoadingProps) {
  const t = useT();
  const classes = [
    'page-loading',
    fullscreen && 'page-loading-fullscreen',
    delayed && 'page-loading-delayed',
  ];
  return (
    <div className={classes.filter(Boolean).join(' ')} role="status">
      <span className="page-loading-spinner" aria-hidden="true" />
      <span className="page-loading-text">{t('loading')}</span>
    </div>
  );
}
