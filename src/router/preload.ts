// A signed-in page is drawn once, whole: the profile and the route table (fetched side by side),
// and meanwhile the shell's code, the page's code, antd's Chinese texts and the manifest the
// pages are made from. Drawing the shell before its parts are here would show a loading fallback
// first, and React then holds the page back for up to 300 ms after it (docs/benchmarks.md).

import { dashboardQuery } from '../api/dashboard.ts';
import { manifestQuery } from '../app/manifest.ts';
import { queryClient } from '../app/queryClient.ts';
import { loadBarChart } from '../components/dashboard/loadBarChart.ts';
import { HOME_PATH } from '../config.ts';
import { loadChineseLocale } from '../i18n/useAntdLocale.ts';
import { restoreSession } from '../session/restoreSession.ts';
import { useLanguageStore } from '../stores/language.ts';
import { usePermissionStore } from '../stores/permission.ts';
import { useSessionStore } from '../stores/session.ts';
import { findRouteTrail } from './trail.ts';
import type { AppRoute } from './types.ts';
import { preloadView, ShellLayout } from './views.tsx';

/**
 * What a sign-in, or a reload with a session, can start before the route table is back: the
 * shell's code, the page's when it is one of the constant routes, antd's Chinese texts, and for the
 * home page its figures (its calendar's month among them) and its chart's code, none of which
 * needs the table. Called once the session's profile and route table are asked for (restoreSession), so
 * those calls go first: a browser opens six connections to a host, and the code would fill them.
 */
export function preloadSignedInPage(pathname: string): void {
  void ShellLayout.preload();
  // a page the app knows before the route table is back (the home page, the personal centre)
  const page = findRouteTrail(usePermissionStore.getState().routes, pathname).at(-1);
  if (page) void preloadView(page.component);
  if (useLanguageStore.getState().lang === 'zh') void loadChineseLocale();
  // (not for a user held on the password page, to whom the server refuses the figures)
  if (pathname === HOME_PATH && !useSessionStore.getState().firstlogin) {
    void queryClient.prefetchQuery(dashboardQuery);
    // the figures bring the calendar's month along
    void loadBarChart();
  }
}

/**
 * Resolves once what the page at `target` (a path, perhaps with a query) needs for its first
 * render is here, given the route table about to be shown. A part that fails to arrive is left
 * to the page: the manifest gate offers a retry, a view that cannot load shows its error.
 */
export async function prepareSignedInPage(routes: readonly AppRoute[], target: string): Promise<void> {
  const pathname = target.split(/[?#]/, 1)[0];
  const trail = findRouteTrail(routes, pathname);
  const page = trail.at(-1);
  const inShell = trail[0]?.component === 'Layout';
  await Promise.allSettled([
    inShell && ShellLayout.preload(),
    inShell && queryClient.ensureQueryData(manifestQuery),
    page && preloadView(page.component),
    useLanguageStore.getState().lang === 'zh' && loadChineseLocale(),
  ]);
}

let resuming: Promise<void> | undefined;

/**
 * A reload with a session: the profile and the route table, and beside them what the page at
 * `pathname` needs. Called before React's first render and again by the route guard, which then
 * finds it under way. A failure ends the session: the guard sends the user to sign in. Gives the
 * resume it started, or undefined when one is under way or there is no session to resume.
 */
export function resumeSignedInPage(pathname: string): Promise<void> | undefined {
  // a resume that failed before the guard's first render has already ended the session: the
  // guard's call then finds no token and asks nothing (no profile of user '' to be refused)
  if (resuming || !useSessionStore.getState().token) return undefined;
  // the table is drawn a transition after it arrives (shownTable.ts): a guard still drawn under
  // the old one finds the session already resumed
  if (usePermissionStore.getState().generated) return undefined;
  // the calls first: a browser opens six connections to a host, and the code fetches would fill them
  resuming = restoreSession((routes) => prepareSignedInPage(routes, pathname))
    .catch(() => useSessionStore.getState().resetToken())
    .finally(() => {
      resuming = undefined;
    });
  preloadSignedInPage(pathname);
  return resuming;
}
