// npm run bench:bundle: what the browser app costs to load (docs/benchmarks.md, "Bundle").
//
// 1. A production build with Vite's manifest, to check that every view under src/views is a chunk
//    of its own and that the form library (RJSF) is a separate chunk.
// 2. The server built and started as the browser suite starts it (a fresh data directory), and Chromium
//    loading the login page and, signed in, the dashboard, each in a fresh browser context (a cold
//    cache) and then reloaded with the cache that left, five times (BENCH_RUNS). What counts is what the
//    browser really fetched on the cold load: the gzip size of every script it loaded; LCP (cold
//    and reloaded) and CLS come from the Performance API.
// 3. A sign-in as a person makes it, in a fresh context: the form filled, Enter pressed, until the
//    dashboard's chart is drawn. Every request from Enter on is counted (code, styles, API calls,
//    fonts, images), and each that started only after another had finished is named: a waterfall
//    (bench/signInRequests.ts).
//
// BENCH_RUNS sets the number of loads of each page (default 5); the median and the spread are printed.
// Goals: login ≤ 200 KB and shell + dashboard ≤ 350 KB of gzipped JS; LCP < 1 s, CLS < 0.05; at
// most 12 requests from sign-in to the dashboard drawn, none waiting on another but the route list.
// Exits 1 when a size goal, a chunk rule or a sign-in goal is missed; LCP and CLS are reported.

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { buildServer } from '../build/server.ts';
import { launchChromium } from '../tests/e2e/chromium.ts';
import startServer from '../tests/e2e/globalSetup.ts';
import { lowerOwnPriority } from './lowPriority.ts';
import { describeRequest, describeWaterfall, measureSignIn, type SignInFlow } from './signInRequests.ts';

const DIST = 'dist';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const GOALS = { loginKb: 200, dashboardKb: 350, lcpMs: 1000, cls: 0.05, signInRequests: 12 };

