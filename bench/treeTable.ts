// The content categories page over 10,000 categories (docs/benchmarks.md, "Tree tables"): the
// server started as the browser suite starts it (a fresh data directory, the built page), the
// categories made with one SQL statement, ten roots of which the first holds 5,000 children;
// then Debian's Chromium opens the page (from the menu, on a reload, and on a later reload whose
// code Chromium has cached), opens that level, reads it to its end through its
// "load more" row, scrolls it from top to bottom, and turns a mouse wheel over it from the top;
// then the content form's category picker over the same tree: it opens, opens that level, reads it
// to its end (fifty entries a read) and is scrolled with a mouse wheel; then the category tree
// beside the home-page blocks: it opens, opens that level, reads nine more hundreds through its
// "load more" entry and is scrolled with a mouse wheel.
// Frames are recorded with the `long-animation-frame` PerformanceObserver (a frame of 50 ms or
// more) and, while scrolling, the gaps between animation frames. The goal: no frame over 50 ms.
//
// The bench's own thread runs at the lowest priority once the server and the browser have started,
// so its driving of the page waits for a core where the page would have.
//
// Wall-clock frames count other people's work on a shared machine, so the scroll also reports
// figures that load leaves alone: the main thread's CPU time (Chromium's own counters, in thread
// time) and the React components rendered, each per frame. The renders are counted through the
// hook React offers its developer tools (installed before the page's scripts): after each commit
// it walks the parts of the tree that were worked on and counts the components that rendered.
//
//   npm run bench:treetable        (builds the page first; `npx tsx bench/treeTable.ts` reuses dist/)
//   npx tsx bench/treeTable.ts --profile DIR   (also writes CPU profiles of the page opening, the
//                                              level opening, the "load more" clicks, the scroll, the
//                                              table's wheel and the picker's reads and wheel to DIR,
//                                              for bench/profileTop.ts)
//   npx tsx bench/treeTable.ts --trace DIR     (also writes Chromium traces of the same phases to DIR,
//                                              and prints the main thread's style, layout and paint
//                                              time in each, what its longest task ran, the chunks
//                                              it compiled, the scripts V8 parsed again to
//                                              find a line in them, and each frame of 50 ms or
//                                              more with the collector's pauses in it)
//   npx tsx bench/treeTable.ts --frames        (also prints what each frame over 50 ms was made of:
//                                              its tasks, rendering, style and layout, and the
//                                              scripts that ran in it, by what started them)
//   npx tsx bench/treeTable.ts --heap DIR      (also writes sampled allocation profiles of the same
//                                              phases to DIR, every allocation counted, the ones the
//                                              garbage collector has taken back too, and prints what
//                                              allocated most in each: the work behind its pauses)
//   npx tsx bench/treeTable.ts --slowdown 3    (the page's main thread run 3 times slower, as
//                                              Chromium emulates a slower machine)
//   npx tsx bench/treeTable.ts --width 1920    (a window of that width, 1366 px unless given: at
//                                              1920 the categories' columns fit beside the side
//                                              menu, and the table does not scroll sideways)
//   npx tsx bench/treeTable.ts --rows 1000     (that many categories, 10,000 unless given, half of
//                                              them in the first root's level: what a smaller tree
//                                              costs beside the same steps, to tell the frames that
//                                              grow with the tree from those of the app's start)
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Locator, type Page } from 'playwright-core';
import { startServerProcess } from '../tests/e2e/serverProcess.ts';
import { makeCategoryTree } from './categoryTree.ts';
import { inDocument, inDocumentNow } from './inDocument.ts';
import { lowerOwnPriority } from './lowPriority.ts';
import { categoriesMenuEntry } from './sideMenu.ts';
import { signedInPage } from './signedInPage.ts';
import { renderingWork, TRACE_CATEGORIES, type TraceFile } from './traceFrames.ts';

const { values } = parseArgs({
  options: {
    profile: { type: 'string' },
    trace: { type: 'string' },
    heap: { type: 'string' },
    frames: { type: 'boolean' },
    slowdown: { type: 'string' },
    width: { type: 'string', default: '1366' },
    rows: { type: 'string', default: '10000' },
  },
});
/** the categories made; their names carry five digits */
const ROWS = Number(values.rows);
if (!(Number.isInteger(ROWS / 100) && ROWS >= 200 && ROWS <= 99_900))
  throw new Error(`--rows takes a multiple of 100 from 200 to 99900, not ${values.rows}`);
/** the first root's level: half the categories, read fifty at a time in the picker */
const BIG = ROWS / 2;
const GOAL_MS = 50;
/** the `i`th category bench/categoryTree.ts makes, by its name */
const categoryName = (i: number) => `大树${String(i).padStart(5, '0')}`;

