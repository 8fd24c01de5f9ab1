// The app's start in the browser (docs/benchmarks.md, "Tree tables"): how often it holds the page
// for a frame over 50 ms. bench:treetable opens the app once of each kind in a run; the start's
// frames come and go with the machine's other work, so this opens it many times: signed in, in a
// fresh browser context (nothing cached) on the home page; then the categories page on a reload
// (the code in the browser's memory cache, not yet in its code cache); then on a later reload
// (the code cache used). Then, in a second fresh context, the categories page opened from the side
// menu, its code from the network; and, after a reload of the home page, from the menu again: its
// code then comes from the browser's memory cache, where the browser compiles a file in the task
// that links it. Frames are read from the `long-animation-frame` PerformanceObserver.
//
// With `--against DIR` (another build's dist/, e.g. `npx vite build --outDir /tmp/before` at an
// earlier commit) a second server serves that build, and the two are opened in turns, so both
// meet the same load.
//
//   npm run bench:start                          (builds first; `npx tsx bench/appStart.ts` reuses dist/)
//   npx tsx bench/appStart.ts --runs 12 --against /tmp/before [--frames]
import { loadavg } from 'node:os';
import type { chromium, Page } from 'playwright-core';
import { benchOptions, startBuilds } from './builds.ts';
import { drawn } from './drawn.ts';
import { type Frame, observeFrames } from './longFrames.ts';
import { categoriesMenuEntry } from './sideMenu.ts';
import { signedInPage } from './signedInPage.ts';

const GOAL_MS = 50;
const PASSWORD = 'Bench-admin-pass-1';

/** The frames over the goal since `since` (the page's start unless given), a frame and a moment after the last drawing. */
async function longFrames(page: Page, since = 0): Promise<Frame[]> {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 150))));
  return (await page.evaluate(() => window.__frames)).filter(
    (frame) => frame.duration > GOAL_MS && frame.start >= since,
  );
}

const PHASES = [
  'first visit (home page)',
  'reload (categories page)',
  'later reload (code cached)',
  'from the menu (code from the network)',
  'from the menu after a reload (code in the memory cache)',
] as const;

/** The categories page's first row drawn. */
const TABLE_DRAWN = 'tbody tr[data-row-key]';

interface Phase {
  frames: Frame[][];
  took: number[];
}

/** Opens the app in a fresh context, then reloads twice; the phases' frames and times. */
async function visit(browser: Awaited<ReturnType<typeof chromium.launch>>, base: string): Promise<Phase[]> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  try {
    const page = await signedInPage(context, base, PASSWORD);
    await page.addInitScript(observeFrames);
    const phases: Phase[] = [];
    const open = async (hash: string, shown: string) => {
      // a document of the site first: the app then loads in the renderer that will keep it
      await page.goto(`${base}/api/sys/nothing`);
      const started = Date.now();
      await page.goto(`${base}/${hash}`);
      await drawn(page, shown);
      const took = Date.now() - started;
      phases.push({ frames: [await longFrames(page)], took: [took] });
    };
    await open('#/dashboard', '[data-testid="sidebar"] .ant-menu-submenu-title');
    await open('#/cms/contentCategorys', TABLE_DRAWN);
    await open('#/cms/contentCategorys', TABLE_DRAWN);
    return phases;
  } finally {
    await context.close();
  }
}

/**
 * In a fresh context, the home page, then the categories page from the side menu as a person opens
 * it; then a reload of the home page and the categories page from the menu again: the phases'
 * frames (from the click on) and times.
 */
async function visitFromMenu(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  base: string,
): Promise<Phase[]> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  try {
    const page = await signedInPage(context, base, PASSWORD);
    await page.addInitScript(observeFrames);
    const phases: Phase[] = [];
    for (let time = 0; time < 2; time++) {
      await page.goto(`${base}/api/sys/nothing`);
      await page.goto(`${base}/#/dashboard`);
      const entry = await categoriesMenuEntry(page);
      // the frames of the group's opening animation left out
      const since = await page.evaluate(
        () =>
          new Promise<number>((done) =>
            requestAnimationFrame(() => setTimeout(() => done(performance.now()))),
          ),
      );
      const started = Date.now();
      await entry.click();
      await drawn(page, TABLE_DRAWN);
      const took = Date.now() - started;
      phases.push({ frames: [await longFrames(page, since)], took: [took] });
    }
    return phases;
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const { runs, against, frames: printFrames, jsFlags } = benchOptions(8);
  const { builds, browser, close } = await startBuilds(against, PASSWORD, jsFlags);
  try {
    const results = builds.map(() => PHASES.map((): Phase => ({ frames: [], took: [] })));
    for (let run = 0; run < runs; run++) {
      for (const [index, { server }] of builds.entries()) {
        const phases = [
          ...(await visit(browser, server.baseUrl)),
          ...(await visitFromMenu(browser, server.baseUrl)),
        ];
        phases.forEach((phase, at) => {
          results[index][at].frames.push(...phase.frames);
          results[index][at].took.push(...phase.took);
        });
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const lines = [
      `Chromium ${browser.version()}, ${runs} runs of each; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
      '',
      `| build | phase | drawn after (median) | runs with a frame over ${GOAL_MS} ms | frames over ${GOAL_MS} ms | longest |`,
      '|---|---|---|---|---|---|',
    ];
    const parts: string[] = [];
    builds.forEach((build, index) => {
      PHASES.forEach((phase, at) => {
        const { frames, took } = results[index][at];
        const all = frames.flat();
        const longest = all.length ? `${Math.max(...all.map((f) => f.duration)).toFixed(0)} ms` : '–';
        lines.push(
          `| ${build.name} | ${phase} | ${median(took)} ms | ${frames.filter((f) => f.length > 0).length} of ${frames.length} | ${all.length} | ${longest} |`,
        );
        for (const frame of all)
          parts.push(
            `- ${build.name}, ${phase}: ${frame.duration.toFixed(0)} ms; ${frame.scripts.join('; ') || 'no script of 5 ms'}`,
          );
      });
    });
    if (printFrames && parts.length) lines.push('', `Frames over ${GOAL_MS} ms:`, ...parts);
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await close();
  }
}

await main();
