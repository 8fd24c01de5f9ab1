// The content categories page over a level of 3,000 categories, made with one SQL statement: the
// page reads the top level, the opened level a page at a time through its "load more" row, and
// draws only the rows in view, so the level scrolls to its last row with a few dozen rows in the
// document. No request reads the whole table.
import type pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { actUntil, launchBrowser } from './browser.ts';
import { connectDatabase } from './database.ts';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');
const dataDir = inject('dataDir');

const COUNT = 3_000;
/** the made rows' ids start above this, far from the ids the rest of the suite's writes take */
const BASE = 2_000_000;

let browser: Browser;
let db: pg.Client;

beforeAll(async () => {
  browser = await launchBrowser();
  db = await connectDatabase(dataDir);
  // one root without an order number (it leads the top level) and its children in order
  await db.query(
    `insert into cms_content_categorys (id, parent_id, category_name, kind, status, show_in_nav, regulation, order_num)
     select ${BASE} + i, case when i = 0 then null else ${BASE} end,
       case when i = 0 then '长栏目' else '长子' || lpad(i::text, 4, '0') end, 0, 0, true, false,
       case when i = 0 then null else i end
     from generate_series(0, ${COUNT}) i`,
  );
  await db.query('analyze cms_content_categorys');
});

afterAll(async () => {
  await db?.query(`delete from cms_content_categorys where id >= ${BASE}`);
  await db?.end();
  await browser?.close();
});

async function openCategories(): Promise<{ page: Page; requests: URL[] }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  const page = await context.newPage();
  const requests: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/cms/contentCategorys') requests.push(url);
  });
  await page.goto(`${baseUrl}/#/login?redirect=${encodeURIComponent('/cms/contentCategorys')}`);
  await page.getByPlaceholder('用户名').fill('admin');
  await page.getByPlaceholder('密码').fill(adminPassword);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.locator('tbody tr:visible').filter({ hasText: '长栏目' }).waitFor();
  return { page, requests };
}

/** The page once the test has handed it its measure: each text of the rows given, by row key. */
type Measuring = Window & { textPlaces: (rows: Element[]) => Record<string, string[]> };

/** Opens the long level; gives its first row. */
async function openLevel(page: Page) {
  const root = page.locator('tbody tr:visible').filter({ hasText: '长栏目' });
  const expander = root.getByRole('button', { name: '展开' });
  const firstChild = page.locator('tbody tr:visible').filter({ hasText: '长子0001' });
  // the level's answer redraws the table: a click that lands while it does is tried again
  await actUntil(
    'the long level should open',
    async () => (await firstChild.count()) > 0,
    async () => {
      if ((await expander.count()) > 0) await expander.click();
    },
  );
  return firstChild;
}