interface Frames {
  /** long animation frames (≥ 50 ms): their durations */
  long: number[];
  /** of the frames over the goal, those that kept input waiting: a frame's blocking duration is
   * the time its tasks of 50 ms or more (the longest with the frame's rendering) ran past 50 ms,
   * so a frame made of short tasks, which React's slices of a render are, blocks nothing */
  blocking: number;
  /** what each frame over the goal was made of, as `--frames` prints it */
  parts: string[];
}

/** A long animation frame as the page records it: its times, and the scripts that ran in it. */
interface FrameEntry {
  start: number;
  duration: number;
  /** its tasks: from the frame's start to its rendering */
  work: number;
  /** its rendering before style and layout (animation-frame callbacks) */
  render: number;
  /** its style and layout, to the frame's end */
  styleAndLayout: number;
  /** how long it kept input waiting (the entry's `blockingDuration`) */
  blocking: number;
  scripts: Array<{ invoker: string; source: string; duration: number; forced: number }>;
}

declare global {
  interface Window {
    __frameEntries: FrameEntry[];
    /** when the document's first content was painted (page time), once it has been */
    __firstPaint?: number;
    /** components rendered, and of them the table's body rows (antd hands those `data-row-key`) */
    __renders: { components: number; rows: number; commits: number };
  }
}

/**
 * Counts React renders (an init script; a string, as tsx would wrap the named functions inside in
 * a helper the page does not have): React hands each commit to a developer-tools hook when one is
 * there. A component rendered when its fiber is new or carries React's "performed work" flag (1);
 * a subtree whose child list is the one of the previous commit was not worked on. Components are
 * fibers of tags 0, 1, 11 and 15 (function, class, forwardRef, simple memo).
 */
const countRenders = `(() => {
  const counts = { components: 0, rows: 0, commits: 0 };
  window.__renders = counts;
  const COMPONENT = new Set([0, 1, 11, 15]);
  const walk = (next, previous) => {
    if (COMPONENT.has(next.tag) && (previous === null || (next.flags & 1) !== 0)) {
      counts.components++;
      if (next.memoizedProps && next.memoizedProps['data-row-key'] !== undefined) counts.rows++;
    }
    if (previous !== null && next.child === previous.child) return;
    for (let child = next.child; child; child = child.sibling)
      walk(child, previous === null ? null : child.alternate);
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => {},
    onCommitFiberUnmount: () => {},
    onCommitFiberRoot: (_id, root) => {
      counts.commits++;
      walk(root.current, root.current.alternate);
    },
  };
})()`;

/** Collects every long animation frame from the page's start (an init script). */
function observeFrames() {
  window.__frameEntries = [];
  const kinds = PerformanceObserver.supportedEntryTypes;
  const type = kinds.includes('long-animation-frame') ? 'long-animation-frame' : 'longtask';
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      // a long animation frame says when its rendering and its style and layout began, and what
      // scripts ran in it (a long task, where that type is missing, says none of it)
      const frame = entry as PerformanceEntry & {
        renderStart?: number;
        blockingDuration?: number;
        styleAndLayoutStart?: number;
        scripts?: Array<{
          invoker: string;
          sourceURL: string;
          sourceFunctionName: string;
          duration: number;
          forcedStyleAndLayoutDuration: number;
        }>;
      };
      const end = entry.startTime + entry.duration;
      const renderStart = frame.renderStart || end;
      const styleStart = frame.styleAndLayoutStart || end;
      window.__frameEntries.push({
        start: entry.startTime,
        duration: entry.duration,
        work: renderStart - entry.startTime,
        render: styleStart - renderStart,
        styleAndLayout: end - styleStart,
        blocking: frame.blockingDuration ?? entry.duration,
        scripts: (frame.scripts ?? []).map((script) => ({
          invoker: script.invoker,
          source: `${script.sourceURL.split('/').pop()}${script.sourceFunctionName ? ` ${script.sourceFunctionName}` : ''}`,
          duration: script.duration,
          forced: script.forcedStyleAndLayoutDuration,
        })),
      });
    }
  }).observe({ type, buffered: true });
  // a frame before the document's first content paint has nothing on screen to stutter: on a
  // reload the browser holds the previous page's picture until then
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'first-contentful-paint') window.__firstPaint = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
}

/** The long frames that began at or after `since` (page time), waiting one frame for late entries. */
async function framesSince(page: Page, since: number): Promise<Frames> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
  const { frames: all, firstPaint } = await page.evaluate(() => ({
    frames: window.__frameEntries,
    firstPaint: window.__firstPaint,
  }));
  const frames = all.filter((f) => f.start >= since);
  return {
    long: frames.map((f) => f.duration),
    blocking: frames.filter((f) => f.duration > GOAL_MS && f.blocking > 0).length,
    parts: frames.filter((f) => f.duration > GOAL_MS).map((f) => frameParts(f, firstPaint)),
  };
}

