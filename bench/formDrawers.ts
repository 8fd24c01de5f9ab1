// A form drawer's opening in the browser (docs/benchmarks.md, "Form drawers"): how often it holds
// the page for a frame over 50 ms. Each run, in a fresh browser context signed in, opens the role
// form from its row (the menu tree in it, the row read first), a content's create form from the
// toolbar (the rich-text editor, the pickers, the uploads) and a content's edit form from its row
// (the row read first), each twice: the first time its code comes as the pointer reaches the
// button, the second time it is here. Each is opened as a person opens one, the pointer on the
// button and then a click, and closed again with Escape. Frames are read from the
// `long-animation-frame` PerformanceObserver, from the click until the form is drawn and its
// animations are over.
//
// With `--against DIR` (another build's dist/, e.g. `npx vite build --outDir /tmp/before` at an
// earlier commit) a second server serves that build, and the two are opened in turns, so both
// meet the same load.
//
//   npm run bench:drawers                          (builds first; `npx tsx bench/formDrawers.ts` reuses dist/)
//   npx tsx bench/formDrawers.ts --runs 8 --against /tmp/before [--frames]
import { loadavg } from 'node:os';
import type { Browser, Locator, Page } from 'playwright-core';
import { benchOptions, startBuilds } from './builds.ts';
import { type Frame, observeFrames } from './longFrames.ts';
import { signedInPage } from './signedInPage.ts';

const GOAL_MS = 50;
const PASSWORD = 'Bench-admin-pass-1';

/** Once the page's animations are over (a drawer's slide), a frame and a moment after. */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 150))));
}

/** The page's clock now, for the frames that begin after it. */
const now = (page: Page) => page.evaluate(() => performance.now());

const FORMS = [
  'role form (menu tree; its row read)',
  'content create form',
  'content edit form (its row read)',
];
const TIMES = ['code asked for as the pointer reaches it', 'code here'];

interface Opening {
  frames: Frame[];
  took: number;
}

/**
 * Opens `button`'s form with the pointer and waits for `ready`; the frames over the goal from
 * the click on, and the time from the click until it was ready. Then closes it.
 */
async function openForm(page: Page, button: Locator, ready: () => Promise<unknown>): Promise<Opening> {
  await button.hover();
  await settled(page);
  const since = await now(page);
  const started = Date.now();
  await button.click();
  await ready();
  const took = Date.now() - started;
  await settled(page);
  const frames = (await page.evaluate(() => window.__frames)).filter(
    (frame) => frame.start >= since && frame.duration > GOAL_MS,
  );
  await page.keyboard.press('Escape');
  await page.locator('.ant-drawer-open').waitFor({ state: 'detached' });
  return { frames, took };
}

/** One run: every form opened twice in a fresh context; openings by form, then by time. */
async function run(browser: Browser, base: string): Promise<Opening[][]> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  try {
    const page = await signedInPage(context, base, PASSWORD);
    await page.addInitScript(observeFrames);
    const drawer = page.locator('.ant-drawer-open .ant-drawer-section');
    const openings: Opening[][] = FORMS.map(() => []);
    for (let time = 0; time < TIMES.length; time++) {
      await page.goto(`${base}/#/sys/roles`);
      // the editor's role: a tree with some entries ticked and some not
      const role = page.getByRole('row').filter({ hasText: '编辑' }).first();
      openings[0].push(
        await openForm(page, role.getByRole('button', { name: /修\s*改/ }), () =>
          drawer
            .getByTestId('check-tree-menuIds')
            .locator('.ant-tree-treenode:not([aria-hidden])')
            .first()
            .waitFor(),
        ),
      );
      await page.goto(`${base}/#/cms/contents`);
      const create = page.getByRole('button', { name: /新\s*增/ });
      await create.waitFor();
      openings[1].push(await openForm(page, create, () => drawer.locator('#root_title').waitFor()));
      // the first content's row (the header's is the first row)
      const edit = page
        .getByRole('row')
        .nth(1)
        .getByRole('button', { name: /修\s*改/ });
      openings[2].push(
        await openForm(page, edit, () =>
          page.waitForFunction(
            () => (document.querySelector('.ant-drawer-open #root_title') as HTMLInputElement | null)?.value,
            undefined,
            { polling: 'raf' },
          ),
        ),
      );
    }
    return openings;
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const { runs, against, frames: printFrames, jsFlags } = benchOptions(5);
  const { builds, browser, close } = await startBuilds(against, PASSWORD, jsFlags);
  try {
    // by build, form and time: the openings of every run
    const results = builds.map(() => FORMS.map(() => TIMES.map((): Opening[] => [])));
    for (let turn = 0; turn < runs; turn++) {
      for (const [index, { server }] of builds.entries()) {
        const openings = await run(browser, server.baseUrl);
        openings.forEach((times, form) => {
          times.forEach((opening, time) => {
            results[index][form][time].push(opening);
          });
        });
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const lines = [
      `Chromium ${browser.version()}, ${runs} runs of each; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
      '',
      `| build | form | its code | ready after (median) | openings with a frame over ${GOAL_MS} ms | frames over ${GOAL_MS} ms | longest | longest blocking |`,
      '|---|---|---|---|---|---|---|---|',
    ];
    const parts: string[] = [];
    builds.forEach((build, index) => {
      FORMS.forEach((form, at) => {
        TIMES.forEach((time, when) => {
          const openings = results[index][at][when];
          const all = openings.flatMap((opening) => opening.frames);
          const most = (pick: (frame: Frame) => number) =>
            all.length ? `${Math.max(...all.map(pick)).toFixed(0)} ms` : '–';
          lines.push(
            `| ${build.name} | ${form} | ${time} | ${median(openings.map((o) => o.took))} ms | ${openings.filter((o) => o.frames.length > 0).length} of ${openings.length} | ${all.length} | ${most((f) => f.duration)} | ${most((f) => f.blocking)} |`,
          );
          for (const frame of all)
            parts.push(
              `- ${build.name}, ${form}, ${time}: ${frame.duration.toFixed(0)} ms (blocking ${frame.blocking.toFixed(0)} ms); ${frame.scripts.join('; ') || 'no script of 5 ms'}`,
            );
        });
      });
    });
    if (printFrames && parts.length) lines.push('', `Frames over ${GOAL_MS} ms:`, ...parts);
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await close();
  }
}

await main();
