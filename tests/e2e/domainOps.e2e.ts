// The configuration pages as an editor uses them, against the real server: links and home-page
// blocks reordered with the move buttons (one reorder call each), a user given a role on the
// assign-users page (one call), the recipients page; after each, the server's state is read back.
// Every page is photographed at 1366 and 360 px wide.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AdminApi, adminApi } from './adminApi.ts';
import {
  actUntil,
  openBrowserPage,
  openTreeNode,
  screenshot,
  submitSignIn,
  transitionsDone,
} from './browser.ts';
import { connectDatabase } from './database.ts';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');
/** the long level's ids start above this, away from the ids the rest of the suite's writes take */
const LONG_BASE = 3_000_000;

let browser: Browser;
let page: Page;
let api: AdminApi;

/** Both widths of a page: the desktop the suite runs at, and a phone. */
async function photograph(name: string, ready: () => Promise<unknown>) {
  // no hover left on the button last clicked
  await page.mouse.move(1300, 850);
  await ready();
  // a button just enabled fades in: the picture waits for it
  await transitionsDone(page);
  await screenshot(page, `${name}-1366`);
  await page.setViewportSize({ width: 360, height: 740 });
  await ready();
  await transitionsDone(page);
  await screenshot(page, `${name}-360`);
  await page.setViewportSize({ width: 1366, height: 860 });
  await ready();
}

beforeAll(async () => {
  ({ browser, page } = await openBrowserPage());
  api = await adminApi(baseUrl, adminPassword);
  await page.goto(`${baseUrl}/#/login?redirect=${encodeURIComponent('/dashboard')}`);
  await submitSignIn(page, 'admin', adminPassword);
  await page.getByTestId('sidebar').waitFor();
});

afterAll(async () => {
  await browser?.close();
});

