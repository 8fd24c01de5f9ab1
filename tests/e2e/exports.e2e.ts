// Exporting a list as an editor would: the export menu offers the columns the list shows and all
// columns; the visible-columns file holds exactly the columns left after the column settings,
// as the list shows them (labels, 是/否, local times), and the all-columns file every field.

import type { Browser, Download, Page } from 'playwright-core';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AdminApi, adminApi } from './adminApi.ts';
import { actUntil, openBrowserPage, screenshot, submitSignIn } from './browser.ts';

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

async function readDownload(download: Download): Promise<unknown[][]> {
  const { readFile } = await import('node:fs/promises');
  return (await readSheet(await readFile(await download.path()))) as unknown[][];
}

describe('the export menu', () => {
  it('exports the visible columns or all columns of the rows the filters match', async () => {
    // this test's own category and content, so a rerun or a neighbour's rows cannot confuse it
    const tag = `导出${Date.now().toString(36)}`;
    const category = await api('POST', '/api/cms/contentCategorys', { categoryName: `${tag}栏目`, kind: 0 });
    await api('POST', '/api/cms/contents', {
      title: `${tag}通知`,
      categoryId: category.id,
      body: '<p>正文</p>',
      pinned: true,
      publishTime: '2026-11-01T02:00:00Z',
    });

    await page.goto(`${baseUrl}/#/login`);
    await submitSignIn(page, 'admin', adminPassword);
    await page.waitForURL(/#\/dashboard/);
    await page.goto(`${baseUrl}/#/cms/contents`);
    await page.getByPlaceholder('请输入标题').fill(tag);
    await page.getByRole('button', { name: /搜\s*索/ }).click();
    await page.getByText('共 1 条').waitFor();
    await page.getByRole('cell', { name: `${tag}通知` }).waitFor();

    // hide the author column: a visible-columns export leaves it out
    // (the box is clicked until the column goes: a click while the panel zooms in can miss it)
    const authorBox = page.getByRole('checkbox', { name: '作者' });
    await actUntil(
      'the author column hidden',
      async () => (await page.getByRole('columnheader', { name: /作者/ }).count()) === 0,
      async () => {
        if (!(await authorBox.isVisible())) await page.getByRole('button', { name: '列设置' }).click();
        if (await authorBox.isChecked()) await authorBox.click();
      },
    );
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: /导\s*出/ }).click();
    const visible = page.getByRole('menuitem', { name: '导出可见列' });
    await visible.waitFor();
    await screenshot(page, 'export-01-menu-1366');
    await page.setViewportSize({ width: 360, height: 760 });
    await screenshot(page, 'export-02-menu-360');
    await page.setViewportSize({ width: 1366, height: 860 });

    const [shown] = await Promise.all([page.waitForEvent('download'), visible.click()]);
    expect(shown.suggestedFilename()).toBe('contents.xlsx');
    const [header, row] = await readDownload(shown);
    const listed = await page.locator('thead th').allTextContents();
    expect(header).not.toContain('作者');
    // the data columns in the list's order (the list has a selection and an actions column besides)
    expect(header.slice(1)).toEqual(listed.filter((title) => header.includes(title)));
    expect(header.slice(1).length).toBeGreaterThan(4);
    const cell = (title: string) => row[header.indexOf(title)];
    expect(cell('标题')).toBe(`${tag}通知`);
    expect(cell('所属栏目')).toBe(`${tag}栏目`);
    expect(cell('置顶')).toBe('是');
    expect(String(cell('发布时间'))).toMatch(/^2026-11-01 \d{2}:00:00$/);
    await page.getByText('已导出 contents.xlsx').waitFor();

    // the answer held back a moment, to see the progress the page shows while a file comes
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/cms/contents/export', async (route) => {
      const response = await route.fetch();
      await held;
      await route.fulfill({ response });
    });
    await page.getByRole('button', { name: /导\s*出/ }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: '导出全部列' }).click();
    await page.getByText(/正在导出，已接收/).waitFor();
    // the choice made, the menu closes
    await page.getByRole('menuitem', { name: '导出全部列' }).waitFor({ state: 'hidden' });
    await screenshot(page, 'export-03-progress-1366');
    release();
    const all = await download;
    const [allHeader, allRow] = await readDownload(all);
    expect(allHeader).toContain('作者');
    expect(allHeader).toContain('正文');
    expect(allRow[allHeader.indexOf('正文')]).toBe('<p>正文</p>');
    // the button spins while the file comes, and is ready again once it is saved
    await expect
      .poll(() => page.getByRole('button', { name: /导\s*出/ }).getAttribute('class'))
      .not.toContain('loading');
    await screenshot(page, 'export-04-done-1366');
  });
});
