// The requests a sign-in makes until the dashboard is drawn (npm run bench:bundle,
// docs/benchmarks.md "Bundle"): every one the browser sends — code, styles, API calls, fonts,
// images — from the press of Enter in the sign-in form until the chart is painted and the network
// is quiet, and which of them started only after another had finished (a waterfall).
//
// Over HTTP/1.1 a browser has six connections to a host: each request beyond them waits for one,
// and each request that can only start once another has answered adds a round trip and the
// time to run what came with it. The page's data and its code should be asked for together.

import type { Page, Request } from 'playwright-core';

export interface TimedRequest {
  /** the path (and query) on the app's host, or the whole URL elsewhere */
  url: string;
  method: string;
  type: string;
  /** ms since the press of Enter */
  start: number;
  end: number;
}

export interface Waterfall {
  /** the request that could start only once `after` had finished */
  request: TimedRequest;
  after: TimedRequest;
}

export interface SignInFlow {
  requests: TimedRequest[];
  waterfalls: Waterfall[];
  /** ms from the press of Enter until the chart's drawing is in the page */
  drawnMs: number;
  /**
   * ms from the sign-in call's answer until the chart is drawn: what the page's requests cost,
   * without the sign-in's own hashing of the password, which a loaded machine stretches most
   */
  afterSignInMs: number;
}

/** The sign-in call itself, which everything after it waits on by nature (the token). */
const isSignIn = (request: TimedRequest) =>
  request.method === 'POST' && request.url.endsWith('/api/sys/login');

/**
 * The one wait allowed: the route list says which pages the user may open, and code only those
 * pages need may be asked for once it is here.
 */
const isRouteList = (request: TimedRequest) => request.url.endsWith('/api/sys/routes');

/**
 * A request waited on the one that finished last before it started (if any did): the browser
 * sends a request the moment the page asks (queueing for a connection comes after), so a page
 * that asks for its code and data together starts them before any of them has answered. The
 * sign-in call, which every other starts after, and the route list are the waits allowed.
 */
export function findWaterfalls(requests: readonly TimedRequest[]): Waterfall[] {
  const waterfalls: Waterfall[] = [];
  for (const request of requests) {
    const before = requests
      .filter((other) => other !== request && other.end <= request.start)
      .sort((a, b) => b.end - a.end);
    const after = before[0];
    if (after && !isSignIn(after) && !isRouteList(after)) waterfalls.push({ request, after });
  }
  return waterfalls;
}

function describe(request: TimedRequest): string {
  const name = request.url.replace(/^\/assets\//, '').replace(/\?.*$/, '');
  return `${request.method === 'GET' ? '' : `${request.method} `}${name}`;
}

/** "a → b" for each waterfall, with when each ended and started. */
export function describeWaterfall({ request, after }: Waterfall): string {
  return `${describe(after)} (ended ${after.end.toFixed(0)} ms) → ${describe(request)} (started ${request.start.toFixed(0)} ms)`;
}

/** One line per request: when it started and ended, after the press of Enter. */
export function describeRequest(request: TimedRequest): string {
  return `${request.start.toFixed(0).padStart(5)}–${request.end.toFixed(0).padEnd(5)} ms  ${request.type.padEnd(10)} ${describe(request)}`;
}

/**
 * Signs in on `page` (at the sign-in page, drawn, in a fresh context) as a person does — the user
 * name and password typed into the form, then Enter — and records every request until the
 * dashboard's chart is drawn and no request is left in flight.
 */
export async function measureSignIn(page: Page, userName: string, password: string): Promise<SignInFlow> {
  await page.getByTestId('login-form').waitFor();
  await page.waitForLoadState('networkidle');
  await page.getByPlaceholder('用户名').fill(userName);
  const passwordField = page.getByPlaceholder('密码');
  await passwordField.fill(password);

  const sent: Request[] = [];
  const settled: Promise<void>[] = [];
  const onRequest = (request: Request) => {
    sent.push(request);
    // resolved however the request ends (answered, failed, or cut off by the page)
    settled.push(
      request.response().then(
        (response) => response?.finished().then(() => undefined),
        () => undefined,
      ) as Promise<void>,
    );
  };
  const origin = new URL(page.url()).origin;
  page.on('request', onRequest);
  // drawn: the dashboard in the page and Chartist's SVG in its chart, the moment the page inserts
  // it (a mutation observer in the page; a locator's wait polls at up to 500 ms apart)
  // (a string: tsx would wrap a named function inside in a helper the page does not have)
  const drawn = page.evaluate<number>(`new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector('[data-testid="contents-chart"] svg')) return;
      observer.disconnect();
      resolve(performance.timeOrigin + performance.now());
    });
    observer.observe(document, { childList: true, subtree: true });
  })`);
  const pressed = Date.now();
  await passwordField.press('Enter');
  const drawnMs = Math.round((await drawn) - pressed);
  await page.waitForLoadState('networkidle');
  await Promise.all(settled);
  page.off('request', onRequest);

  const requests = sent.map((request): TimedRequest => {
    const timing = request.timing();
    const url = request.url().startsWith(origin) ? request.url().slice(origin.length) : request.url();
    // responseEnd is -1 for a request that got no answer: it then counts as never finished
    const end = timing.responseEnd >= 0 ? timing.startTime + timing.responseEnd : Number.POSITIVE_INFINITY;
    return {
      url,
      method: request.method(),
      type: request.resourceType(),
      start: timing.startTime - pressed,
      end: end - pressed,
    };
  });
  requests.sort((a, b) => a.start - b.start);
  const signedIn = requests.find(isSignIn)?.end ?? 0;
  return { requests, waterfalls: findWaterfalls(requests), drawnMs, afterSignInMs: drawnMs - signedIn };
}