/** A long frame's make-up: its tasks, rendering, style and layout; its scripts over 5 ms. */
function frameParts(frame: FrameEntry, firstPaint: number | undefined): string {
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  const scripts = frame.scripts
    .filter((script) => script.duration >= 5)
    .map(
      (script) =>
        `${script.invoker} (${script.source}) ${ms(script.duration)}` +
        (script.forced >= 1 ? `, forced layout ${ms(script.forced)}` : ''),
    );
  return (
    `${ms(frame.duration)} (blocking ${ms(frame.blocking)}; ${paintedYet(frame, firstPaint)}): tasks ${ms(frame.work)}, rendering ${ms(frame.render)}, style and layout ${ms(frame.styleAndLayout)}` +
    (scripts.length ? `; ${scripts.join('; ')}` : '')
  );
}

/** Where a frame fell against the document's first content paint. */
function paintedYet(frame: FrameEntry, firstPaint: number | undefined): string {
  const start = Math.round(frame.start);
  if (firstPaint === undefined || frame.start < firstPaint)
    return `at ${start} ms, before the first content paint${firstPaint === undefined ? '' : ` at ${Math.round(firstPaint)} ms`}`;
  return `at ${start} ms, ${Math.round(frame.start - firstPaint)} ms after the first content paint`;
}

interface SamplingNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: SamplingNode[];
}

/** A sampled allocation profile's total, and the functions that allocated most (self size). */
function allocationTop(profile: { head: SamplingNode }, top = 6): string {
  const bySite = new Map<string, number>();
  let total = 0;
  const walk = (node: SamplingNode) => {
    total += node.selfSize;
    const { functionName, url, lineNumber } = node.callFrame;
    const site = `${functionName || '(anonymous)'} (${url.split('/').pop() || 'native'}:${lineNumber + 1})`;
    bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize);
    for (const child of node.children) walk(child);
  };
  walk(profile.head);
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
  const sites = [...bySite]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([site, bytes]) => `${mb(bytes)} ${site}`);
  return `${mb(total)}; most by ${sites.join(', ')}`;
}

/** The table's rows: a row holding a text is looked for by the DOM alone (bench/inDocument.ts), as
 * Playwright's `:visible` asks for the box of every row it polls, which makes the browser lay the
 * page out in the middle of the phase measured, a forced layout of its own in a frame that may be
 * long. */
const ROWS_DRAWN = 'tbody tr[data-row-key]';
/** Waits for a row holding `text`, checked as the DOM changes. */
const rowDrawn = (page: Page, text: string) => inDocument(page, ROWS_DRAWN, text);
/**
 * Clicks the first element `selector` matches whose text holds `text`, once it is drawn, at its
 * middle, with the pointer, as a person does. Found with the DOM's own query, once an animation
 * frame: a Playwright locator's click polls the page through its selector engine, which walks the
 * document and asks for boxes, and waits for two frames of a still box, work of the page's main
 * thread in the frames measured (1.5 s of it over the picker's 99 reads in a profile, beside the
 * picker's own 2.3 s).
 */
async function clickDrawn(page: Page, selector: string, text = ''): Promise<void> {
  const found = await page.waitForFunction(
    ({ selector, text }) => {
      const element = [...document.querySelectorAll(selector)].find((e) => e.textContent?.includes(text));
      const box = element?.getBoundingClientRect();
      if (!box || box.width === 0) return null;
      return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
    },
    { selector, text },
    { polling: 'raf' },
  );
  const { x, y } = (await found.jsonValue()) as { x: number; y: number };
  await page.mouse.click(x, y);
}
/** Waits until no element `selector` matches holds `text`, checked once an animation frame. */
const gone = (page: Page, selector: string, text: string) =>
  page.waitForFunction(
    ({ selector, text }) =>
      ![...document.querySelectorAll(selector)].some((e) => e.textContent?.includes(text)),
    { selector, text },
    { polling: 'raf' },
  );
const now = (page: Page) => page.evaluate(() => performance.now());
const renders = (page: Page) => page.evaluate(() => ({ ...window.__renders }));

/** Each phase's frames over the goal and what they were made of (printed with `--frames`). */
const longFrames: string[] = [];

/** The phase that ended last, and when: a run that stops waiting for the page says where (see main). */
const progress: { phase: string; at: number; page?: Page } = {
  phase: 'none yet (the server, the data and the browser starting)',
  at: Date.now(),
};

/**
 * What the page shows when a run has stopped (a string, as tsx would wrap a named function): the
 * window's scroll, whether the main thread still answers and draws frames, and the table body's
 * rows with their marks (drawn in full, in outline, waiting, spacers), so a stall says where the
 * page stood.
 */
