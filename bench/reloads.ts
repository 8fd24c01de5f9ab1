// The categories page on a later reload, many times (docs/benchmarks.md, "Tree tables"), over
// bench:treetable's tree of 10,000 categories: the reload whose code Chromium takes from its code
// cache, as a person's next visit does. bench:treetable reloads it once a run, and the frames over
// 50 ms it has now and then come with the machine's other work and the engine's garbage collector,
// so one run tells little. This reloads it 40 times (`--runs N`) in one browser and reads, each
// time, the frames over 50 ms after the first content paint and the main thread's CPU (Chromium's
// counters in thread time, which the machine's other work leaves alone); then, in ten more reloads
// of each build, what the page allocated (V8's heap sampling, the objects the collector has taken
// back counted too: what its pauses are made of), apart, as sampling changes when the collector
// runs.
//
// With `--against DIR` (another build's dist/, e.g. `npx vite build --outDir /tmp/before` at an
// earlier commit) a second server serves that build, and the two are reloaded in turns, so both
// meet the same load.
//
// `--js-flags=FLAGS` runs the pages' V8 with those flags (bench/builds.ts), to see what the
// collector's settings make of the frames. `--trace` traces each measured reload in Chromium and
// prints what filled each frame over 50 ms (bench/traceFrames.ts): its tasks and their time on
// the CPU, the collector's pauses, and the collector's helper threads' work beside them; tracing
// slows the page, so its counts are not comparable with an untraced run's.
//
// `--idle MS` leaves the tab alone that long before each measured reload, as a person reads a page
// before reloading it: the reload then follows the engine's idle-time work on the page before
// (memory-reducing collections, code and caches let go), not the previous reload's last frame.
//
//   npm run bench:reloads                        (builds first; `npx tsx bench/reloads.ts` reuses dist/)
//   npx tsx bench/reloads.ts --runs 50 --against /tmp/before [--frames]
//   npx tsx bench/reloads.ts --js-flags='--min-semi-space-size=64 --max-semi-space-size=64'
//   npx tsx bench/reloads.ts --runs 20 --idle 10000
import { loadavg } from 'node:os';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { benchOptions, startBuilds } from './builds.ts';
import { makeCategoryTree } from './categoryTree.ts';
import { inDocument } from './inDocument.ts';
import { type Frame, observeFrames } from './longFrames.ts';
import { signedInPage } from './signedInPage.ts';
import { longFrames, TRACE_CATEGORIES } from './traceFrames.ts';

const GOAL_MS = 50;
const PASSWORD = 'Bench-admin-pass-1';
/** The categories page's first row drawn. */
const TABLE_DRAWN = 'tbody tr[data-row-key]';
/** the reloads of each build whose allocations are sampled, after the others */
const SAMPLED = 10;

interface Reload {
  /** the frames over 50 ms that began after the first content paint */
  frames: Frame[];
  /** main-thread CPU from the navigation to a moment after the first row, in ms */
  cpu: number;
  /** bytes allocated in that time, when sampled */
  allocated?: number;
  /** with `--trace`: what filled each of those frames, as a trace of the reload tells it */
  traced?: string[];
}

interface Sampled {
  head: SampledNode;
}
interface SampledNode {
  selfSize: number;
  children: SampledNode[];
}

/** The bytes a sampled allocation profile counts. */
function bytesIn(node: SampledNode): number {
  return node.children.reduce((sum, child) => sum + bytesIn(child), node.selfSize);
}

/** The page's main-thread CPU so far, in ms. */
async function threadTime(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return (metrics.find((m) => m.name === 'ThreadTime')?.value ?? 0) * 1000;
}

/** Reloads the categories page at `base` and measures it; what it allocates, when `sampled`;
 * under a trace of `tracing`, when given. */
