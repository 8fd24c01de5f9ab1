// A content's history, as an editor meets it: edited twice in the edit drawer, its History tab
// lists the three saves with what each changed, compares two of them field by field, and
// restores the first after a confirmation; the server then holds the first title, as a fourth
// revision, and the form shows it. The history is photographed at desktop and phone width.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AdminApi, adminApi } from './adminApi.ts';
import { launchBrowser, screenshot, submitSignIn } from './browser.ts';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');
const TITLE = '版本历史测试';

let browser: Browser;
let context: BrowserContext;
let api: AdminApi;

async function signIn(page: Page): Promise<void> {
  const list = `/cms/contents?f.title=${encodeURIComponent(TITLE)}`;
  await page.goto(`${baseUrl}/#/login?redirect=${encodeURIComponent(list)}`);
  await submitSignIn(page, 'admin', adminPassword);
  await page.getByRole('row').filter({ hasText: TITLE }).first().waitFor();
}

/** Opens the content's edit drawer and waits for the form to hold the row. */
async function openEdit(page: Page, title: string): Promise<Locator> {
  await page
    .getByRole('row')
    .filter({ hasText: title })
    .first()
    .getByRole('button', { name: /修\s*改/ })
    .click();
  const drawer = page.locator('.ant-drawer-section').filter({ hasText: '编辑内容' });
  await expect.poll(() => drawer.getByRole('textbox', { name: /标题/ }).inputValue()).toBe(title);
  return drawer;
}

async function saveTitle(page: Page, from: string, to: string): Promise<void> {
  const drawer = await openEdit(page, from);
  await drawer.getByRole('textbox', { name: /标题/ }).fill(to);
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  // a saved edit closes its drawer
  await drawer.waitFor({ state: 'hidden' });
  await page.getByRole('row').filter({ hasText: to }).first().waitFor();
}

/** Waits until no popup is still moving in, so a screenshot shows it as it stays. */
async function settled(page: Page) {
  const moving = page.locator('[class*="-appear"], [class*="-enter"]');
  await expect.poll(() => moving.count()).toBe(0);
}

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  api = await adminApi(baseUrl, adminPassword);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('a content’s history in its edit drawer', () => {
  it('lists two edits, shows what the second changed, and restores the first version', async () => {
    const category = await api('POST', '/api/cms/contentCategorys', {
      categoryName: '版本测试栏目',
      kind: 0,
    });
    const content = await api('POST', '/api/cms/contents', {
      title: `${TITLE}一`,
      categoryId: category.id,
      body: '<p>学校举行秋季运动会，全体师生参加。</p>',
      publishTime: '2026-11-01 10:00:00',
    });
    const page = await context.newPage();
    await signIn(page);
    await saveTitle(page, `${TITLE}一`, `${TITLE}二`);
    await saveTitle(page, `${TITLE}二`, `${TITLE}三`);

    const drawer = await openEdit(page, `${TITLE}三`);
    await drawer.getByRole('tab', { name: '历史版本' }).click();
    const history = drawer.getByTestId('revision-history');
    await history.getByTestId('revision-3').waitFor();
    expect(await history.getByTestId('changed-3').textContent()).toBe('修改了：标题');
    expect(await history.getByTestId('revision-1').textContent()).toContain('新建');
    const diff = history.getByTestId('revision-diff');
    await expect.poll(() => diff.getByTestId('newer-title').textContent()).toBe(`${TITLE}三`);
    expect(await diff.getByTestId('older-title').textContent()).toBe(`${TITLE}二`);
    await settled(page);
    await screenshot(page, 'revisions-01-history-1366');

    // the first against the second, then back to it
    await history.getByTestId('revision-1').getByRole('radio').check();
    await expect.poll(() => diff.getByTestId('older-title').textContent()).toBe(`${TITLE}一`);
    await history
      .getByTestId('revision-1')
      .getByRole('button', { name: /恢复此版本/ })
      .click();
    const confirm = page.locator('.ant-popover').filter({ hasText: '恢复到版本 1？' });
    await confirm.waitFor();
    await settled(page);
    await screenshot(page, 'revisions-02-restore-confirm-1366');
    await confirm.getByRole('button', { name: /恢复此版本/ }).click();
    await page.getByText('已恢复到版本 1').waitFor();
    await history.getByTestId('revision-4').waitFor();
    expect(await history.getByTestId('revision-4').textContent()).toContain('恢复');

    const saved = await api('GET', `/api/cms/contents/${content.id}`);
    expect(saved).toMatchObject({ title: `${TITLE}一`, version: 4 });
    await drawer.getByRole('tab', { name: '编辑' }).click();
    await expect.poll(() => drawer.getByRole('textbox', { name: /标题/ }).inputValue()).toBe(`${TITLE}一`);

    // the same history on a phone
    await page.setViewportSize({ width: 360, height: 780 });
    await drawer.getByRole('tab', { name: '历史版本' }).click();
    await history.getByTestId('revision-4').waitFor();
    await history.getByTestId('revision-3').getByRole('radio').check();
    await expect.poll(() => diff.getByTestId('newer-title').textContent()).toBe(`${TITLE}三`);
    await settled(page);
    await screenshot(page, 'revisions-03-history-360');
  });
});