const PAGE_STATE = `new Promise((resolve) => {
  const rows = [...document.querySelectorAll('tbody tr')].slice(0, 40).map((tr) => {
    const mark = tr.dataset.spacer !== undefined ? 'spacer' : tr.dataset.waiting !== undefined ? 'waiting'
      : tr.dataset.outline !== undefined ? 'outline' : tr.dataset.rowKey !== undefined ? 'full' : 'other';
    return mark + '#' + (tr.dataset.index ?? '') + ' ' + Math.round(tr.getBoundingClientRect().height) + 'px '
      + (tr.textContent ?? '').slice(0, 12);
  });
  const state = { scrollY: window.scrollY, height: document.documentElement.scrollHeight, rows };
  requestAnimationFrame(() => resolve(JSON.stringify({ ...state, frameDrawn: true }, null, 1)));
  setTimeout(() => resolve(JSON.stringify({ ...state, frameDrawn: false }, null, 1)), 5000);
})`;
/** A run with no phase ended for this long has stopped: no phase takes a tenth of it. */
const STALLED_MS = 5 * 60_000;

function line(phase: string, frames: Frames, ms: number, extra = ''): string {
  progress.phase = phase;
  progress.at = Date.now();
  for (const parts of frames.parts) longFrames.push(`- ${phase}: ${parts}`);
  const longest = frames.long.length ? `${Math.max(...frames.long).toFixed(0)} ms` : `< ${GOAL_MS} ms`;
  const over = frames.long.filter((d) => d > GOAL_MS).length;
  return `| ${phase} | ${ms.toFixed(0)} ms | ${longest} | ${over} | ${frames.blocking} |${extra ? ` ${extra}` : ' |'}`;
}

/** Runs a phase, writing its CPU profile when the bench is asked for profiles. */
type Profiled = <T>(name: string, phase: () => Promise<T>) => Promise<T>;
/** The renderer's main thread's CPU time so far, and the part of it in script (ms, thread time). */
type CpuTime = () => Promise<{ thread: number; script: number }>;

/** A phase's main-thread CPU time, whole and per read: what the machine's load leaves alone. */
const cpuNote = (before: { thread: number }, after: { thread: number }, reads: number) =>
  `main thread CPU ${(after.thread - before.thread).toFixed(0)} ms${reads > 0 ? `, ${((after.thread - before.thread) / reads).toFixed(1)} ms a read` : ''}`;

/**
 * A mouse wheel turned fast over a list that scrolls inside itself (antd's virtual lists), from
 * its top: 300 notches of 100 px, with the list's speed and the entries it keeps in the document.
 */
async function wheelOverList(
  page: Page,
  profiled: Profiled,
  list: { phase: string; profile: string; holder: Locator; first: Locator; entries: Locator },
): Promise<string> {
  const { holder } = list;
  await holder.evaluate((element) => element.scrollTo(0, 0));
  await list.first.waitFor();
  const box = await holder.boundingBox();
  if (!box) throw new Error(`${list.phase}: the list is not drawn`);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const since = await now(page);
  const started = Date.now();
  const notches = 300;
  await profiled(list.profile, async () => {
    for (let i = 0; i < notches; i++) await page.mouse.wheel(0, 100);
  });
  const wheeled = await framesSince(page, since);
  const took = Date.now() - started;
  const drawn = await list.entries.count();
  const top = await holder.evaluate((element) => element.scrollTop);
  return line(
    `${list.phase}: mouse wheel, ${notches} notches of 100 px`,
    wheeled,
    took,
    `${((top / took) * 1000).toFixed(0)} px/s on average; ${drawn} entries in the document |`,
  );
}

/**
 * The content form's category picker over the same categories: the picker opens, its 5,000-row
 * level opens (a page of 50), is read to its end through its "load more" entry, and a mouse wheel
 * is turned over the open list from its top. antd's tree draws only the entries in view.
 */