async function reload(
  page: Page,
  cdp: CDPSession,
  base: string,
  sampled = false,
  tracing?: Browser,
): Promise<Reload> {
  // a document of the site first, so the page reloads in the renderer that keeps its heap
  await page.goto(`${base}/api/sys/nothing`);
  if (tracing) await tracing.startTracing(page, { categories: TRACE_CATEGORIES });
  const before = await threadTime(cdp);
  if (sampled)
    await cdp.send('HeapProfiler.startSampling', {
      samplingInterval: 16_384,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  await page.goto(`${base}/#/cms/contentCategorys`);
  // checked by the DOM alone as it changes (bench/inDocument.ts): a check that asks for a row's box
  // (bench/drawn.ts) has the browser lay the page out inside an animation-frame callback of the
  // frames measured, and one polled once a frame asks for a frame at every vsync
  await inDocument(page, TABLE_DRAWN);
  // a frame and a moment after the first row, for what the page does right after it
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 300))));
  const profile = sampled
    ? ((await cdp.send('HeapProfiler.stopSampling')) as { profile: Sampled }).profile
    : undefined;
  const cpu = (await threadTime(cdp)) - before;
  const trace = tracing && (await tracing.stopTracing());
  const { frames, firstPaint } = await page.evaluate(() => ({
    frames: window.__frames,
    firstPaint: window.__firstPaint,
  }));
  const over = frames.filter(
    (frame) => frame.duration > GOAL_MS && firstPaint !== undefined && frame.start >= firstPaint,
  );
  // the trace's frames are the entries' (Chromium's `AnimationFrame` spans), whole milliseconds
  const traced =
    trace && over.length
      ? longFrames(JSON.parse(trace.toString()))
          .filter((f) => over.some((frame) => Math.abs(frame.duration - f.duration) <= 1))
          .map((f) => f.text)
      : undefined;
  return { frames: over, cpu, allocated: profile && bytesIn(profile.head), traced };
}

async function main(): Promise<void> {
  const {
    runs,
    against,
    frames: printFrames,
    jsFlags,
    on,
    numbers,
  } = benchOptions(40, ['trace'], { idle: 0 });
  const tracing = on.has('trace');
  const { builds, browser, close } = await startBuilds(against, PASSWORD, jsFlags);
  try {
    const pages: Array<{
      page: Page;
      cdp: CDPSession;
      base: string;
      reloads: Reload[];
      allocated: number[];
    }> = [];
    for (const { server } of builds) {
      await makeCategoryTree(server.dataDir, 10_000);
      const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
      const page = await signedInPage(context, server.baseUrl, PASSWORD);
      await page.addInitScript(observeFrames);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
      // two loads first, which compile the code and fill the code cache: each reload measured
      // then takes its code from there
      for (let time = 0; time < 2; time++) await reload(page, cdp, server.baseUrl);
      pages.push({ page, cdp, base: server.baseUrl, reloads: [], allocated: [] });
    }
    for (let run = 0; run < runs; run++)
      for (const entry of pages) {
        // each tab left alone at least that long before its reload
        if (numbers.idle) await new Promise((idle) => setTimeout(idle, numbers.idle));
        entry.reloads.push(
          await reload(entry.page, entry.cdp, entry.base, false, tracing ? browser : undefined),
        );
      }
    // the heap profiler on only now: with it on, the page runs slower
    for (const entry of pages) await entry.cdp.send('HeapProfiler.enable');
    for (let run = 0; run < SAMPLED; run++)
      for (const entry of pages)
        entry.allocated.push((await reload(entry.page, entry.cdp, entry.base, true)).allocated ?? 0);

    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const lines = [
      `Chromium ${browser.version()}, ${runs} later reloads of the categories page for each build, in turns${numbers.idle ? `, each after ${numbers.idle} ms idle` : ''}; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
      '',
      `| build | reloads with a frame over ${GOAL_MS} ms after the first content paint | frames | longest | main-thread CPU, median | allocated, median of ${SAMPLED} more |`,
      '|---|---|---|---|---|---|',
    ];
    const parts: string[] = [];
    const traces: string[] = [];
    builds.forEach((build, index) => {
      const { reloads, allocated } = pages[index];
      const all = reloads.flatMap((r) => r.frames);
      const longest = all.length ? `${Math.max(...all.map((f) => f.duration)).toFixed(0)} ms` : '–';
      lines.push(
        `| ${build.name} | ${reloads.filter((r) => r.frames.length > 0).length} of ${reloads.length} | ${all.length} | ${longest} | ${median(reloads.map((r) => r.cpu)).toFixed(0)} ms | ${(median(allocated) / 1e6).toFixed(1)} MB |`,
      );
      for (const frame of all)
        parts.push(
          `- ${build.name}: ${frame.duration.toFixed(0)} ms (blocking ${frame.blocking.toFixed(0)} ms); ${frame.scripts.join('; ') || 'no script of 5 ms'}`,
        );
      for (const text of reloads.flatMap((r) => r.traced ?? [])) traces.push(`- ${build.name}: ${text}`);
    });
    if (printFrames && parts.length) lines.push('', `Frames over ${GOAL_MS} ms:`, ...parts);
    if (traces.length)
      lines.push('', `Frames over ${GOAL_MS} ms, as the reloads' traces tell them:`, ...traces);
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await close();
  }
}

await main();
