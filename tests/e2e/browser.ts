import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, ConsoleMessage, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeEach, expect } from 'vitest';
import { launchChromium } from './chromium.ts';

export const SCREENSHOT_DIR = join('tests', 'e2e', 'screenshots');

// Every page any browser of this file opens is watched: an uncaught error, or a console error or
// warning, fails the test it happened in (afterEach below), so no test can forget to look. Every
// browser suite opens its browser through launchBrowser() or openBrowserPage(), which is what
// registers these hooks in its file. A test that provokes a message on purpose (a request the
// server must refuse, which Chromium logs as "Failed to load resource") says so with
// allowPageMessages(), for that test only.
const pageProblems: string[] = [];
let allowed: RegExp[] = [];

/** Lets the current test's page log messages matching `patterns` (each with a comment saying why). */
export function allowPageMessages(...patterns: RegExp[]): void {
  allowed.push(...patterns);
}

/**
 * Lets the current test's page be refused one request by the server, which the test provokes and
 * asserts: Chromium logs every 4xx answer as "Failed to load resource". Only that status, for
 * that path (a string, or a RegExp for the path with ids in it), and only in this test.
 */
export function allowRefusal(status: number, path: string | RegExp): void {
  const where = typeof path === 'string' ? path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : path.source;
  allowed.push(
    new RegExp(
      `^console\\.error: Failed to load resource: the server responded with a status of ${status} \\([^)]*\\) \\(https?://[^/]+${where}(\\?[^)]*)?\\)$`,
    ),
  );
}

function noteProblem(problem: string): void {
  if (!allowed.some((pattern) => pattern.test(problem))) pageProblems.push(problem);
}

function describeConsole(message: ConsoleMessage): string {
  const { url } = message.location();
  return `console.${message.type()}: ${message.text()}${url ? ` (${url})` : ''}`;
}