async function pickerPhases(page: Page, profiled: Profiled, cpu: CpuTime): Promise<string[]> {
  const rows: string[] = [];
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.goto(`${page.url().split('#')[0]}#/cms/contents`);
  await page.locator('tbody tr:visible').first().waitFor();
  await page
    .locator('button:visible')
    .filter({ hasText: /^新\s*增$/ })
    .click();
  const form = page.locator('.ant-drawer-content-wrapper:visible form');
  // the form drawn whole, its rich-text editor (a chunk of its own) mounted, before the picker is
  // clicked, as a person reaches for it
  await form.locator('.ProseMirror').waitFor({ state: 'attached' });
  const dropdown = page.locator('.ant-select-dropdown:visible');
  const option = (title: string) =>
    dropdown.locator(`.ant-select-tree-node-content-wrapper[title="${title}"]`);

  let since = await now(page);
  let started = Date.now();
  await profiled('picker-open', async () => {
    await form
      .locator('.ant-form-item:not(:has(.ant-form-item))')
      .filter({ hasText: '所属栏目' })
      .locator('.ant-select')
      .click();
    await option(categoryName(1)).waitFor();
  });
  rows.push(line('picker opens (top level)', await framesSince(page, since), Date.now() - started));

  since = await now(page);
  started = Date.now();
  await dropdown
    .locator('.ant-select-tree-treenode')
    .filter({ has: page.locator(`[title="${categoryName(1)}"]`) })
    .locator('.ant-select-tree-switcher')
    .click();
  await option(categoryName(11)).waitFor();
  rows.push(
    line(`picker: level of ${BIG} opens (first 50)`, await framesSince(page, since), Date.now() - started),
  );

  // the level read to its end: the list scrolled to its "load more" entry, which reads the next
  // page once in view, waited for by the entry's count of the rows shown
  const holder = dropdown.locator('.ant-select-tree-list-holder');
  const OPEN_LIST = '.ant-select-dropdown:not(.ant-select-dropdown-hidden)';
  // an entry's height with its margin: the distance between two drawn entries
  const entryHeight = await dropdown.evaluate((list) => {
    const [a, b] = [...list.querySelectorAll('.ant-select-tree-treenode')].filter((e) => e.clientHeight > 0);
    return b.getBoundingClientRect().top - a.getBoundingClientRect().top;
  });
  since = await now(page);
  started = Date.now();
  let pages = 0;
  // when each read began (page time) and how many entries the level then showed, to tell at what
  // size of the level the long frames begin
  const reads: Array<{ at: number; shown: number }> = [];
  const cpuBefore = await cpu();
  await profiled('picker-more', async () => {
    for (let shown = 50; shown < BIG; shown += 50) {
      reads.push({ at: await now(page), shown });
      // the entry follows the level's first row and the rows shown: scrolled to, as a wheel would
      await page.evaluate(
        ({ list, index, height }) => {
          const holder = document.querySelector(list);
          holder?.scrollTo(0, index * height - holder.clientHeight / 2);
        },
        { list: `${OPEN_LIST} .ant-select-tree-list-holder`, index: shown + 1, height: entryHeight },
      );
      // the entry in the list's view reads the next page by itself (TreePickerList.tsx): the
      // page has arrived when its first entry is drawn where the entry was
      pages++;
      await page.waitForFunction(
        (selector) => document.querySelector(selector) !== null,
        `${OPEN_LIST} .ant-select-tree-node-content-wrapper[title="${categoryName(10 + shown + 1)}"]`,
        { polling: 'raf' },
      );
    }
  });
  const cpuAfter = await cpu();
  const read = await framesSince(page, since);
  const frames = await page.evaluate(() => window.__frameEntries);
  // the frames over the goal, by the level's size when they came (thousands of entries shown)
  const bySize = new Map<number, number>();
  for (const frame of frames) {
    if (frame.start < since || frame.duration <= GOAL_MS) continue;
    const shown = reads.filter((r) => r.at <= frame.start).at(-1)?.shown ?? 0;
    const bucket = Math.floor(shown / 1000);
    bySize.set(bucket, (bySize.get(bucket) ?? 0) + 1);
  }
  const sizes = [...Array(Math.ceil(BIG / 1000)).keys()]
    .map((k) => `${k * 1000}–${k * 1000 + 999}: ${bySize.get(k) ?? 0}`)
    .join(', ');
  rows.push(
    line(
      `picker: level read to its end (${pages} reads, each as its "load more" entry scrolls into view)`,
      read,
      Date.now() - started,
      `frames over ${GOAL_MS} ms by entries shown at the read, ${sizes}; ${cpuNote(cpuBefore, cpuAfter, pages)} |`,
    ),
  );

  // a wheel turned fast over the open list, from its top
  rows.push(
    await wheelOverList(page, profiled, {
      phase: 'picker',
      profile: 'picker-wheel',
      holder,
      first: option(categoryName(1)),
      entries: dropdown.locator('.ant-select-tree-treenode'),
    }),
  );
  return rows;
}

/**
 * The category tree beside the home-page blocks (the column configuration page) over the same
 * categories: it opens, its 5,000-row level opens (a read of 100), nine more reads through the
 * level's "load more" entry, and a mouse wheel is turned over it from its top. antd's virtual
 * tree draws only the entries in its view.
 */
