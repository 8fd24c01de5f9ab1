// The recycle bin as an editor meets it: a content deleted from the list (the confirmation says
// it goes to the bin) leaves the list, shows in the bin with who deleted it and when, and comes
// back to the list after a restore. The bin is photographed at desktop and phone width.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AdminApi, adminApi } from './adminApi.ts';
import { launchBrowser, screenshot, submitSignIn } from './browser.ts';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');
const TITLE = '回收站测试';

let browser: Browser;
let context: BrowserContext;
let api: AdminApi;

async function signIn(page: Page): Promise<void> {
  const list = `/cms/contents?f.title=${encodeURIComponent(TITLE)}`;
  await page.goto(`${baseUrl}/#/login?redirect=${encodeURIComponent(list)}`);
  await submitSignIn(page, 'admin', adminPassword);
  await page.getByRole('row').filter({ hasText: TITLE }).first().waitFor();
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

describe('the recycle bin of the contents', () => {
  it('deletes a content to the bin, shows it there, and restores it to the list', async () => {
    const category = await api('POST', '/api/cms/contentCategorys', { categoryName: '回收站栏目', kind: 0 });
    const ids: number[] = [];
    for (const n of ['一', '二'])
      ids.push(
        (
          await api('POST', '/api/cms/contents', {
            title: `${TITLE}${n}`,
            categoryId: category.id,
            body: '<p>学校举行秋季运动会。</p>',
            publishTime: '2026-11-01 10:00:00',
          })
        ).id,
      );
    const page = await context.newPage();
    await signIn(page);
    const rows = page.getByRole('row').filter({ hasText: TITLE });
    await expect.poll(() => rows.count()).toBe(2);

    const first = rows.filter({ hasText: `${TITLE}一` });
    await first.getByRole('button', { name: /删\s*除/ }).click();
    const confirm = page.locator('.ant-popconfirm');
    await expect.poll(() => confirm.textContent()).toContain('删除后可在回收站中恢复');
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('已移入回收站').waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    await screenshot(page, 'recycleBin-00-list-1366');

    await page.getByRole('button', { name: /回收站/ }).click();
    const bin = page.locator('.ant-drawer-section').filter({ hasText: '回收站 · 内容管理' });
    const binned = bin.getByRole('row').filter({ hasText: `${TITLE}一` });
    await binned.waitFor();
    expect(await binned.textContent()).toContain('系统管理员');
    expect(await binned.textContent()).toContain('刚刚');
    await settled(page);
    await screenshot(page, 'recycleBin-01-bin-1366');

    await binned.getByRole('button', { name: /恢\s*复/ }).click();
    const restore = page.locator('.ant-popconfirm').filter({ hasText: '恢复后将重新出现在列表中' });
    await restore.getByRole('button', { name: /恢\s*复/ }).click();
    await page.getByText('已恢复 1 条').waitFor();
    await binned.waitFor({ state: 'detached' });
    await bin.getByRole('button', { name: /close|关闭/i }).click();
    await bin.waitFor({ state: 'hidden' });
    await expect.poll(() => rows.count()).toBe(2);
    const content = (await api('GET', `/api/cms/contents?title=${encodeURIComponent(`${TITLE}一`)}`)) as {
      rows: unknown[];
    };
    expect(content.rows).toHaveLength(1);

    // the bin on a phone, with a row in it again
    await api('DELETE', `/api/cms/contents/${ids[0]}`);
    await page.setViewportSize({ width: 360, height: 780 });
    await page.reload();
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByRole('button', { name: /回收站/ }).click();
    await binned.waitFor();
    await settled(page);
    await screenshot(page, 'recycleBin-02-bin-360');
  });
});
