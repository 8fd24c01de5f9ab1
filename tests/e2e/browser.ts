import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const SCREENSHOT_DIR = join('tests', 'e2e', 'screenshots');

/** Debian's Chromium, never a downloaded browser. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-gpu'],
  });
}

export interface BrowserPage {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** the page's uncaught errors, for a suite's last test to assert there were none */
  errors: string[];
}

/** The browser with one page at the suite's window size, its errors collected. */
export async function openBrowserPage(): Promise<BrowserPage> {
  const browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  const page = await context.newPage();
  return { browser, context, page, errors: watchErrors(page) };
}

/**
 * Through the side menu, as a person would: open the group when its page is not showing (a
 * group opens with an animation, so the page is waited for), then the page.
 */
export async function openFromMenu(page: Page, group: string, item: string): Promise<void> {
  const sidebar = page.getByTestId('sidebar');
  // a group and its page may share a title (内容管理): pages are the menu's items, groups its sub-menus
  const entry = sidebar.locator('li.ant-menu-item').filter({ hasText: new RegExp(`^${item}$`) });
  if (!(await entry.isVisible())) {
    await sidebar
      .locator('.ant-menu-submenu-title')
      .filter({ hasText: new RegExp(`^${group}$`) })
      .click();
    await entry.waitFor();
  }
  await entry.click();
}

/** Collects page errors so a test can assert the page ran clean. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}