async function categoryTreePhases(page: Page, profiled: Profiled): Promise<string[]> {
  const rows: string[] = [];
  const tree = page.getByTestId('category-tree');
  // an entry found by its title's text (the tree's titles are components, which leave the entries
  // no `title` attribute); a `has` locator is matched inside each candidate, from the page
  const title = (i: number) =>
    page.locator('.ant-tree-title').filter({ hasText: new RegExp(`^${categoryName(i)}$`) });
  const entry = (i: number) => tree.locator('.ant-tree-treenode').filter({ has: title(i) });
  // an entry drawn, looked for by the DOM alone as it changes (bench/inDocument.ts): the locator
  // above, polled once a frame, has Playwright's selector engine match every entry's text in the
  // frames measured (with the role locator below, 142 ms of script in a CPU profile of the nine
  // reads, beside the page's own 178 ms)
  const TITLES = '[data-testid="category-tree"] .ant-tree-title';
  const entryDrawn = (i: number) => inDocument(page, TITLES, categoryName(i));
  let since: number;
  let started: number;
  // opened as a person opens it, from the home-page blocks' list through its 栏目配置 button: a
  // navigation by the address (a popstate) has React draw the new page in one piece, for the
  // browser to restore the scroll position
  await page.goto(`${page.url().split('#')[0]}#/cms/areablocks`);
  const open = page.locator('button:visible').filter({ hasText: /^栏目配置$/ });
  await open.waitFor();
  since = await now(page);
  started = Date.now();
  await profiled('categories-open', async () => {
    await open.click();
    await entryDrawn(1);
  });
  rows.push(
    line(
      'column configuration: tree opens (top level)',
      await framesSince(page, since),
      Date.now() - started,
    ),
  );

  since = await now(page);
  started = Date.now();
  await entry(1).locator('.ant-tree-switcher').click();
  await entryDrawn(11);
  rows.push(
    line(
      `column configuration: level of ${BIG} opens (first 100)`,
      await framesSince(page, since),
      Date.now() - started,
    ),
  );

  const READS = 9;
  since = await now(page);
  started = Date.now();
  await profiled('categories-more', async () => {
    for (let shown = 100; shown <= READS * 100; shown += 100) {
      // the list scrolled to its end, where the level's "load more" entry is, and the entry clicked
      // as a person clicks it; the read has arrived when the next page's first entry is drawn
      await page.evaluate(() => {
        const holder = document.querySelector('[data-testid="category-tree"] .ant-tree-list-holder');
        holder?.scrollTo(0, holder.scrollHeight);
      });
      // clicked where it is drawn, found by the DOM's own query (clickDrawn): a locator by its role
      // and name has Playwright work out every element's role and name once a frame
      await clickDrawn(page, '[data-testid="category-tree"] button', `加载更多（已显示 ${shown} / `);
      await entryDrawn(10 + shown + 1);
    }
  });
  rows.push(
    line(
      `column configuration: ${READS} reads through "load more"`,
      await framesSince(page, since),
      Date.now() - started,
    ),
  );

  rows.push(
    await wheelOverList(page, profiled, {
      phase: 'column configuration',
      profile: 'categories-wheel',
      holder: tree.locator('.ant-tree-list-holder'),
      first: entry(1),
      entries: tree.locator('.ant-tree-treenode'),
    }),
  );
  return rows;
}

