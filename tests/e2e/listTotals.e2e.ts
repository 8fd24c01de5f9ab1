// A list's total on the embedded database, where the server keeps exact totals until a table
// they counted changes (docs/server.md, "List totals kept by change stamps"): a page of contents
// longer than one page shows its count; a row written beside the server (as a maintainer's psql
// would) and a row deleted from the page each show in the total at the next read.
import type pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminApi } from './adminApi.ts';
import { launchBrowser, submitSignIn } from './browser.ts';
import { connectDatabase } from './database.ts';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');
const dataDir = inject('dataDir');
const TITLE = '合计测试';
const ROWS = 25;

let browser: Browser;
let db: pg.Client;
let categoryId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  db = await connectDatabase(dataDir);
  const api = await adminApi(baseUrl, adminPassword);
  categoryId = (await api('POST', '/api/cms/contentCategorys', { categoryName: '合计栏目', kind: 0 })).id;
  await db.query(
    `insert into cms_contents (title, category_id, publish_time, status)
     select $1 || lpad(i::text, 2, '0'), $2, now() - i * interval '1 hour', 1 from generate_series(1, ${ROWS}) i`,
    [TITLE, categoryId],
  );
});

afterAll(async () => {
  await db?.query('delete from cms_contents where category_id = $1', [categoryId]);
  await db?.end();
  await browser?.close();
});

const totalOf = (page: Page) => page.getByTestId('pagination').textContent();

describe('a list’s total on the embedded database', () => {
  it('counts a page of many, and shows a row written beside the server and one deleted from the page', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 860 } });
    const list = `/cms/contents?f.title=${encodeURIComponent(TITLE)}`;
    await page.goto(`${baseUrl}/#/login?redirect=${encodeURIComponent(list)}`);
    await submitSignIn(page, 'admin', adminPassword);
    const rows = page.getByRole('row').filter({ hasText: TITLE });
    await rows.first().waitFor();
    await expect.poll(() => totalOf(page)).toContain(`共 ${ROWS} 条`);

    // the same list again: its total is the kept one, and still right
    await page.reload();
    await rows.first().waitFor();
    await expect.poll(() => totalOf(page)).toContain(`共 ${ROWS} 条`);

    // a row written beside the server, as psql would: the next read counts again
    await db.query(
      `insert into cms_contents (title, category_id, publish_time, status) values ($1, $2, now(), 1)`,
      [`${TITLE}新增`, categoryId],
    );
    await page.reload();
    await rows.first().waitFor();
    await expect.poll(() => totalOf(page)).toContain(`共 ${ROWS + 1} 条`);

    // a row deleted from the page (to the recycle bin)
    const first = rows.filter({ hasText: `${TITLE}新增` });
    await first.getByRole('button', { name: /删\s*除/ }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.getByText('已移入回收站').waitFor();
    await expect.poll(() => totalOf(page)).toContain(`共 ${ROWS} 条`);
    await page.close();
  });
});