describe('a tree table with a level of thousands of rows', () => {
  it('opens the level, reads it a page at a time and scrolls to its last row, drawing a window of it', async () => {
    const { page, requests } = await openCategories();
    const firstChild = await openLevel(page);
    expect(requests.every((url) => url.searchParams.get('parentId') !== null)).toBe(true);

    const last = page.locator('tbody tr:visible').filter({ hasText: `长子${COUNT}` });
    const more = page.locator('button[data-more]:visible');
    await actUntil(
      'the last row of the level should show',
      async () => (await last.count()) > 0,
      async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        // this button, not the next one: when a page asked for before arrives, the button moves to
        // the level's new end, out of the drawn window, and a locator would wait for it to come
        // back; a button taken away makes the click fail, and the act is tried again
        const [button] = await more.elementHandles();
        await button?.click();
      },
    );
    // a row drawn in outline while the window moved is replaced by its full row when the window
    // rests, so the row is looked up afresh on each try rather than held
    const lastInView = () =>
      page.evaluate((text) => {
        const row = [...document.querySelectorAll('tbody tr')].find((tr) => tr.textContent?.includes(text));
        if (!row) return false;
        const box = row.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      }, `长子${COUNT}`);
    await actUntil('the last row should come into view', lastInView, async () => {
      await page.evaluate((text) => {
        [...document.querySelectorAll('tbody tr')]
          .find((tr) => tr.textContent?.includes(text))
          ?.scrollIntoView({ block: 'center' });
      }, `长子${COUNT}`);
    });
    expect(await last.isVisible()).toBe(true);
    // the level is held whole, but only a window of it is in the document
    const drawn = await page.locator('tbody tr[data-row-key]').count();
    expect(drawn).toBeLessThan(120);
    expect(await page.locator('tbody tr[data-row-key]').filter({ hasText: '长子0001' }).count()).toBe(0);
    const levelReads = requests.filter((url) => url.searchParams.get('parentId') === String(BASE));
    expect(new Set(levelReads.map((url) => url.searchParams.get('page')))).toEqual(
      new Set(['1', '2', '3', '4', '5', '6']),
    );

    // back at the top, the level's first rows are drawn again
    await page.evaluate(() => window.scrollTo(0, 0));
    await firstChild.waitFor();

    // the row under the pointer is highlighted, by the browser's own hover (DataTable.css)
    // (a row drawn in full: one in outline is replaced by it once the window rests)
    const fullRow = (name: string) =>
      page.locator('tbody tr.ant-table-row:not([data-outline])').filter({ hasText: name });
    const background = (name: string) =>
      fullRow(name)
        .locator('td')
        .first()
        // once antd's transition of the cell's background has run its course
        .evaluate(async (td) => {
          await Promise.all(td.getAnimations().map((animation) => animation.finished));
          return getComputedStyle(td).backgroundColor;
        });
    await fullRow('长子0001').hover();
    const hovered = await background('长子0001');
    expect(hovered).not.toBe(await background('长子0002'));
    await fullRow('长子0002').hover();
    expect(await background('长子0002')).toBe(hovered);
    expect(await background('长子0001')).not.toBe(hovered);
    await page.context().close();
  });

  it('draws a row coming into view in outline with its text where the full row puts it', async () => {
    const { page } = await openCategories();
    await openLevel(page);
    const outlineRows = 'tbody tr[data-outline]';
    await page.waitForFunction((selector) => document.querySelector(selector) === null, outlineRows);
    // each text of a row, cell by cell: where it sits in its cell, its colour and the background
    // of what holds it (a tag's)
    await page.evaluate(() => {
      (window as unknown as Measuring).textPlaces = (rows) =>
        Object.fromEntries(
          rows.map((tr) => [
            tr.getAttribute('data-row-key')!,
            [...tr.querySelectorAll('td')].flatMap((td, column) => {
              const cell = td.getBoundingClientRect();
              const texts = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
              const places: string[] = [];
              for (let node = texts.nextNode(); node; node = texts.nextNode()) {
                if (!node.textContent?.trim()) continue;
                const range = document.createRange();
                range.selectNodeContents(node);
                const box = range.getBoundingClientRect();
                const holder = node.parentElement!;
                const style = getComputedStyle(holder);
                const background = holder === td ? '' : style.backgroundColor;
                places.push(
                  `${column} ${node.textContent.trim()} at ${Math.round(box.left - cell.left)},${Math.round(box.top - cell.top)} ${style.color} ${background}`,
                );
              }
              return places;
            }),
          ]),
        );
    });
    // the window scrolled: the rows coming into view are drawn in outline, measured as soon as
    // they are in the document (before the scroll's end has them drawn in full)
    const outline = await page.evaluate(
      (selector) =>
        new Promise<Record<string, string[]>>((resolve) => {
          const places = (window as unknown as Measuring).textPlaces;
          const watch = new MutationObserver(() => {
            const rows = [...document.querySelectorAll(selector)];
            if (rows.length === 0) return;
            watch.disconnect();
            resolve(places(rows));
          });
          watch.observe(document.querySelector('tbody')!, { childList: true, subtree: true });
          window.scrollBy(0, 600);
        }),
      outlineRows,
    );
    const keys = Object.keys(outline);
    expect(keys.length).toBeGreaterThan(0);
    await page.waitForFunction((selector) => document.querySelector(selector) === null, outlineRows);
    const full = await page.evaluate(
      (rowKeys) =>
        (window as unknown as Measuring).textPlaces(
          rowKeys.map((key) => document.querySelector(`tbody tr[data-row-key="${key}"]`)!),
        ),
      keys,
    );
    // the category's name, its kind, order and flags as tags, its time, and its actions' links
    expect(outline[keys[0]].length).toBeGreaterThanOrEqual(7);
    expect(outline).toEqual(full);
    await page.context().close();
  });
});