async function main(): Promise<void> {
  const password = 'Bench-admin-pass-1';
  const server = await startServerProcess({ ADMIN_PASSWORD: password });
  // Debian's Chromium, as the browser suite launches it (tests/e2e/browser.ts, which needs vitest)
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-gpu'],
  });
  lowerOwnPriority();
  // Once in about fifty runs a run stopped in the middle with every process idle, and said nothing
  // (docs/benchmarks.md, "Tree tables", 2026-11-29, fourth sitting): such a run now names the last
  // phase that ended, closes the browser and the server, and fails.
  const watchdog = setInterval(() => {
    if (Date.now() - progress.at < STALLED_MS) return;
    clearInterval(watchdog);
    process.stderr.write(
      `No phase has ended for ${STALLED_MS / 60_000} minutes; the last to end: ${progress.phase}\n`,
    );
    const state = progress.page
      ? Promise.race([
          progress.page.evaluate<string>(PAGE_STATE),
          new Promise<string>((resolve) => setTimeout(() => resolve('the page does not answer'), 15_000)),
        ]).catch((error: unknown) => `the page could not be read: ${String(error)}`)
      : Promise.resolve('no page yet');
    void state
      .then((text) => process.stderr.write(`The page: ${text}\n`))
      .then(() => Promise.allSettled([browser.close(), server.stop()]))
      .then(() => process.exit(1));
  }, 10_000);
  watchdog.unref();
  try {
    const base = server.baseUrl;
    if ((await fetch(`${base}/`)).status !== 200) throw new Error('no built page: run `npm run build` first');
    await makeCategoryTree(server.dataDir, ROWS);

    const width = Number(values.width);
    if (!(width >= 320))
      throw new Error(`--width takes a window width of 320 px or more, not ${values.width}`);
    const context = await browser.newContext({ viewport: { width, height: 860 } });
    const page = await signedInPage(context, base, password);
    progress.page = page;
    await page.addInitScript(observeFrames);
    await page.addInitScript({ content: countRenders });
    // Chromium's counters in thread time: the main thread's CPU, whatever else the machine runs
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    // a slower machine, as Chromium emulates one: the page's main thread runs N times slower
    const slowdown = Number(values.slowdown ?? 1);
    if (!(slowdown >= 1)) throw new Error(`--slowdown takes a factor of 1 or more, not ${values.slowdown}`);
    if (slowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    const cpu = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      const of = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
      return { thread: of('ThreadTime'), script: of('ScriptDuration') };
    };

    // a CPU profile, an allocation profile and a trace of one phase, when asked for; the trace's
    // rendering work and the allocations' largest sites are printed
    const traces: string[] = [];
    const allocations: string[] = [];
    // every allocation sampled, those the collector has taken back too: what a phase allocates is
    // what its collections' pauses are made of
    const startHeap = async () => {
      if (!values.heap) return;
      await cdp.send('HeapProfiler.enable');
      await cdp.send('HeapProfiler.startSampling', {
        samplingInterval: 16_384,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
    };
    const stopHeap = async (name: string) => {
      if (!values.heap) return;
      const { profile } = await cdp.send('HeapProfiler.stopSampling');
      await mkdir(values.heap, { recursive: true });
      await writeFile(join(values.heap, `treeTable-${name}.heapprofile`), JSON.stringify(profile));
      allocations.push(`Allocated in ${name}: ${allocationTop(profile)}`);
    };
    const profiled: Profiled = async (name, phase) => {
      if (values.profile) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.start');
      }
      await startHeap();
      if (values.trace) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
      const result = await phase();
      await stopHeap(name);
      if (values.trace) {
        const trace = await browser.stopTracing();
        await mkdir(values.trace, { recursive: true });
        await writeFile(join(values.trace, `treeTable-${name}.json`), trace);
        traces.push(`Trace of ${name}, ${renderingWork(JSON.parse(trace.toString()) as TraceFile)}`);
      }
      if (values.profile) {
        const { profile } = await cdp.send('Profiler.stop');
        await mkdir(values.profile, { recursive: true });
        await writeFile(join(values.profile, `treeTable-${name}.cpuprofile`), JSON.stringify(profile));
      }
      return result;
    };

    const rows: string[] = [];
    const first = page.locator('tbody tr:visible').filter({ hasText: '大树00001' });
    // a document of the site first, so that the app loads in the renderer the trace follows
    // (from about:blank Chromium would load it in a new one)
    await page.goto(`${base}/api/sys/nothing`);
    let started = Date.now();
    await profiled('start', async () => {
      await page.goto(`${base}/#/dashboard`);
      await page.locator('[data-testid="sidebar"] .ant-menu-submenu-title').first().waitFor();
    });
    rows.push(
      line('the app starts on the home page (first visit)', await framesSince(page, 0), Date.now() - started),
    );

    // as a person opens it: the content group of the side menu, then its categories page
    const entry = await categoriesMenuEntry(page);
    let since = await now(page);
    started = Date.now();
    await profiled('page', async () => {
      await entry.click();
      await rowDrawn(page, '大树00001');
    });
    rows.push(
      line('page opens from the menu (top level)', await framesSince(page, since), Date.now() - started),
    );

    // the same page on a reload: the app's start and the page together
    await page.goto(`${base}/api/sys/nothing`);
    started = Date.now();
    await profiled('reload', async () => {
      await page.goto(`${base}/#/cms/contentCategorys`);
      await rowDrawn(page, '大树00001');
    });
    rows.push(line('page opens on a reload (top level)', await framesSince(page, 0), Date.now() - started));

    // and on a later visit: Chromium keeps the compiled code of a script it has run twice, and a
    // third load takes it from there instead of compiling the chunks again on the main thread
    await page.goto(`${base}/api/sys/nothing`);
    started = Date.now();
    await profiled('reload-cached', async () => {
      await page.goto(`${base}/#/cms/contentCategorys`);
      await rowDrawn(page, '大树00001');
    });
    rows.push(
      line('page opens on a later reload (code cached)', await framesSince(page, 0), Date.now() - started),
    );

    since = await now(page);
    started = Date.now();
    await profiled('open', async () => {
      await first.getByRole('button', { name: '展开' }).click();
      await rowDrawn(page, '大树00011');
    });
    rows.push(
      line(`level of ${BIG} opens (first 500)`, await framesSince(page, since), Date.now() - started),
    );

    since = await now(page);
    started = Date.now();
    const lastName = categoryName(10 + BIG);
    let clicks = 0;
    const cpuBeforeMore = await cpu();
    await profiled('more', async () => {
      while (!(await inDocumentNow(page, ROWS_DRAWN, lastName))) {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        if (await page.evaluate(() => document.querySelector('button[data-more]') !== null)) {
          // the row counts the rows shown; the next page has arrived when it no longer counts those
          // shown before the click
          const shown = `显示 ${(clicks + 1) * 500} /`;
          await clickDrawn(page, 'button[data-more]', shown);
          clicks++;
          await gone(page, 'button[data-more]', shown);
        }
      }
    });
    const cpuAfterMore = await cpu();
    rows.push(
      line(
        `level read to its end (${clicks} × load more)`,
        await framesSince(page, since),
        Date.now() - started,
        `${cpuNote(cpuBeforeMore, cpuAfterMore, clicks)} |`,
      ),
    );

    await page.evaluate(() => window.scrollTo(0, 0));
    await rowDrawn(page, '大树00001');
    since = await now(page);
    started = Date.now();
    const rendersBefore = await renders(page);
    const cpuBefore = await cpu();
    if (values.profile) await cdp.send('Profiler.start');
    await startHeap();
    if (values.trace) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    // a person's fast scroll: 600 px a frame to the end of the level, the gaps between frames timed
    // (a string: tsx would wrap a named function in a helper the page does not have)
    const gaps = await page.evaluate<number[]>(`new Promise((resolve) => {
      const gaps = [];
      let previous = performance.now();
      const step = (time) => {
        gaps.push(time - previous);
        previous = time;
        window.scrollBy(0, 600);
        const end = document.documentElement.scrollHeight - window.innerHeight;
        if (window.scrollY >= end - 1) resolve(gaps);
        else requestAnimationFrame(step);
      };
      requestAnimationFrame(step);
    })`);
    await rowDrawn(page, lastName);
    const scrolled = await framesSince(page, since);
    const took = Date.now() - started;
    const cpuAfter = await cpu();
    const rendersAfter = await renders(page);
    await stopHeap('scroll');
    if (values.profile) {
      const { profile } = await cdp.send('Profiler.stop');
      await mkdir(values.profile, { recursive: true });
      await writeFile(join(values.profile, 'treeTable-scroll.cpuprofile'), JSON.stringify(profile));
    }
    let traced = '';
    if (values.trace) {
      const trace = await browser.stopTracing();
      await mkdir(values.trace, { recursive: true });
      await writeFile(join(values.trace, 'treeTableScroll.json'), trace);
      traced = `Scroll trace, ${renderingWork(JSON.parse(trace.toString()) as TraceFile)}`;
    }
    const drawn = await page.locator('tbody tr[data-row-key]').count();
    const longestGap = Math.max(...gaps);
    const perFrame = (value: number) => (value / gaps.length).toFixed(1);
    rows.push(
      line(
        `scroll to the end (${gaps.length} frames)`,
        scrolled,
        took,
        `longest gap between frames ${longestGap.toFixed(0)} ms; ${drawn} rows in the document |`,
      ),
    );
    // a mouse wheel turned fast: notches of 100 px sent one after another as Chromium takes them,
    // scrolled by the compositor as a person's wheel is, from the top of the level
    await page.evaluate(() => window.scrollTo(0, 0));
    await rowDrawn(page, '大树00001');
    await page.mouse.move(700, 500);
    since = await now(page);
    started = Date.now();
    const notches = 300;
    await profiled('wheel', async () => {
      for (let i = 0; i < notches; i++) await page.mouse.wheel(0, 100);
    });
    const wheeled = await framesSince(page, since);
    const wheelTook = Date.now() - started;
    const wheelY = await page.evaluate(() => window.scrollY);
    rows.push(
      line(
        `mouse wheel, ${notches} notches of 100 px`,
        wheeled,
        wheelTook,
        `${((wheelY / wheelTook) * 1000).toFixed(0)} px/s on average |`,
      ),
    );
    rows.push(...(await pickerPhases(page, profiled, cpu)));
    rows.push(...(await categoryTreePhases(page, profiled)));
    const load = [
      '',
      `Scroll, per frame (load-independent): main thread CPU ${perFrame(cpuAfter.thread - cpuBefore.thread)} ms, ` +
        `of it script ${perFrame(cpuAfter.script - cpuBefore.script)} ms; ` +
        `${perFrame(rendersAfter.components - rendersBefore.components)} components rendered, ` +
        `${perFrame(rendersAfter.rows - rendersBefore.rows)} of them table rows; ` +
        `${perFrame(rendersAfter.commits - rendersBefore.commits)} React commits`,
      ...(traced ? ['', traced] : []),
      ...(traces.length ? ['', ...traces] : []),
      ...(allocations.length ? ['', ...allocations] : []),
      ...(values.frames && longFrames.length ? ['', `Frames over ${GOAL_MS} ms:`, ...longFrames] : []),
    ];
    await context.close();

    process.stdout.write(
      [
        `Chromium ${browser.version()}, a ${width} px window, ${ROWS} categories (a level of ${BIG}); load average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}${slowdown > 1 ? `; the page's main thread ${slowdown} times slower` : ''}`,
        '',
        `| phase | took | longest frame | frames over ${GOAL_MS} ms | of them blocking input | |`,
        '|---|---|---|---|---|---|',
        ...rows,
        ...load,
        '',
      ].join('\n'),
    );
  } finally {
    clearInterval(watchdog);
    await browser.close();
    await server.stop();
  }
}

await main();
