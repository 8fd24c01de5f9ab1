// The built app under its Content-Security-Policy (docs/security.md): scripts only from its own
// origin and never eval'd, style elements only with the page's nonce. A person signs in and goes
// through the dashboard, a list, a form drawer with its checks, and the rich-text editor, and the
// browser reports no violation of the policy on the way; a style smuggled in as markup is refused.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { allowPageMessages, openBrowserPage, openFromMenu, screenshot, submitSignIn } from './browser.ts';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');

let browser: Browser;
let page: Page;
/** What the browser said about the policy: `securitypolicyviolation` events and console lines. */
const refused: string[] = [];

declare global {
  interface Window {
    __violations?: string[];
  }
}

const violations = async () => [
  ...refused,
  ...((await page.evaluate(() => window.__violations ?? [])) as string[]),
];

beforeAll(async () => {
  ({ browser, page } = await openBrowserPage());
  // before any script of the page runs, on every document it loads
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__violations!.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page.on('console', (message) => {
    if (/Refused to|Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
});

afterAll(async () => {
  await browser?.close();
});

describe('the app under its Content-Security-Policy', () => {
  it('is served with the policy and a fresh style nonce on every load', async () => {
    const first = await page.goto(`${baseUrl}/`);
    const policy = first!.headers()['content-security-policy'];
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toContain('unsafe-eval');
    const nonce = /'nonce-([^']+)'/.exec(policy)![1];
    expect(
      await page.evaluate(() => document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')!.nonce),
    ).toBe(nonce);
    const second = await fetch(`${baseUrl}/`);
    expect(second.headers.get('content-security-policy')).not.toContain(nonce);
  });

  it('signs in and shows the dashboard with no violation', async () => {
    await submitSignIn(page, 'admin', adminPassword);
    await page.getByTestId('dashboard').waitFor();
    await page.getByTestId('contents-chart').locator('.ct-bar').first().waitFor({ state: 'attached' });
    // antd's styles arrived, with the nonce: the side menu is drawn dark, not as a bare list
    const sidebar = page.getByTestId('sidebar');
    await sidebar.waitFor();
    expect(await page.locator('style[data-css-hash], style[data-rc-order]').count()).toBeGreaterThan(0);
    await screenshot(page, 'csp-01-dashboard');
    expect(await violations()).toEqual([]);
  });

  it('opens a list and its form drawer, whose checks run in the page, with no violation', async () => {
    await openFromMenu(page, '内容管理', '内容管理');
    await page.waitForURL(/#\/cms\/contents/);
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const drawer = page.locator('.ant-drawer-open .ant-drawer-section');
    await drawer.waitFor();
    // the form's own checks (no generated code): empty required fields, then a script address
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    await drawer.locator('.ant-form-item-explain-error').first().waitFor();
    expect(await drawer.textContent()).toContain('标题不能为空');
    await drawer.getByText('外部链接').click();
    await drawer.locator('#root_linkUrl').fill('javascript:alert(1)');
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    await drawer.locator('.ant-form-item-explain-error', { hasText: '链接地址不是有效的地址' }).waitFor();
    await screenshot(page, 'csp-02-form-drawer');
    // back to a content with a body of its own (a link has none)
    await drawer.getByText('外部链接').click();
    await drawer.locator('#root_linkUrl').waitFor({ state: 'detached' });
    expect(await violations()).toEqual([]);
  });

  it('edits rich text in the editor with no violation', async () => {
    const drawer = page.locator('.ant-drawer-open .ant-drawer-section');
    await drawer.getByRole('tab', { name: '正文' }).click();
    const editor = drawer.locator('#root_body[contenteditable="true"]');
    await editor.waitFor();
    await editor.click();
    await page.keyboard.type('校园新闻正文');
    await expect.poll(() => editor.textContent()).toContain('校园新闻正文');
    await screenshot(page, 'csp-03-rich-text');
    expect(await violations()).toEqual([]);
  });

  it('refuses a style element smuggled in as markup, which is what the nonce is for', async () => {
    // the refusal this test provokes, which Chromium also reports on the console
    allowPageMessages(
      /^console\.error: Applying inline style violates the following Content Security Policy directive 'style-src(-elem)? 'self' 'nonce-/,
    );
    await page.evaluate(() => {
      document.body.insertAdjacentHTML('beforeend', '<style id="smuggled">body { display: none }</style>');
    });
    await expect
      .poll(() => page.evaluate(() => window.__violations ?? []))
      .toEqual([expect.stringMatching(/^style-src-elem inline/)]);
    expect(await page.evaluate(() => getComputedStyle(document.body).display)).not.toBe('none');
  });
});
