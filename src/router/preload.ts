// A signed-in page is drawn once, whole: the profile and the route table (fetched side by side),
// and meanwhile the shell's code, the page's code, antd's Chinese texts and the manifest the
// pages are made from. Drawing the shell before its parts are here would show a loading fallback
// first, and React then holds the page back for up to 300 ms after it (docs/benchmarks.md).

import { dashboardQuery } from '../api/dashboard.ts';
import { http } from '../api/http.ts';
import { afterNextFrame, frameByFrame } from '../app/afterNextFrame.ts';
import { codeFiles, compileAhead } from '../app/compileAhead.ts';
import { manifestQuery, prefetchManifest } from '../app/manifest.ts';
import { queryClient } from '../app/queryClient.ts';
import { loadBarChart } from '../components/dashboard/loadBarChart.ts';
import { HOME_PATH } from '../config.ts';
import { loadChineseLocale } from '../i18n/useAntdLocale.ts';
import { restoreSession } from '../session/restoreSession.ts';
import { useLanguageStore } from '../stores/language.ts';
import { usePermissionStore } from '../stores/permission.ts';
import { useSessionStore } from '../stores/session.ts';
import { listResourceName } from './listRoute.ts';
import { findRouteTrail } from './trail.ts';
import type { AppRoute } from './types.ts';
import { preloadView, SHELL_CODE, ShellLayout, viewCode } from './views.tsx';

/** The code asked for so far, by name ('shell', 'locale', a view's component): asked again, it is at hand. */
const askedCode = new Set<string>();

function askCode(name: string, ask: () => Promise<unknown>): Promise<unknown> {
  askedCode.add(name);
  return ask();
}

/**
 * How a page's parts are asked for. After a sign-in, 'at once': the code comes from the network,
 * and the browser compiles it as it streams in, beside the page. On a reload, 'frame by frame', a
 * task each with a frame between them: the browser holds the code in its memory cache and
 * compiles a chunk there and then, in the task that asks for it (20-40 ms for the shell's or the
 * list page's on the machines of docs/benchmarks.md, "Tree tables"), and evaluates it in a task
 * soon after; where the build names a chunk's files, it is compiled a frame before it is evaluated.
 */
export type Pace = 'at once' | 'frame by frame';

/**
 * The steps that ask for a piece of code (`name`, fetched by `ask`). On a reload ('frame by
 * frame'), code whose files the build names (`files`, src/app/compileAhead.ts) takes two: its
 * files compiled, then, a frame after they are, the import that evaluates them; the next step
 * waits for the evaluation, which the browser runs in a task after the import's, or it could
 * share a frame with it. A failed import is left to the page, which shows the view's error.
 */
function codeSteps(
  name: string,
  files: readonly string[],
  ask: () => Promise<unknown>,
  pace: Pace,
): Array<() => unknown> {
  if (pace !== 'frame by frame' || files.length === 0) return [() => void askCode(name, ask)];
  return [() => compileAhead(files), () => askCode(name, ask).catch(() => undefined)];
}

/** The files the build names for a view's code, or for the shell's with no view. */
const filesOf = (component?: string) => {
  const code = component === undefined ? SHELL_CODE : viewCode(component);
  return code === undefined ? [] : codeFiles(code);
};

/**
 * What a sign-in, or a reload with a session, can start before the route table is back: the
 * manifest the pages inside the shell are made from, the shell's code, the page's when it is one
 * of the constant routes, antd's Chinese texts, and for the home page its figures (its calendar's
 * month among them) and its chart's code, none of which needs the table. Called once the
 * session's profile and route table are asked for (restoreSession), so those calls go first: a
 * browser opens six connections to a host, and the code would fill them.
 */
