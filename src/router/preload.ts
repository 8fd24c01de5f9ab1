// A signed-in page is drawn once, whole: the profile and the route table (fetched side by side),
// and meanwhile the shell's code, the page's code, antd's Chinese texts and the manifest the
// pages are made from. Drawing the shell before its parts are here would show a loading fallback
// first, and React then holds the page back for up to 300 ms after it (docs/benchmarks.md).

import { dashboardQuery } from '../api/dashboard.ts';
import { afterNextFrame, frameByFrame } from '../app/afterNextFrame.ts';
import { manifestQuery, prefetchManifest } from '../app/manifest.ts';
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
 * How a page's parts are asked for. After a sign-in, 'at once': the code comes from the network,
 * and the browser compiles it as it streams in, beside the page. On a reload, 'frame by frame', a
 * task each with a frame between them: the browser holds the code in its memory cache and
 * compiles a chunk there and then, in the task that asks for it (20-40 ms for the shell's or the
 * list page's on the machines of docs/benchmarks.md, "Tree tables").
 */
export type Pace = 'at once' | 'frame by frame';

/**
 * What a sign-in, or a reload with a session, can start before the route table is back: the
 * manifest the pages inside the shell are made from, the shell's code, the page's when it is one of the constant routes, antd's Chinese texts, and for the
 * home page its figures (its calendar's month among them) and its chart's code, none of which
 * needs the table. Called once the session's profile and route table are asked for (restoreSession), so
 * those calls go first: a browser opens six connections to a host, and the code would fill them.
 */
export function preloadSignedInPage(pathname: string, pace: Pace = 'at once'): Promise<void> {
  // a page the app knows before the route table is back (the home page, the personal centre)
  const page = findRouteTrail(usePermissionStore.getState().routes, pathname).at(-1);
  const steps = [
    prefetchManifest,
    () => void ShellLayout.preload(),
    ...(page ? [() => void preloadView(page.component)] : []),
    () => {
      if (useLanguageStore.getState().lang === 'zh') void loadChineseLocale();
      // (not for a user held on the password page, to whom the server refuses the figures)
      if (pathname === HOME_PATH && !useSessionStore.getState().firstlogin) {
        void queryClient.prefetchQuery(dashboardQuery);
        // the figures bring the calendar's month along
        void loadBarChart();
      }
    },
  ];
  // a session that ended meanwhile (a reload's revoked token) asks for nothing more: the server
  // would refuse the calls, each with a toast
  const whileSignedIn = steps.map((step) => () => {
    if (useSessionStore.getState().token) step();
  });
  if (pace === 'frame by frame') return frameByFrame(whileSignedIn);
  for (const step of whileSignedIn) step();
  return Promise.resolve();
}

/**
 * Resolves once what the page at `target` (a path, perhaps with a query) needs for its first
 * render is here, given the route table about to be shown. A part that fails to arrive is left
 * to the page: the manifest gate offers a retry, a view that cannot load shows its error.
 */
export async function prepareSignedInPage(
  routes: readonly AppRoute[],
  target: string,
  pace: Pace = 'at once',
): Promise<void> {
  const pathname = target.split(/[?#]/, 1)[0];
  const trail = findRouteTrail(routes, pathname);
  const page = trail.at(-1);
  const inShell = trail[0]?.component === 'Layout';
  await Promise.allSettled([
    inShell && ShellLayout.preload(),
    inShell && queryClient.ensureQueryData(manifestQuery),
    useLanguageStore.getState().lang === 'zh' && loadChineseLocale(),
    // on a reload, a frame later, in a task apart from the route list's arrival (see Pace)
    page &&
      (pace === 'frame by frame' ? afterNextFrame() : Promise.resolve()).then(() =>
        preloadView(page.component),
      ),
  ]);
}

let resuming: Promise<void> | undefined;

/**
 * A reload with a session: the profile and the route table. Called before React's first render
 * (main.tsx) and again by the route guard, which then finds it under way. A failure ends the
 * session: the guard sends the user to sign in. Gives the resume it started, or undefined when one
 * is under way or there is no session to resume.
 */
export function resumeSession(pathname: string): Promise<void> | undefined {
  // a resume that failed before the guard's first render has already ended the session: the
  // guard's call then finds no token and asks nothing (no profile of user '' to be refused)
  if (resuming || !useSessionStore.getState().token) return undefined;
  // the table is drawn a transition after it arrives (shownTable.ts): a guard still drawn under
  // the old one finds the session already resumed
  if (usePermissionStore.getState().generated) return undefined;
  resuming = restoreSession((routes) => prepareSignedInPage(routes, pathname, 'frame by frame'))
    .catch(() => useSessionStore.getState().resetToken())
    .finally(() => {
      resuming = undefined;
    });
  return resuming;
}

/**
 * The resume and, when it starts one, what the page at `pathname` needs beside it: the calls
 * first, as a browser opens six connections to a host and the code fetches would fill them.
 */
export function resumeSignedInPage(pathname: string): Promise<void> | undefined {
  const started = resumeSession(pathname);
  if (started) void preloadSignedInPage(pathname, 'frame by frame');
  return started;
}
