// The category picker of the content form over 100,000 categories, made with one SQL statement:
// a deep category is found by typing (shown under the categories above it) and by opening the
// tree a level at a time, and the choice shows as its path; a long list reads its next page as
// it is scrolled to its end. No request reads the whole table.

import type pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openTreeNode, screenshot, submitSignIn } from './browser.ts';
import { connectDatabase } from './database.ts';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');
const dataDir = inject('dataDir');

const COUNT = 100_000;
/** the made rows' ids start above this, far from the ids the rest of the suite's writes take */
const BASE = 1_000_000;

let browser: Browser;
let db: pg.Client;

beforeAll(async () => {
  browser = await launchBrowser();
  db = await connectDatabase(dataDir);
  // a tree of ten roots, ten children a row: 大树k's children are 大树10k+1 … 大树10k+10, five
  // levels deep. No order number, so the made rows lead every level (empty comes first).
  await db.query(
    `insert into cms_content_categorys (id, parent_id, category_name, kind, status, show_in_nav, regulation)
     select ${BASE} + i, case when i <= 10 then null else ${BASE} + (i - 1) / 10 end, '大树' || i, 0, 0, true, false
     from generate_series(1, ${COUNT}) i`,
  );
  await db.query('analyze cms_content_categorys');
});

afterAll(async () => {
  await db?.query(`delete from cms_content_categorys where id > ${BASE}`);
  await db?.end();
  await browser?.close();
});

interface Session {
  page: Page;
  /** every request for categories the page sent */
  categoryRequests: URL[];
}

async function openContentForm(width: number, height: number): Promise<Session> {
  const context = await browser.newContext({ viewport: { width, height } });
  // each wait below is for an element or an answer; the ceiling is generous for a busy machine,
  // where a first sign-in with its page's code can take longer than playwright's 30 s
  context.setDefaultTimeout(120_000);
  const page = await context.newPage();
  const categoryRequests: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/cms/contentCategorys') categoryRequests.push(url);
  });
  await page.goto(`${baseUrl}/#/login?redirect=${encodeURIComponent('/cms/contents')}`);
  await submitSignIn(page, 'admin', adminPassword);
  await page.locator('tbody tr:visible').first().waitFor();
  await page
    .locator('button:visible')
    .filter({ hasText: /^新\s*增$/ })
    .click();
  await page.locator('.ant-drawer-content-wrapper:visible form').waitFor();
  // from here on, the form's picker is the one asking (the filter bar's flat picker asked before)
  categoryRequests.length = 0;
  return { page, categoryRequests };
}

const categoryItem = (page: Page) =>
  page
    .locator('.ant-drawer-content-wrapper:visible form .ant-form-item:not(:has(.ant-form-item))')
    .filter({ hasText: '所属栏目' });
const dropdown = (page: Page) => page.locator('.ant-select-dropdown:visible');
const option = (page: Page, title: string) =>
  dropdown(page).locator(`.ant-select-tree-node-content-wrapper[title="${title}"]`);
const switcherOf = (page: Page, title: string) =>
  dropdown(page)
    .locator('.ant-select-tree-treenode')
    .filter({ has: page.locator(`[title="${title}"]`) })
    .locator('.ant-select-tree-switcher');

/** each request names a level, ids or a search, and asks for no more than a page */
function expectNoWholeTable(requests: URL[]) {
  expect(requests.length).toBeGreaterThan(0);
  for (const url of requests) {
    const q = url.searchParams;
    expect(q.has('parentId') || q.has('id') || q.has('categoryName'), url.search).toBe(true);
    expect(Number(q.get('limit'))).toBeLessThanOrEqual(50);
  }
}

describe('the category picker over 100,000 categories', () => {
  it('finds a deep category by typing, shown under the categories above it', async () => {
    const { page, categoryRequests } = await openContentForm(1366, 860);
    await categoryItem(page).locator('.ant-select').click();
    await option(page, '大树1').waitFor();
    await page.keyboard.type('大树100000');
    await option(page, '大树100000').waitFor();
    for (const above of ['大树9', '大树99', '大树999', '大树9999']) await option(page, above).waitFor();
    await screenshot(page, 'tree-picker-01-search-1366');
    await option(page, '大树100000').click();
    await expect
      .poll(() => categoryItem(page).locator('.ant-select').textContent())
      .toBe('大树9 / 大树99 / 大树999 / 大树9999 / 大树100000');
    expectNoWholeTable(categoryRequests);
    await page.context().close();
  });

  it('finds a deep category by opening the tree a level at a time', async () => {
    const { page, categoryRequests } = await openContentForm(1366, 860);
    await categoryItem(page).locator('.ant-select').click();
    await option(page, '大树1').waitFor();
    for (const title of ['大树1', '大树11', '大树111', '大树1111'])
      await openTreeNode(switcherOf(page, title), option(page, `${title}1`));
    // a row of the last level has no children: nothing to open
    await expect.poll(() => switcherOf(page, '大树11111').getAttribute('class')).toContain('noop');
    await screenshot(page, 'tree-picker-02-expanded-1366');
    await option(page, '大树11111').click();
    await expect
      .poll(() => categoryItem(page).locator('.ant-select').textContent())
      .toBe('大树1 / 大树11 / 大树111 / 大树1111 / 大树11111');
    expectNoWholeTable(categoryRequests);
    const levels = categoryRequests.map((u) => u.searchParams.get('parentId')).filter((p) => p !== null);
    expect(levels).toEqual(['0', ...[1, 11, 111, 1111].map((i) => String(BASE + i))]);
    await page.context().close();
  });

  it('reads the next page of a long list as it is scrolled to its end', async () => {
    const { page, categoryRequests } = await openContentForm(1366, 860);
    await categoryItem(page).locator('.ant-select').click();
    await option(page, '大树1').waitFor();
    // thousands of hits, fifty a page, each page ending in its "load more" entry
    await page.keyboard.type('大树2');
    // the server's hits drawn: a page of them is longer than the list (the root 大树2 shows at
    // once, found among the roots read)
    await page.waitForFunction(() => {
      const list = document.querySelector(
        '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-tree-list-holder',
      );
      return list !== null && list.scrollHeight > 50 * 24;
    });
    const searchPages = () =>
      categoryRequests
        .filter((u) => u.searchParams.has('categoryName'))
        .map((u) => u.searchParams.get('page'));
    const box = await dropdown(page).locator('.ant-select-tree-list-holder').boundingBox();
    await page.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 2);
    // the wheel turned until the list's end shows the second page's entry: no click on either
    const secondEnd = dropdown(page).locator('a[data-more]').filter({ hasText: '已显示 100 /' });
    for (let notch = 0; (await secondEnd.count()) === 0; notch++) {
      expect(notch, 'notches of the wheel').toBeLessThan(400);
      await page.mouse.wheel(0, 200);
    }
    expect(searchPages()).toEqual(['1', '2']);
    await screenshot(page, 'tree-picker-04-read-on-scroll-1366');
    expectNoWholeTable(categoryRequests);
    await page.context().close();
  });

  it('opens within a phone-wide screen', async () => {
    const { page } = await openContentForm(360, 740);
    await categoryItem(page).locator('.ant-select').click();
    await option(page, '大树1').waitFor();
    await openTreeNode(switcherOf(page, '大树1'), option(page, '大树11'));
    const box = await dropdown(page).boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    await screenshot(page, 'tree-picker-03-expanded-360');
    await page.context().close();
  });
});