interface ManifestChunk {
  file: string;
  src?: string;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type ViteManifest = Record<string, ManifestChunk>;

interface Measured {
  /** the dist/ files of the scripts the page fetched */
  scripts: string[];
  lcpMs: number;
  cls: number;
}

/** A first load in a fresh context (empty cache), then a reload with the cache it left. */
interface Visit extends Measured {
  warmLcpMs: number;
  warmCls: number;
}

const gzipKb = async (file: string) => gzipSync(await readFile(join(DIST, file)), { level: 9 }).length / 1024;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// the spread as well as the median: these machines are shared, and a goal met only on a median is close
const spread = (values: number[]) => `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`;

/** Every view file has its own chunk, and no view is inlined into another chunk. */
function chunkProblems(manifest: ViteManifest): string[] {
  const problems: string[] = [];
  const views = Object.values(manifest).filter((chunk) => chunk.src?.startsWith('src/views/'));
  if (views.length === 0) problems.push('no view chunks found in the manifest');
  for (const view of views) {
    if (!view.isDynamicEntry) problems.push(`${view.src} is not loaded on demand`);
  }
  const files = new Set(views.map((view) => view.file));
  if (files.size !== views.length) problems.push('two views share a chunk');
  return problems;
}

/** The chunk holding RJSF: the one src/ and runtime/ui reach only through ResourceForm. */
function formChunks(manifest: ViteManifest): Set<string> {
  return new Set(
    Object.entries(manifest)
      .filter(([key]) => key.includes('ResourceForm'))
      .map(([, chunk]) => chunk.file),
  );
}

/** LCP, CLS and the scripts of the page loaded in `page`, from the Performance API. */
async function measure(page: Page, ready: string): Promise<Measured> {
  await page.getByTestId(ready).waitFor();
  await page.waitForLoadState('networkidle');
  const measured = await page.evaluate(
    () =>
      new Promise<{ scripts: string[]; lcpMs: number; cls: number }>((resolve) => {
        let lcpMs = 0;
        let cls = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) lcpMs = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<
            PerformanceEntry & { value: number; hadRecentInput: boolean }
          >) {
            if (!entry.hadRecentInput) cls += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        // buffered entries arrive in the observers' first callbacks, a task later
        setTimeout(() => {
          const scripts = performance
            .getEntriesByType('resource')
            .map((entry) => new URL(entry.name).pathname)
            .filter((path) => path.endsWith('.js'));
          resolve({ scripts, lcpMs, cls });
        }, 500);
      }),
  );
  return { ...measured, scripts: measured.scripts.map((path) => path.replace(/^\//, '')) };
}

async function visit(browser: Browser, url: string, prepare: (page: Page) => Promise<void>, ready: string) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  const page = await context.newPage();
  await prepare(page);
  await page.goto(url);
  const cold = await measure(page, ready);
  await page.reload();
  const warm = await measure(page, ready);
  await context.close();
  return { ...cold, warmLcpMs: warm.lcpMs, warmCls: warm.cls } satisfies Visit;
}

async function main(): Promise<void> {
  await build({ logLevel: 'warn', build: { manifest: true } });
  // the server the bench starts is the build's, as the browser suite's is
  await buildServer();
  const manifest = JSON.parse(await readFile(join(DIST, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;
  const problems = chunkProblems(manifest);
  const forms = formChunks(manifest);
  if (forms.size === 0) problems.push('no separate chunk for the form library (ResourceForm)');

  const provided: Record<string, string> = {};
  const stop = await startServer({
    provide: (key: string, value: string) => (provided[key] = value),
  } as never);
  const browser = await launchChromium();
  lowerOwnPriority();
  try {
    const base = provided.baseUrl;
    const login = await fetch(`${base}/api/sys/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'admin', password: provided.adminPassword }),
    });
    const { data } = (await login.json()) as { data: { token: string; userId: number } };
    const signIn = async (page: Page) => {
      await page.addInitScript(
        (session) => {
          for (const [key, value] of Object.entries(session)) sessionStorage.setItem(key, String(value));
        },
        { token: data.token, userId: data.userId, userName: 'admin', firstlogin: false },
      );
    };

    const pages = [
      {
        name: 'login',
        url: `${base}/#/login`,
        prepare: async () => {},
        ready: 'login-form',
        goalKb: GOALS.loginKb,
      },
      {
        name: 'shell + dashboard',
        url: `${base}/#/dashboard`,
        prepare: signIn,
        ready: 'dashboard',
        goalKb: GOALS.dashboardKb,
      },
    ];
    const lines: string[] = [];
    for (const target of pages) {
      const visits: Visit[] = [];
      for (let i = 0; i < RUNS; i++)
        visits.push(await visit(browser, target.url, target.prepare, target.ready));
      const scripts = [...new Set(visits.flatMap((v) => v.scripts))];
      let kb = 0;
      for (const script of scripts) kb += await gzipKb(script);
      const loadsForms = scripts.some((script) => forms.has(script));
      if (kb > target.goalKb)
        problems.push(`${target.name}: ${kb.toFixed(1)} KB of JS is over ${target.goalKb} KB`);
      if (loadsForms) problems.push(`${target.name} loads the form library`);
      const lcpText = (ms: number) => `${ms.toFixed(0)} ms${ms < GOALS.lcpMs ? '' : ' (over 1 s)'}`;
      const clsText = (value: number) => `${value.toFixed(3)}${value < GOALS.cls ? '' : ' (over 0.05)'}`;
      const lcp = median(visits.map((v) => v.lcpMs));
      const warmLcp = median(visits.map((v) => v.warmLcpMs));
      const cls = Math.max(median(visits.map((v) => v.cls)), median(visits.map((v) => v.warmCls)));
      lines.push(
        `| ${target.name} | ${scripts.length} | ${kb.toFixed(1)} KB (≤ ${target.goalKb}) | ${lcpText(lcp)} (${spread(visits.map((v) => v.lcpMs))}) | ${lcpText(warmLcp)} (${spread(visits.map((v) => v.warmLcpMs))}) | ${clsText(cls)} | ${loadsForms ? 'yes' : 'no'} |`,
      );
    }
    const signIns: SignInFlow[] = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
      // a loaded machine can take longer than Playwright's 30 s to draw a page
      context.setDefaultTimeout(120_000);
      const page = await context.newPage();
      await page.goto(`${base}/#/login`);
      signIns.push(await measureSignIn(page, 'admin', provided.adminPassword));
      await context.close();
    }
    const counts = signIns.map((flow) => flow.requests.length);
    const mostRequests = Math.max(...counts);
    if (mostRequests > GOALS.signInRequests)
      problems.push(`sign-in to dashboard: ${mostRequests} requests, over ${GOALS.signInRequests}`);
    // a waterfall seen in any load is one: the page asked for the one only once the other was back
    const waterfalls = new Map<string, number>();
    for (const flow of signIns)
      for (const waterfall of flow.waterfalls) {
        const text = describeWaterfall(waterfall).replace(/ \((ended|started) \d+ ms\)/g, '');
        waterfalls.set(text, (waterfalls.get(text) ?? 0) + 1);
      }
    for (const [text, times] of waterfalls)
      problems.push(`sign-in to dashboard waits: ${text} (in ${times} of ${RUNS} loads)`);
    // the load with the median time to the drawn chart, shown request by request
    const shown = [...signIns].sort((a, b) => a.drawnMs - b.drawnMs)[Math.floor(signIns.length / 2)];
    const byType = new Map<string, number>();
    for (const request of shown.requests) byType.set(request.type, (byType.get(request.type) ?? 0) + 1);

    let formKb = 0;
    for (const file of forms) formKb += await gzipKb(file);
    process.stdout.write(
      [
        `Chromium ${browser.version()}, Node ${process.version}; median (and lowest–highest) of ${RUNS} loads each, a cold one in a fresh context and a reload with its cache`,
        '',
        '| page | scripts | gzipped JS | LCP cold | LCP reload | CLS | form library |',
        '|---|---|---|---|---|---|---|',
        ...lines,
        '',
        `form library chunk: ${formKb.toFixed(1)} KB gzipped; view chunks: ${Object.values(manifest).filter((c) => c.src?.startsWith('src/views/')).length}`,
        '',
        `Sign-in to the dashboard drawn (Enter pressed in the sign-in form, until the chart is drawn and the network is quiet), ${RUNS} loads in fresh contexts:`,
        `requests ${counts.join(', ')} (goal ≤ ${GOALS.signInRequests}); chart drawn ${median(signIns.map((flow) => flow.drawnMs))} ms (${spread(signIns.map((flow) => flow.drawnMs))}) after Enter, ${median(signIns.map((flow) => flow.afterSignInMs)).toFixed(0)} ms (${spread(signIns.map((flow) => flow.afterSignInMs))}) after the sign-in's answer`,
        `waterfalls (a request started only after another finished, other than the sign-in call and the route list): ${waterfalls.size === 0 ? 'none' : [...waterfalls.keys()].join('; ')}`,
        `the median load, ${shown.requests.length} requests (${[...byType].map(([type, n]) => `${n} ${type}`).join(', ')}):`,
        ...shown.requests.map((request) => `  ${describeRequest(request)}`),
        ...(shown.waterfalls.length > 0
          ? ['its waterfalls:', ...shown.waterfalls.map((waterfall) => `  ${describeWaterfall(waterfall)}`)]
          : []),
        ...problems.map((problem) => `PROBLEM: ${problem}`),
        '',
      ].join('\n'),
    );
  } finally {
    await browser.close();
    await stop();
  }
  if (problems.length > 0) process.exitCode = 1;
}

await main();
