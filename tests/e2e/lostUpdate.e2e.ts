// Two editors on one content, as they meet it: both open the edit drawer, the first saves, and
// the second's save does not silently undo the first's: a dialog shows the field both changed,
// the second's value against the saved one. Reloading puts the saved values in the form; a later
// conflict (on a phone-sized window) is settled by overwriting, which the server then holds.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AdminApi, adminApi } from './adminApi.ts';
import { allowRefusal, launchBrowser, screenshot, submitSignIn } from './browser.ts';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');
const TITLE = '并发编辑测试';

let browser: Browser;
const contexts: BrowserContext[] = [];
let api: AdminApi;

/** A browser of its own (another editor), signed in, on the contents list filtered to `title`. */
async function editor(width: number): Promise<{ page: Page }> {
  const context = await browser.newContext({ viewport: { width, height: 860 } });
  contexts.push(context);
  const page = await context.newPage();
  const list = `/cms/contents?f.title=${encodeURIComponent(TITLE)}`;
  await page.goto(`${baseUrl}/#/login?redirect=${encodeURIComponent(list)}`);
  await submitSignIn(page, 'admin', adminPassword);
  await page.getByRole('row').filter({ hasText: TITLE }).first().waitFor();
  return { page };
}

/** Opens the content's edit drawer and waits for the form to hold the row. */
async function openEdit(page: Page): Promise<Locator> {
  await page
    .getByRole('row')
    .filter({ hasText: TITLE })
    .first()
    .getByRole('button', { name: /修\s*改/ })
    .click();
  const drawer = page.locator('.ant-drawer-section').filter({ hasText: '编辑内容' });
  await expect.poll(() => drawer.getByLabel('标题').inputValue()).toContain(TITLE);
  return drawer;
}

/** Waits until no dialog is still zooming or fading in, so a screenshot shows it as it stays. */
async function settled(page: Page) {
  const moving = page.locator('.ant-modal-root [class*="-appear"], .ant-modal-root [class*="-enter"]');
  await expect.poll(() => moving.count()).toBe(0);
}

async function setTitle(drawer: Locator, title: string) {
  await drawer.getByLabel('标题').fill(title);
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
}

beforeAll(async () => {
  browser = await launchBrowser();
  api = await adminApi(baseUrl, adminPassword);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('two editors saving the same content', () => {
  it('shows the second save a conflict dialog; reload brings the first one’s values, overwrite keeps mine', async () => {
    // the stale saves this test makes, one from each editor, which the server refuses as conflicts
    allowRefusal(409, /\/api\/cms\/contents\/\d+/);
    const category = await api('POST', '/api/cms/contentCategorys', {
      categoryName: '并发测试栏目',
      kind: 0,
    });
    const content = await api('POST', '/api/cms/contents', {
      title: TITLE,
      categoryId: category.id,
      body: '<p>两人同时编辑</p>',
      publishTime: '2026-11-01 10:00:00',
    });

    const first = await editor(1366);
    const second = await editor(1366);
    const firstDrawer = await openEdit(first.page);
    const secondDrawer = await openEdit(second.page);

    await setTitle(firstDrawer, `${TITLE}（甲）`);
    await first.page.getByText('保存成功').waitFor();
    await setTitle(secondDrawer, `${TITLE}（乙）`);

    const dialog = second.page.getByRole('dialog').filter({ hasText: '数据已被他人修改' });
    await dialog.waitFor();
    const row = dialog.getByTestId('conflict-fields').getByRole('row').filter({ hasText: '标题' });
    expect(await row.textContent()).toBe(`标题${TITLE}（乙）${TITLE}（甲）`);
    await settled(second.page);
    await screenshot(second.page, 'lost-update-01-conflict');

    await dialog.getByRole('button', { name: '载入当前数据' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => secondDrawer.getByLabel('标题').inputValue()).toBe(`${TITLE}（甲）`);
    await screenshot(second.page, 'lost-update-02-reloaded');
    expect((await api('GET', `/api/cms/contents/${content.id}`)).title).toBe(`${TITLE}（甲）`);

    // again, the second editor now on a phone: the first saves once more, the second overwrites
    await second.page.setViewportSize({ width: 360, height: 780 });
    const again = await openEdit(first.page);
    await setTitle(again, `${TITLE}（甲二）`);
    // a saved edit closes its drawer
    await again.waitFor({ state: 'hidden' });
    await setTitle(secondDrawer, `${TITLE}（乙二）`);
    const phoneDialog = second.page.getByRole('dialog').filter({ hasText: '数据已被他人修改' });
    await phoneDialog.waitFor();
    await settled(second.page);
    await screenshot(second.page, 'lost-update-03-conflict-360');
    await phoneDialog.getByRole('button', { name: '用我的覆盖' }).click();
    await second.page.getByText('保存成功').waitFor();
    const saved = await api('GET', `/api/cms/contents/${content.id}`);
    expect(saved).toMatchObject({ title: `${TITLE}（乙二）`, version: 4 });
  });
});