/** Watches one page: its uncaught errors and its console errors and warnings. */
function watchPage(page: Page): void {
  page.on('pageerror', (error) => noteProblem(`page error: ${error.stack ?? String(error)}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') noteProblem(describeConsole(message));
  });
}

function failOnPageProblems(when: string): void {
  if (pageProblems.length === 0) return;
  const problems = pageProblems.splice(0);
  throw new Error(`${problems.length} page problem(s) ${when}:\n\n${problems.join('\n\n')}`);
}

// a problem between tests (in a beforeAll's sign-in) fails the next test, which says so
beforeEach(() => failOnPageProblems('before this test started'));
afterEach(() => {
  allowed = [];
  failOnPageProblems('during this test');
});
afterAll(() => failOnPageProblems('outside any test of this file'));

/** Debian's Chromium, never a downloaded browser; every page it opens is watched (above). */
export async function launchBrowser(): Promise<Browser> {
  const browser = await launchChromium();
  // browser.newPage() makes its context through newContext() too
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.on('page', watchPage);
    // Playwright's waits give up after 30 s by default, which a loaded machine exceeds while the
    // page is still on its way: the ceiling for an event that never comes is the one in
    // vitest.e2e.config.ts (expect.poll), below the test timeout
    context.setDefaultTimeout(120_000);
    return context;
  };
  return browser;
}

export interface BrowserPage {
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

/** The browser with one page at the suite's window size, watched like every page (above). */
export async function openBrowserPage(): Promise<BrowserPage> {
  const browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  const page = await context.newPage();
  return { browser, context, page };
}

/**
 * Through the side menu, as a person would: open the group when its page is not showing, then the
 * page, until the address is the page chosen. While a group opens its list grows and clips its
 * entries, and Playwright brings a clipped entry into view by scrolling the list itself, which the
 * animation scrolls back, so that the button can be let go over another entry and the click lost:
 * the click is tried again then.
 */
export async function openFromMenu(page: Page, group: string, item: string): Promise<void> {
  const sidebar = page.getByTestId('sidebar');
  // a group and its page may share a title (内容管理): pages are the menu's items, groups its
  // sub-menus; a folded menu opens its groups as pop-ups outside the sidebar
  const entry = page
    .locator(
      '[data-testid="sidebar"] li.ant-menu-item:visible, .ant-menu-submenu-popup li.ant-menu-item:visible',
    )
    .filter({ hasText: new RegExp(`^${item}$`) });
  const title = sidebar.locator('.ant-menu-submenu-title').filter({ hasText: new RegExp(`^${group}$`) });
  await actUntil(
    `the menu should show ${group} / ${item}`,
    // the page is shown when the address is the entry's: antd keys an entry by its route
    // (`data-menu-id` ends in it), and a selected mark can be an earlier page's, in a list kept hidden
    async () => {
      const keys = await entry.evaluateAll((found) => found.map((li) => li.dataset.menuId ?? ''));
      const shown = new URL(page.url()).hash.slice(1).split('?')[0];
      return keys.some((key) => key.endsWith(`-${shown}`));
    },
    async () => {
      // a folded menu opens its groups as pop-ups on hover, which a moving pointer can close
      // before the click: the menu is unfolded first, as a person would to read it (the shell keeps
      // the choice in its cookie)
      if ((await sidebar.locator('.ant-menu-inline-collapsed').count()) > 0) {
        await page.getByRole('button', { name: '折叠/展开菜单' }).click();
        await sidebar.locator('.ant-menu-inline:not(.ant-menu-inline-collapsed)').first().waitFor();
      }
      if ((await entry.count()) === 0) await title.click();
      // this entry: one drawn again meanwhile fails the click, and the act is tried again
      const [button] = await entry.elementHandles();
      await button?.click();
    },
  );
}

/** Fills the sign-in page and presses its button, as a user signs in; the caller waits for what follows. */
export async function submitSignIn(page: Page, userName: string, password: string): Promise<void> {
  await page.getByPlaceholder('用户名').fill(userName);
  await page.getByPlaceholder('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

/**
 * Acts until a state is reached. Lists whose entries arrive from the server (a select's options, a
 * tree's level) are redrawn as they do, and a click that lands on an entry while it is redrawn is
 * swallowed without an error: the state the click means is checked, and the act repeated while it
 * is not reached. `act` must be safe to repeat (it looks before it toggles anything).
 */
export async function actUntil(what: string, reached: () => Promise<boolean>, act: () => Promise<void>) {
  await expect
    .poll(
      async () => {
        if (await reached()) return true;
        await act();
        return reached();
      },
      { message: what, timeout: 120_000 },
    )
    .toBe(true);
}

/** Picks `text` in a select of `scope` (a form) whose options come from the server; `id` is its input's. */
export async function pickOption(scope: Locator, id: string, text: string): Promise<void> {
  const page = scope.page();
  const control = scope.locator(`#${id}`);
  // a `has` locator is matched inside each candidate, so it starts from the page, not from the scope
  const select = scope.locator('.ant-select').filter({ has: page.locator(`#${id}`) });
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await actUntil(
    `${text} should be picked`,
    // the select's own text (its options are in a popup elsewhere): the placeholder, or the pick
    async () => ((await select.textContent()) ?? '').includes(text),
    async () => {
      if ((await dropdown.count()) === 0) await control.click();
      await dropdown.getByText(text, { exact: true }).click();
    },
  );
}

/** Opens a tree node by its switcher until `child` shows (the switcher is only clicked while closed). */
export async function openTreeNode(switcher: Locator, child: Locator): Promise<void> {
  await actUntil(
    'the tree node should open',
    async () => (await child.count()) > 0,
    async () => {
      if (!((await switcher.getAttribute('class')) ?? '').includes('switcher_open')) await switcher.click();
    },
  );
}

/** Until no CSS transition runs: a drawer that narrows with the window, a button fading in. */
export async function transitionsDone(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition)));
}

/**
 * The window made `width` wide and what it moved brought into view, once the drawer has
 * followed the window (a transition of a few frames): the element is scrolled to without
 * Playwright's wait for two frames alike, which a drawer's late reflow can keep from coming.
 */
export async function resizeAndShow(
  page: Page,
  width: number,
  height: number,
  shown: Locator,
): Promise<void> {
  await page.setViewportSize({ width, height });
  await transitionsDone(page);
  await shown.evaluate((element) => element.scrollIntoView({ block: 'center' }));
}

/**
 * A full-page screenshot of the page at rest: Playwright fast-forwards the animations still
 * running (a dialog's zoom, a drawer's slide), so a picture taken as a dialog opens shows the
 * dialog as a person sees it a moment later, not half transparent over the page.
 *
 * The page is not captured with Playwright's `fullPage`: Chromium's capture beyond the viewport
 * can tell the page, mid-capture, that its window is 1 × 1 px (puppeteer issue 7251, confirmed
 * and open). The shell takes that for a phone and folds the sidebar, so the test after the
 * picture found it folded (3 of 14 runs with a CPU-bound process beside the suite). Instead the
 * viewport is made as tall as the page, a resize at the same width that the shell reads as the
 * device it is, and is put back after.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const viewport = page.viewportSize();
  if (!viewport) throw new Error(`screenshot ${name}: the page has no fixed viewport to grow`);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const grown = height > viewport.height;
  if (grown) await page.setViewportSize({ width: viewport.width, height });
  try {
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), animations: 'disabled' });
  } finally {
    if (grown) await page.setViewportSize(viewport);
  }
}