describe('domain operations in the browser', () => {
  it('moves a link down within its category, and the server has the new order', async () => {
    const category = await api('POST', '/api/cms/weblinkcategorys', {
      categoryName: '排序测试分类',
      orderNum: 0,
    });
    const ids: number[] = [];
    for (const [i, linkName] of ['排序链接甲', '排序链接乙', '排序链接丙'].entries())
      ids.push(
        (
          await api('POST', '/api/cms/weblinks', {
            linkName,
            linkUrl: `https://example.org/${i}`,
            categoryId: category.id,
            orderNum: (i + 1) * 10,
          })
        ).id,
      );
    const serverOrder = async () =>
      (
        (await api('GET', `/api/cms/weblinks?categoryId=${category.id}&sort=orderNum`)) as {
          rows: Array<{ id: number }>;
        }
      ).rows.map((r) => r.id);

    await page.goto(`${baseUrl}/#/link`);
    const card = page.locator('.ant-card').filter({ hasText: '排序测试分类' });
    const first = card.locator('li').filter({ hasText: '排序链接甲' });
    await first.waitFor();
    await first.getByRole('button', { name: '下移' }).click();
    await expect.poll(serverOrder).toEqual([ids[1], ids[0], ids[2]]);
    await expect
      .poll(() => card.locator('li strong').allTextContents())
      .toEqual(['排序链接乙', '排序链接甲', '排序链接丙']);
    // settled: the first link cannot go up, the second can go either way
    const settled = () =>
      expect
        .poll(async () => [
          await card.locator('li').first().getByRole('button', { name: '上移' }).isDisabled(),
          await card.locator('li').nth(1).getByRole('button', { name: '上移' }).isDisabled(),
        ])
        .toEqual([true, false]);
    await photograph('domainOps-link', settled);
  });

  it('moves a home-page block up, and the server has the new order', async () => {
    const category = await api('POST', '/api/cms/contentCategorys', {
      categoryName: '区块排序栏目',
      kind: 0,
    });
    await api('POST', '/api/cms/contentCategorys', {
      categoryName: '区块排序子栏目',
      kind: 0,
      parentId: category.id,
    });
    const blocks: number[] = [];
    for (const [i, key] of ['sortfirst', 'sortsecond'].entries())
      blocks.push(
        (
          await api('POST', '/api/cms/areablocks', {
            blockName: `排序区块${i + 1}`,
            blockKey: key,
            categoryId: category.id,
            // ahead of the sample blocks, so both are on the first page
            orderNum: 0,
          })
        ).id,
      );
    const serverOrder = async () =>
      ((await api('GET', '/api/cms/areablocks?sort=orderNum&limit=100')).rows as Array<{ id: number }>)
        .map((r) => r.id)
        .filter((id) => blocks.includes(id));
    expect(await serverOrder()).toEqual(blocks);

    await page.goto(`${baseUrl}/#/blockLayout`);
    const layout = page.getByTestId('block-layout');
    const second = layout.locator('li').filter({ hasText: '排序区块2' });
    await second.waitFor();
    await second.getByRole('button', { name: '上移' }).click();
    await expect.poll(serverOrder).toEqual([blocks[1], blocks[0]]);
    // the tree beside them marks the category with the blocks that show it
    await expect.poll(() => layout.locator('.ant-tree').textContent()).toContain('区块排序栏目 · 排序区块');
    // a level is read when it opens
    expect(await layout.locator('.ant-tree').textContent()).not.toContain('区块排序子栏目');
    await openTreeNode(
      layout
        .locator('.ant-tree-treenode')
        .filter({ hasText: '区块排序栏目 · ' })
        .locator('.ant-tree-switcher'),
      layout.locator('.ant-tree').getByText('区块排序子栏目'),
    );
    await photograph('domainOps-blockLayout', () =>
      expect.poll(() => second.getByRole('button', { name: '下移' }).isDisabled()).toBe(false),
    );
  });

  it('reads a long level of the category tree beside the home-page blocks through its "load more" entry', async () => {
    // a root with 150 children, made in one statement, first of the top level (no order number)
    const db = await connectDatabase(inject('dataDir'));
    try {
      await db.query(
        `insert into cms_content_categorys (id, parent_id, category_name, kind, status, show_in_nav, regulation, order_num)
         select ${LONG_BASE} + i, case when i = 0 then null else ${LONG_BASE} end,
           case when i = 0 then '区块长栏目' else '区块长子' || lpad(i::text, 3, '0') end, 0, 0, true, false,
           case when i = 0 then null else i end
         from generate_series(0, 150) i`,
      );
      const levelReads: string[] = [];
      const listen = (request: { url(): string }) => {
        const url = new URL(request.url());
        if (
          url.pathname === '/api/cms/contentCategorys' &&
          url.searchParams.get('parentId') === String(LONG_BASE)
        )
          levelReads.push(`${url.searchParams.get('page')}/${url.searchParams.get('limit')}`);
      };
      page.on('request', listen);
      await page.goto(`${baseUrl}/#/blockLayout`);
      // read afresh: the rows were written past the server, which the page's cache of the last
      // test's visit does not know of
      await page.reload();
      const tree = page.getByTestId('category-tree');
      const holder = tree.locator('.ant-tree-list-holder');
      const root = tree.locator('.ant-tree-treenode').filter({ hasText: /^区块长栏目$/ });
      await tree.locator('.ant-tree-treenode').first().waitFor();
      await actUntil(
        "the long level's category should scroll into view",
        () => root.isVisible(),
        () => holder.evaluate((element) => element.scrollBy(0, 300)),
      );
      await openTreeNode(root.locator('.ant-tree-switcher'), tree.getByText('区块长子001', { exact: true }));
      // the tree draws the entries in its view, not the hundred read
      expect(await tree.locator('.ant-tree-treenode').count()).toBeLessThan(40);
      const more = tree.getByRole('button', { name: '加载更多（已显示 100 / 150）' });
      await actUntil(
        'the level\'s "load more" entry should scroll into view',
        () => more.isVisible(),
        () => holder.evaluate((element) => element.scrollBy(0, 600)),
      );
      await more.click();
      const last = tree.getByText('区块长子150', { exact: true });
      await actUntil(
        "the level's last category should be read and drawn",
        () => last.isVisible(),
        () => holder.evaluate((element) => element.scrollBy(0, 600)),
      );
      expect(await tree.getByRole('button', { name: /加载更多/ }).count()).toBe(0);
      expect(levelReads).toEqual(['1/100', '2/100']);
      page.off('request', listen);
      await photograph('domainOps-blockLayout-longLevel', () => last.waitFor());

      // The keyboard's focus ring around the active entry is drawn whole inside the scrolling
      // holder: on the first entry at the list's top, and on the last at its end. The edges it
      // crosses, if any.
      const ringCut = () =>
        holder.evaluate((element) => {
          const active = element.querySelector('.ant-tree-treenode-active .ant-tree-node-content-wrapper');
          if (!active) return 'no active entry';
          const style = getComputedStyle(active);
          const out = Number.parseFloat(style.outlineWidth) + Number.parseFloat(style.outlineOffset);
          if (style.outlineStyle === 'none' || !(out > 0)) return 'no focus ring';
          const box = active.getBoundingClientRect();
          const view = element.getBoundingClientRect();
          const left = view.left + element.clientLeft;
          const top = view.top + element.clientTop;
          const cut: string[] = [];
          if (box.left - out < left) cut.push('left');
          if (box.right + out > left + element.clientWidth) cut.push('right');
          if (box.top - out < top) cut.push('top');
          if (box.bottom + out > top + element.clientHeight) cut.push('bottom');
          return cut.join(', ');
        });
      await tree.getByRole('tree').focus();
      await page.keyboard.press('Home');
      await expect.poll(ringCut).toBe('');
      expect(await holder.evaluate((element) => element.scrollTop)).toBe(0);
      await page.keyboard.press('End');
      await expect.poll(ringCut).toBe('');
      await screenshot(page, 'domainOps-blockLayout-focusRing-1366');
    } finally {
      await db.query(`delete from cms_content_categorys where id >= ${LONG_BASE}`);
      await db.end();
    }
  });

  it('gives a user a role on the assign-users page in one call, and the server has it', async () => {
    const role = await api('POST', '/api/sys/roles', { roleName: '分配测试角色', roleKey: 'assign_e2e' });
    const user = await api('POST', '/api/sys/users', {
      userName: 'assign_e2e_user',
      realName: '分配测试用户',
      password: 'Assign-e2e-pass-1',
    });
    const holders = async () =>
      ((await api('GET', `/api/sys/roles/${role.id}/users?holding=true`)).rows as Array<{ id: number }>).map(
        (r) => r.id,
      );
    expect(await holders()).toEqual([]);

    await page.goto(`${baseUrl}/#/allocationUser?roleId=${role.id}`);
    const others = page.getByTestId('role-others');
    await others.getByRole('searchbox').fill('assign_e2e');
    const row = others.locator('tr.ant-table-row').filter({ hasText: 'assign_e2e_user' });
    await row.waitFor();
    await expect.poll(() => others.locator('tr.ant-table-row').count()).toBe(1);
    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: '分配角色' }).click();
    await expect.poll(holders).toEqual([user.id]);
    await page
      .getByTestId('role-holders')
      .locator('tr.ant-table-row')
      .filter({ hasText: 'assign_e2e_user' })
      .waitFor();
    // the user's own record says so too
    expect((await api('GET', `/api/sys/users/${user.id}`)).roleIds).toEqual([role.id]);
    // the role is named by its name, read by id
    await expect
      .poll(() => page.getByTestId('assign-users').locator('.ant-select').textContent())
      .toContain('分配测试角色');
    await photograph('domainOps-allocationUser', () =>
      page.getByTestId('role-holders').locator('tr.ant-table-row').first().waitFor(),
    );
  });

  it('shows the recipients of a mailbox in order and moves one up', async () => {
    const mailbox = await api('POST', '/api/cms/mailboxtypes', { typeName: '排序测试信箱', orderNum: 0 });
    const repliers: number[] = [];
    for (const [i, replierName] of ['收件人一', '收件人二'].entries())
      repliers.push(
        (
          await api('POST', '/api/cms/mailboxrepliers', {
            replierName,
            mailboxTypeId: mailbox.id,
            userId: 1,
            orderNum: (i + 1) * 10,
          })
        ).id,
      );
    await page.goto(`${baseUrl}/#/replyPop?typeId=${mailbox.id}`);
    const list = page.getByTestId('recipient-config');
    const second = list.locator('li').filter({ hasText: '收件人二' });
    await second.waitFor();
    await second.getByRole('button', { name: '上移' }).click();
    await expect
      .poll(async () =>
        (
          (await api('GET', `/api/cms/mailboxrepliers?mailboxTypeId=${mailbox.id}&sort=orderNum`))
            .rows as Array<{
            id: number;
          }>
        ).map((r) => r.id),
      )
      .toEqual([repliers[1], repliers[0]]);
    await expect.poll(() => list.locator('li strong').allTextContents()).toEqual(['收件人二', '收件人一']);
    await photograph('domainOps-replyPop', () =>
      expect.poll(() => second.getByRole('button', { name: '上移' }).isDisabled()).toBe(true),
    );
  });
});
