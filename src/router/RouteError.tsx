// What the app shows when drawing a page threw, in place of React Router's developer page. Most
// often the page's code could not be fetched: the network dropped, or a new version of the app
// replaced the files this tab was loaded with (their names carry a hash of their content). A
// reload of the document cures both, so that is what the page offers. It is part of the entry,
// in plain markup: antd's code may be what failed to arrive, and the sign-in page loads none.
import { useRouteError } from 'react-router-dom';
import { useT } from '../i18n/useT.ts';

// Chromium, Firefox and Safari's words for an `import()` whose file did not arrive
const LOAD_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/;

/** Whether `error` says that a chunk of the app's code, or its styles, could not be fetched. */
export function isLoadFailure(error: unknown): boolean {
  return error instanceof Error && LOAD_FAILURE.test(error.message);
}

export function RouteError() {
  const error = useRouteError();
  const t = useT();
  const loading = isLoadFailure(error);
  return (
    <div className="route-error" role="alert">
      <h1>{t(loading ? 'loadFailedTitle' : 'pageFailedTitle')}</h1>
      <p>{t(loading ? 'loadFailedText' : 'pageFailedText')}</p>
      <button type="button" onClick={() => window.location.reload()}>
        {t('reloadPage')}
      </button>
    </div>
  );
}
