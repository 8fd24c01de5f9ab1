import { format } from 'node:util';
import { afterAll, afterEach, beforeEach, inject } from 'vitest';
import { installCommitHook } from './fixtures/reactCommits.ts';

// before anything loads react-dom, which looks for the hook as it loads (fixtures/reactCommits.ts)
installCommitHook();

// A console.error or console.warn during a test is a problem someone has to see (a React act or
// key warning, a query that resolved to undefined, an antd deprecation): it fails the test that
// produced it, with the messages, instead of scrolling past in the output. The console still
// prints them. Messages logged outside any test (a file's beforeAll, a stray timer after the last
// test) fail the file in afterAll. Tests that expect an error check it through the code that
// reports it (a rejected promise, a message on screen), never by logging it.
// Registered before anything else so that, hooks running in reverse order after a test, this
// check comes last: after Testing Library's cleanup has unmounted the test's components.
const consoleProblems: string[] = [];
for (const level of ['error', 'warn'] as const) {
  const print = console[level].bind(console);
  console[level] = (...args: unknown[]) => {
    consoleProblems.push(`console.${level}: ${format(...args)}`);
    print(...args);
  };
}

function failOnConsoleProblems(when: string): void {
  if (consoleProblems.length === 0) return;
  const messages = consoleProblems.splice(0);
  throw new Error(`${messages.length} console message(s) ${when}:\n\n${messages.join('\n\n')}`);
}

// a message logged between tests (by a beforeAll, or a timer the previous test left running) fails
// the next test, whose error says it came before the test started
beforeEach(() => failOnConsoleProblems('before this test started'));
afterEach(() => failOnConsoleProblems('during this test'));
afterAll(() => failOnConsoleProblems('outside any test of this file'));

// Work React has queued in its scheduler when a file's last test ends (a transition started
// outside act, a render the static API's dialogs left) would run after the test environment is
// torn down, where React finds no window: an uncaught error, blamed on whichever file runs next
// in the worker. A file therefore ends once the scheduler has run everything above idle priority.
// (Registered before the files' own hooks, so it runs after theirs.)
afterAll(async () => {
  if (typeof window === 'undefined') return;
  // react-dom's own scheduler (a dependency of react-dom; no types of its own)
  // @ts-expect-error: the package ships no type declarations
  const scheduler = (await import('scheduler')) as {
    unstable_scheduleCallback(priority: number, callback: () => void): unknown;
    unstable_IdlePriority: number;
  };
  await new Promise<void>((resolve) =>
    scheduler.unstable_scheduleCallback(scheduler.unstable_IdlePriority, () => resolve()),
  );
});

// antd needs browser APIs that jsdom lacks; guarded so node-environment test files load this too.
if (typeof window !== 'undefined') {
  window.matchMedia ??= ((q: string) => ({
    matches: false,
    media: q,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  (globalThis as { ResizeObserver?: unknown }).ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  // jsdom has no layout, so Range lacks the rectangle methods; the rich-text editor asks for them
  // when it scrolls its selection into view, which an unhandled error would otherwise end.
  const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects ??= noRects;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect(0, 0, 0, 0);
  const gcs = window.getComputedStyle.bind(window);
  window.getComputedStyle = ((el: Element) => gcs(el)) as typeof window.getComputedStyle;
}

// jsdom 29 resolves a custom property declared `inherit` (antd's `--ant-button-only-icon-size`,
// its -sm and -lg, `--ant-date-picker-affix-color`) by walking every ancestor, and for each one
// walks the ancestors above it again while the value found is empty: 2^depth reads
// (github.com/jsdom/jsdom/issues/4330; fixed in jsdom 30, which needs Node 22). A cached
// element's computed style reads all its properties, so one getComputedStyle of a button deep in
// a drawer took seconds to minutes, and Testing Library's role queries call it for every
// candidate: a suite hung on it once. A value at the root ends each walk at the first ancestor.
// The names are read from antd's own stylesheet (tests/globalSetup.ts, once a run), so a new one
// is covered; nothing reads them in a test.
if (typeof window !== 'undefined') {
  const rootValues = document.createElement('style');
  rootValues.dataset.test = 'jsdom-inherited-custom-properties';
  rootValues.textContent = `:root { ${inject('antdInheritedProperties')
    .map((name) => `${name}: 0;`)
    .join(' ')} }`;
  document.head.append(rootValues);
}

// Testing Library's waits give up after 1 s by default: on a shared two-core machine a sign-in
// (profile, routes, manifest, the page's code) takes longer, and the wait failed while the app
// was still on its way. The tests wait for what they mean (an element, a route); this is only
// the ceiling for one that never comes, half the test timeout (vitest.config.ts) so that the
// wait's own message, naming what it waited for, is the one reported. No test sets its own.
if (typeof window !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 60_000 });
}
