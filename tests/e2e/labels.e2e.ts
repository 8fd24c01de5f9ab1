// A reference shown by its label however large the referenced table: with 600 source offices
// (more than the 500 rows one list page may hold) a content that names the 600th shows its name.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AdminApi, adminApi } from './adminApi.ts';
import { openBrowserPage, screenshot, submitSignIn } from './browser.ts';

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

describe('reference labels at size', () => {
  it('shows the 600th source office by its name in the contents list', async () => {
    let last = 0;
    for (let start = 1; start <= 600; start += 50) {
      const made = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          api('POST', '/api/cms/sourceoffices', { officeName: `标签科室${start + i}` }),
        ),
      );
      last = made.at(-1).id;
    }
    const category = await api('POST', '/api/cms/contentCategorys', {
      categoryName: '标签测试栏目',
      kind: 0,
    });
    await api('POST', '/api/cms/contents', {
      title: '标签测试内容',
      categoryId: category.id,
      sourceOfficeId: last,
      body: '<p>x</p>',
      publishTime: '2026-11-01T10:00:00Z',
    });

    await page.goto(
      `${baseUrl}/#/login?redirect=${encodeURIComponent(`/cms/contents?f.title=${encodeURIComponent('标签测试内容')}`)}`,
    );
    await submitSignIn(page, 'admin', adminPassword);
    const row = page.locator('tbody tr.ant-table-row:visible').filter({ hasText: '标签测试内容' });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('标签科室600');
    expect(await row.textContent()).toContain('标签测试栏目');
    await screenshot(page, 'labels-01-600th-office');
  });
});
