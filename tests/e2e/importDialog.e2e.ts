// Importing a spreadsheet from a list page, as an editor would: the template downloads with the
// header the import reads, a file with a bad row is refused whole with a report of every bad
// cell by its spreadsheet row (downloadable), and the corrected file creates every row.

import type { Browser, Page } from 'playwright-core';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import writeXlsxFile, { type Row } from 'write-excel-file/node';
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

const xlsx = (rows: Row[]) => writeXlsxFile(rows).toBuffer();

async function readDownload(download: import('playwright-core').Download): Promise<unknown[][]> {
  const path = await download.path();
  const { readFile } = await import('node:fs/promises');
  return (await readSheet(await readFile(path))) as unknown[][];
}

describe('the import dialog', () => {
  it('gives a template, refuses a file with a bad row with a report, then imports the corrected file', async () => {
    // this test's own category and names, so a rerun or a neighbour's rows cannot confuse it
    const tag = `导入${Date.now().toString(36)}`;
    const category = await api('POST', '/api/cms/weblinkcategorys', {
      categoryName: `${tag}分类`,
      orderNum: 0,
      status: 0,
    });
    expect(category.id).toBeGreaterThan(0);

    await page.goto(`${baseUrl}/#/login`);
    await submitSignIn(page, 'admin', adminPassword);
    await page.waitForURL(/#\/dashboard/);
    await page.goto(`${baseUrl}/#/cms/weblinks`);

    await page.getByRole('button', { name: /导\s*入/ }).click();
    const dialog = page.getByRole('dialog', { name: '导入友情链接' });
    await dialog.waitFor();

    const [template] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: '下载模板' }).click(),
    ]);
    expect(template.suggestedFilename()).toBe('weblinks-导入模板.xlsx');
    expect((await readDownload(template))[0]).toEqual([
      '链接名称',
      '链接地址',
      '链接分类',
      '图标',
      '新窗口打开',
      '排序',
      '状态',
    ]);

    const header = ['链接名称', '链接地址', '链接分类'];
    const bad = await xlsx([
      header,
      [`${tag}甲`, 'https://a.example.edu.cn', `${tag}分类`],
      [`${tag}乙`, 'javascript:alert(1)', `${tag}分类`],
    ]);
    // the server refuses the first file whole (400), which the dialog then reports
    allowRefusal(400, '/api/cms/weblinks/import');
    const input = dialog.locator('input[type="file"]');
    await input.setInputFiles({ name: 'links.xlsx', mimeType: 'application/octet-stream', buffer: bad });
    await dialog.getByRole('button', { name: /开始导入/ }).click();
    const report = dialog.locator('.import-report');
    await report.waitFor();
    await expect.poll(() => report.getByRole('row').count()).toBe(2);
    const line = report.getByRole('row').nth(1);
    expect(await line.locator('td').nth(0).textContent()).toBe('3');
    expect(await line.locator('td').nth(1).textContent()).toBe('链接地址');
    await screenshot(page, 'import-01-report-1366');
    await page.setViewportSize({ width: 360, height: 760 });
    await screenshot(page, 'import-02-report-360');
    await page.setViewportSize({ width: 1366, height: 860 });

    const [saved] = await Promise.all([
      page.waitForEvent('download'),
      report.getByRole('button', { name: '下载错误报告' }).click(),
    ]);
    const lines = await readDownload(saved);
    expect(lines[0]).toEqual(['行号', '列', '问题']);
    expect(lines[1].slice(0, 2)).toEqual([3, '链接地址']);
    // refused whole: the good row of that file was not written either
    const none = await api('GET', `/api/cms/weblinks?linkName=${encodeURIComponent(tag)}&page=1&limit=10`);
    expect(none.total).toBe(0);

    const good = await xlsx([
      header,
      [`${tag}甲`, 'https://a.example.edu.cn', `${tag}分类`],
      [`${tag}乙`, 'https://b.example.edu.cn', `${tag}分类`],
    ]);
    await input.setInputFiles({ name: 'links.xlsx', mimeType: 'application/octet-stream', buffer: good });
    await dialog.getByRole('button', { name: /开始导入/ }).click();
    await page.getByText('已导入 2 条').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const made = await api('GET', `/api/cms/weblinks?linkName=${encodeURIComponent(tag)}&page=1&limit=10`);
    expect(made.rows.map((r: { linkName: string }) => r.linkName).sort()).toEqual(
      [`${tag}乙`, `${tag}甲`].sort(),
    );
    expect(made.rows.every((r: { categoryId: number }) => r.categoryId === category.id)).toBe(true);
    await page
      .getByRole('row')
      .filter({ hasText: `${tag}甲` })
      .first()
      .waitFor();
  });
});