export function preloadSignedInPage(pathname: string, pace: Pace = 'at once'): Promise<void> {
  // a page the app knows before the route table is back (the home page, the personal centre)
  const page = findRouteTrail(usePermissionStore.getState().routes, pathname).at(-1);
  const steps: Array<() => unknown> = [
    prefetchManifest,
    ...codeSteps('shell', filesOf(), () => ShellLayout.preload(), pace),
    ...(page
      ? codeSteps(page.component, filesOf(page.component), () => preloadView(page.component), pace)
      : []),
    () => {
      if (useLanguageStore.getState().lang === 'zh') void askCode('locale', loadChineseLocale);
      // (not for a user held on the password page, to whom the server refuses the figures)
      if (pathname === HOME_PATH && !useSessionStore.getState().firstlogin) {
        void queryClient.prefetchQuery(dashboardQuery);
        // the figures bring the calendar's month along
        void loadBarChart();
      }
    },
  ];
  // a session that ended meanwhile (a reload's revoked token, a sign-out) asks for nothing more:
  // the server would refuse the calls, each with a toast, and a later session asks for its own
  const session = useSessionStore.getState().token;
  const whileSignedIn = steps.map(
    (step) => () => (session && useSessionStore.getState().token === session ? step() : undefined),
  );
  return inPace(whileSignedIn, pace);
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
  const chinese = useLanguageStore.getState().lang === 'zh';
  // A list page's first read once the shell's code, which asks for it, and the manifest are here:
  // beside the page's code, which comes after the shell's (src/layout/ListFirstRead.tsx).
  // Imported only then, so as not to link the shell's code at once, out of its pace; the page's
  // query takes the answer over, and nothing waits for it.
  const firstRead = (shell: Promise<unknown>) => {
    if (page && listResourceName(page.component) !== undefined) {
      void Promise.all([
        shell.then(() => import('../layout/ListFirstRead.tsx')),
        queryClient.ensureQueryData(manifestQuery),
      ])
        .then(([{ firstReadOf }, { resources }]) => {
          const read = firstReadOf(http, resources, page.component, searchOf(target), queryClient);
          if (read) void queryClient.prefetchQuery(read);
        })
        // the page reads its rows itself, and a manifest that fails is the gate's to show
        .catch(() => undefined);
    }
    return shell;
  };
  // each asked for again: what preloadSignedInPage has asked for already is at hand
  // `files`: the code's files where the build names them, which a reload compiles a frame ahead
  const parts: Array<{ code?: string; files?: string[]; ask: () => unknown }> = [
    { ask: () => inShell && queryClient.ensureQueryData(manifestQuery) },
    {
      code: inShell ? 'shell' : undefined,
      files: filesOf(),
      ask: () => inShell && firstRead(askCode('shell', () => ShellLayout.preload())),
    },
    {
      code: page?.component,
      files: page && filesOf(page.component),
      ask: () => page && askCode(page.component, () => preloadView(page.component)),
    },
    { code: chinese ? 'locale' : undefined, ask: () => chinese && askCode('locale', loadChineseLocale) },
  ];
  // on a reload, the code not asked for yet is asked for a frame apart, from the frame after the
  // route list's arrival (see Pace), its files compiled a frame before where the build names
  // them; the rest at once
  const later = parts.filter(
    (part) => pace === 'frame by frame' && part.code !== undefined && !askedCode.has(part.code),
  );
  // each settled as it is asked for: a part that fails is left to the page (a retry in the
  // manifest gate, an error in the view), not an unhandled rejection while the next waits a frame
  const arriving = parts
    .filter((part) => !later.includes(part))
    .map((part) => Promise.allSettled([part.ask()]));
  if (later.length > 0) {
    await afterNextFrame();
    await frameByFrame(
      later.flatMap((part) => [
        ...(part.files?.length ? [() => compileAhead(part.files ?? [])] : []),
        () => {
          const settled = Promise.allSettled([part.ask()]);
          arriving.push(settled);
          // compiled ahead, the code is evaluated in a task of its own before the next step
          // (codeSteps)
          return part.files?.length ? settled : undefined;
        },
      ]),
    );
  }
  await Promise.all(arriving);
}

/** The query part of a target ('/sys/users?page=2' → '?page=2'). */
function searchOf(target: string): string {
  const query = target.indexOf('?');
  return query < 0 ? '' : target.slice(query).split('#', 1)[0];
}

/** Runs the steps in the one task, or a task each with a frame between them. */
function inPace(steps: ReadonlyArray<() => unknown>, pace: Pace): Promise<void> {
  if (pace === 'frame by frame') return frameByFrame(steps);
  for (const step of steps) step();
  return Promise.resolve();
}

let resuming: Promise<void> | undefined;

/**
 * A reload with a session: the profile and the route table, then what the page at `target` (a
 * path, perhaps with a query) needs. Called before React's first render (main.tsx) and again by
 * the route guard, which then finds it under way. A failure ends the session: the guard sends the
 * user to sign in. Gives the resume it started, or undefined when one is under way or there is no
 * session to resume.
 */
export function resumeSession(target: string): Promise<void> | undefined {
  // a resume that failed before the guard's first render has already ended the session: the
  // guard's call then finds no token and asks nothing (no profile of user '' to be refused)
  if (resuming || !useSessionStore.getState().token) return undefined;
  // the table is drawn a transition after it arrives (shownTable.ts): a guard still drawn under
  // the old one finds the session already resumed
  if (usePermissionStore.getState().generated) return undefined;
  resuming = restoreSession((routes) => prepareSignedInPage(routes, target, 'frame by frame'))
    .catch(() => useSessionStore.getState().resetToken())
    .finally(() => {
      resuming = undefined;
    });
  return resuming;
}

/**
 * The resume and, when it starts one, what the page at `target` (a path, perhaps with a query)
 * needs beside it: the calls first, as a browser opens six connections to a host and the code
 * fetches would fill them.
 */
export function resumeSignedInPage(target: string): Promise<void> | undefined {
  const started = resumeSession(target);
  if (started) void preloadSignedInPage(target.split(/[?#]/, 1)[0], 'frame by frame');
  return started;
}
