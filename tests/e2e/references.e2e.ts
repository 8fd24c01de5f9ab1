// A delete that references hold back, as an editor meets it: the category list's delete answers
// with a dialog naming the contents and the sub-category that still point at the category, and
// its link opens the contents list filtered to exactly those rows.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AdminApi, adminApi } from './adminApi.ts';
import { allowRefusal, openBrowserPage, screenshot, submitSignIn } from './browser.ts';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');

let browser: Browser;
let page: Page;
let api: AdminApi;

beforeAll(async () => {
  ({ browser, page } = await openBrowserPage());
  api = await adminApi(baseUrl, adminPassword);
});

afterAll(async () => {
  await browser?.close();
});

describe('a delete held back by references', () => {
  it('names what still points at the category, and links to those contents', async () => {
    const category = await api('POST', '/api/cms/contentCategorys', {
      categoryName: '引用测试栏目',
      kind: 0,
    });
    await api('POST', '/api/cms/contentCategorys', {
      categoryName: '引用测试子栏目',
      kind: 0,
      parentId: category.id,
    });
    for (const title of ['引用测试一', '引用测试二'])
      await api('POST', '/api/cms/contents', {
        title,
        categoryId: category.id,
        body: `<p>${title}</p>`,
        publishTime: '2026-11-01T10:00:00Z',
      });

    await page.goto(`${baseUrl}/#/login?redirect=${encodeURIComponent('/cms/contentCategorys')}`);
    await submitSignIn(page, 'admin', adminPassword);
    const row = page.getByRole('row').filter({ hasText: /^引用测试栏目/ });
    await row.first().waitFor();
    // the delete this test is about, which the server refuses while rows point at the category
    allowRefusal(409, /\/api\/cms\/contentCategorys\/\d+/);
    await row
      .first()
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();

    const dialog = page.getByRole('dialog').filter({ hasText: '无法删除' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(
      '栏目“引用测试栏目”仍被 1 条下级栏目、2 条内容引用，不能删除',
    );
    const items = dialog.getByTestId('references').locator('li');
    expect(await items.allTextContents()).toEqual([
      expect.stringMatching(/下级栏目：1 条.*引用测试子栏目/),
      expect.stringMatching(/内容管理：2 条.*引用测试一、引用测试二/),
    ]);
    await screenshot(page, 'references-01-refused-delete');

    await items.nth(1).getByRole('link', { name: '查看列表' }).click();
    await expect
      .poll(() => decodeURIComponent(page.url()))
      .toContain(`#/cms/contents?f.categoryId=${category.id}`);
    // the category list stays alive in its hidden tab: only the page shown counts
    const rows = page.locator('tbody tr.ant-table-row:visible');
    await expect.poll(() => rows.count()).toBe(2);
    await screenshot(page, 'references-02-filtered-list');
  });
});
