// The shell on a 360 px phone (the issue "the shell's remaining glitches"): the navbar, a generated
// list with its filters, the form drawer and assign users, each laid out to the screen's width;
// and what went wrong at desktop width: a breadcrumb group repeating its page, picture icons off
// the menu's line, a header of the English list under the fixed actions, a side-menu pop-up left
// on screen by a role switch. Layout is asserted through element boxes, never pixels.
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot, submitSignIn } from './browser.ts';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');

const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1366, height: 800 };
/** the content area's padding on each side (layout.css .app-main) */
const GUTTER = 16;

let browser: Browser;
const contexts: BrowserContext[] = [];

// ---- the test's own data, through the API -------------------------------------------------------

let adminToken = '';
const made = { menus: [] as number[], userId: 0 };
// a user holding both seeded roles, to switch between them
const switcher = { userName: `switch_${randomUUID().slice(0, 8)}`, password: 'Switch-pass-2026' };
const ICON_GROUP = '图标菜单';
const ICON_PAGE = '图片图标页';
const PLAIN_PAGE = '字体图标页';

async function api<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'X-Token': token, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = (await res.json()) as { meta: { success: boolean; message: string }; data: T };
  if (!answer.meta.success) throw new Error(`${method} ${path}: ${res.status} ${answer.meta.message}`);
  return answer.data;
}

async function login(userName: string, password: string): Promise<{ token: string; userId: number }> {
  return api('POST', '/api/sys/login', '', { userName, password });
}

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = (await login('admin', adminPassword)).token;
  // a menu group whose icon is a picture, holding a page with a picture icon and one with an
  // antd icon: the picture must sit on the antd icons' line
  const group = await api<{ id: number }>('POST', '/api/sys/menus', adminToken, {
    parentId: 0,
    menuName: ICON_GROUP,
    menuType: 'M',
    path: `/icons-${randomUUID().slice(0, 8)}`,
    icon: '/avatars/head_5.svg',
    orderNum: 9000,
  });
  made.menus.push(group.id);
  for (const [i, [menuName, icon]] of [
    [PLAIN_PAGE, 'user'],
    [ICON_PAGE, '/avatars/head_6.svg'],
  ].entries()) {
    const item = await api<{ id: number }>('POST', '/api/sys/menus', adminToken, {
      parentId: group.id,
      menuName,
      menuType: 'C',
      path: `page${i}`,
      component: 'views/dashboard/index',
      icon,
      orderNum: i,
    });
    made.menus.unshift(item.id);
  }
  const roles = await api<{ rows: Array<{ id: number; roleKey: string }> }>(
    'GET',
    '/api/sys/roles?limit=50',
    adminToken,
  );
  const user = await api<{ id: number }>('POST', '/api/sys/users', adminToken, {
    userName: switcher.userName,
    realName: '切换测试',
    password: 'Temp-pass-2026',
    roleIds: roles.rows.filter((r) => ['admin', 'editor'].includes(r.roleKey)).map((r) => r.id),
  });
  made.userId = user.id;
  // an account an administrator made changes its password first
  const first = await login(switcher.userName, 'Temp-pass-2026');
  await api('POST', `/api/sys/users/password/${first.userId}`, first.token, {
    oldPassword: 'Temp-pass-2026',
    password: switcher.password,
  });
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  for (const id of made.menus) await api('DELETE', `/api/sys/menus/${id}`, adminToken).catch(() => {});
  if (made.userId) await api('DELETE', `/api/sys/users/${made.userId}`, adminToken).catch(() => {});
});

// ---- helpers ----------------------------------------------------------------------------------

async function openSignedIn(
  viewport: { width: number; height: number },
  userName = 'admin',
  password = adminPassword,
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/#/login`);
  await submitSignIn(page, userName, password);
  await page.waitForURL(/#\/dashboard$/);
  await page.getByTestId('dashboard').waitFor();
  return page;
}

async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((hash) => {
    window.location.hash = hash;
  }, path);
  await page.waitForURL((url) => url.hash === `#${path}`);
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`no box for ${locator}`);
  return found;
}

/** Nothing wider than the screen: not the document, not the content area (which clips), not the navbar. */
async function expectFitsWidth(page: Page, width: number): Promise<void> {
  const widths = await page.evaluate(() => {
    const main = [...document.querySelectorAll<HTMLElement>('.app-main')].find((el) => el.offsetParent);
    const navbar = document.querySelector<HTMLElement>('.navbar');
    return {
      document: document.documentElement.scrollWidth,
      main: main ? main.scrollWidth - main.clientWidth : 0,
      navbar: navbar ? navbar.scrollWidth - navbar.clientWidth : 0,
    };
  });
  expect(widths).toEqual({ document: width, main: 0, navbar: 0 });
  const userMenu = await box(page.getByTestId('user-menu'));
  expect(userMenu.x + userMenu.width).toBeLessThanOrEqual(width);
}

/** The crumbs a person sees (a narrow screen hides all but the last). */
async function shownCrumbs(page: Page): Promise<string[]> {
  const crumbs = page.getByTestId('breadcrumb').locator('ol > li:not(.ant-breadcrumb-separator)');
  const texts: string[] = [];
  for (const crumb of await crumbs.all())
    if (await crumb.isVisible()) texts.push((await crumb.textContent()) ?? '');
  return texts;
}

/** An antd pop-up once its opening animation has played: until then it moves under the mouse. */
async function settled(popup: Locator): Promise<void> {
  await popup.waitFor();
  await expect.poll(() => popup.evaluate((el) => /-(appear|enter)\b/.test(el.className))).toBe(false);
}

/** Each box below the one before it, none overlapping. */
function expectStacked(boxes: Array<{ y: number; height: number }>): void {
  for (let i = 1; i < boxes.length; i++) {
    expect(boxes[i].y).toBeGreaterThanOrEqual(boxes[i - 1].y + boxes[i - 1].height - 0.5);
  }
}

/** A box spanning the content area of a phone, gutter to gutter. */
function expectFullWidth(found: { x: number; width: number }, width: number): void {
  expect(found.x).toBeCloseTo(GUTTER, 0);
  expect(found.x + found.width).toBeCloseTo(width - GUTTER, 0);
}

// ---- on a phone -------------------------------------------------------------------------------

describe('the shell on a 360 px phone', () => {
  let page: Page;

  beforeAll(async () => {
    page = await openSignedIn(PHONE);
  });

  it("writes the dashboard's date whole on one line, under the greeting", async () => {
    const head = page.getByTestId('dashboard').locator('.dashboard-head');
    const greeting = await box(head.locator('h2'));
    const date = head.locator('.dashboard-today');
    const shown = await box(date);
    // the lines its text is laid out on, by their tops
    const lines = await date.evaluate((el) => {
      const text = document.createRange();
      text.selectNodeContents(el);
      return new Set([...text.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    expect(lines).toBe(1);
    expect(shown.y).toBeGreaterThanOrEqual(greeting.y + greeting.height - 0.5);
    expect(shown.x + shown.width).toBeLessThanOrEqual(PHONE.width);
  });

  it('fits the navbar: the hamburger, the page title for a breadcrumb, the user menu in reach', async () => {
    const hamburger = await box(page.getByTestId('hamburger'));
    expect(hamburger.x).toBeGreaterThanOrEqual(0);
    await expect.poll(() => shownCrumbs(page)).toEqual(['系统首页']);
    // one line, inside the navbar
    const navbar = await box(page.getByTestId('navbar'));
    const crumb = await box(page.getByTestId('breadcrumb'));
    expect(crumb.y).toBeGreaterThanOrEqual(navbar.y);
    expect(crumb.y + crumb.height).toBeLessThanOrEqual(navbar.y + navbar.height);
    await expectFitsWidth(page, PHONE.width);
    await page.getByTestId('user-menu').click();
    const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
    await settled(menu);
    const shown = await box(menu);
    expect(shown.x).toBeGreaterThanOrEqual(0);
    expect(shown.x + shown.width).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'mobile-01-navbar-user-menu');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
  });

  it('stacks the filters of a generated list, the date range among them, at full width', async () => {
    await go(page, '/cms/contents');
    // the page's own search form: the dashboard's calendar has table rows too, and the shell shows
    // the new address a commit before the page (src/layout/AppMain.tsx)
    const search = page.locator('form[role="search"]:visible');
    await search.waitFor();
    await page.locator('tbody tr:visible').first().waitFor();
    await expect.poll(() => shownCrumbs(page)).toEqual(['内容管理']);
    const items = search.locator('.ant-form-item');
    expect(await items.count()).toBe(6);
    const boxes = await Promise.all((await items.all()).map(box));
    for (const found of boxes) expectFullWidth(found, PHONE.width);
    expectStacked(boxes);
    // the label above its control
    const publishTime = items.filter({ has: page.locator('.ant-picker-range') });
    const label = await box(publishTime.locator('.ant-form-item-label'));
    const range = await box(publishTime.locator('.ant-picker-range'));
    expect(range.y).toBeGreaterThanOrEqual(label.y + label.height - 0.5);
    expectFullWidth(range, PHONE.width);
    // the buttons below the last filter, on the right
    const reset = await box(search.getByRole('button', { name: /^重\s*置$/ }));
    expect(reset.y).toBeGreaterThan(boxes[5].y + boxes[5].height - 0.5);
    expect(reset.x + reset.width).toBeCloseTo(PHONE.width - GUTTER, 0);
    await expectFitsWidth(page, PHONE.width);
    await screenshot(page, 'mobile-02-contents-filters');
  });

  it('opens the form drawer within the screen, the fields of a row one above the other', async () => {
    await go(page, '/cms/contents');
    await page.locator('tbody tr:visible').first().waitFor();
    await page
      .locator('button:visible')
      .filter({ hasText: /^新\s*增$/ })
      .click();
    const drawer = page.locator('.ant-drawer-content-wrapper:visible');
    const form = drawer.locator('form');
    await form.waitFor();
    // in place once it has slid in
    await settled(drawer);
    const shown = await box(drawer);
    expect(shown.x).toBeGreaterThanOrEqual(0);
    expect(shown.x + shown.width).toBeLessThanOrEqual(PHONE.width);
    // 所属栏目 and 来源科室 share a row of the schema's layout
    // the innermost items: rjsf wraps the whole form in an item of its own
    const item = (label: string) =>
      form.locator('.ant-form-item:not(:has(.ant-form-item))').filter({ hasText: label });
    const category = await box(item('所属栏目'));
    const office = await box(item('来源科室'));
    expectStacked([category, office]);
    for (const found of [category, office]) expect(found.x + found.width).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'mobile-03-form-drawer');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  });

  it('stacks the two user lists of assign users, the role above them', async () => {
    await go(page, '/allocationUser?roleId=1');
    const card = page.locator('[data-testid="assign-users"]:visible');
    await card.getByTestId('role-holders').getByText('系统管理员').waitFor();
    const [without, holding] = await Promise.all([
      box(card.getByTestId('role-others')),
      box(card.getByTestId('role-holders')),
    ]);
    expectStacked([without, holding]);
    // both lists as wide as the card's body, inside the screen
    expect(without.width).toBeCloseTo(holding.width, 0);
    for (const found of [without, holding]) {
      expect(found.x).toBeGreaterThanOrEqual(GUTTER);
      expect(found.x + found.width).toBeLessThanOrEqual(PHONE.width - GUTTER);
    }
    const role = await box(card.getByRole('combobox', { name: '选择角色' }));
    expect(role.y + role.height).toBeLessThanOrEqual(without.y);
    await expect.poll(() => page.getByTestId('breadcrumb').textContent()).toContain('分配用户');
    await expectFitsWidth(page, PHONE.width);
    await screenshot(page, 'mobile-04-assign-users');
  });

  it('opens the side menu as a drawer over the page, closed again by a route change', async () => {
    const sidebar = page.getByTestId('sidebar');
    await page.getByTestId('hamburger').click();
    await expect.poll(async () => (await sidebar.boundingBox())?.x).toBe(0);
    await screenshot(page, 'mobile-05-side-menu');
    await sidebar.getByText('系统管理', { exact: true }).click();
    await sidebar.getByText('用户管理', { exact: true }).click();
    await page.waitForURL(/#\/sys\/users/);
    await expect.poll(async () => (await sidebar.boundingBox())?.x ?? 0).toBeLessThan(-100);
    await page.locator('tbody tr:visible').first().waitFor();
    await expectFitsWidth(page, PHONE.width);
  });
});

// ---- at desktop width -------------------------------------------------------------------------

describe('the shell at 1366 px', () => {
  let page: Page;

  beforeAll(async () => {
    page = await openSignedIn(DESKTOP);
  });

  it('does not repeat a group named as its page, and marks only the page as current', async () => {
    await go(page, '/cms/contents');
    await page.locator('tbody tr:visible').first().waitFor();
    await expect.poll(() => shownCrumbs(page)).toEqual(['系统首页', '内容管理']);
    const current = page.getByTestId('breadcrumb').locator('[aria-current]');
    expect(await current.count()).toBe(1);
    expect(await current.getAttribute('aria-current')).toBe('page');
    expect(await current.textContent()).toBe('内容管理');
    // a group without a page of its own is neither a link nor the current page
    await go(page, '/sys/users');
    await expect.poll(() => shownCrumbs(page)).toEqual(['系统首页', '系统管理', '用户管理']);
    expect(await page.getByTestId('breadcrumb').locator('[aria-current]').allTextContents()).toEqual([
      '用户管理',
    ]);
    await screenshot(page, 'mobile-06-breadcrumb-desktop');
  });

  it('lines a picture icon up with the menu’s own icons, the same gap before its label', async () => {
    const sidebar = page.getByTestId('sidebar');
    const row = (kind: 'group' | 'page', text: string) =>
      sidebar
        .locator(kind === 'group' ? '.ant-menu-submenu-title' : '.ant-menu-item')
        .filter({ hasText: new RegExp(`^${text}$`) });
    await row('group', ICON_GROUP).click();
    await row('page', ICON_PAGE).waitFor();
    /** the icon's box, and where the label begins and is centred */
    const geometry = async (found: Locator) => {
      const icon = await box(found.locator('.ant-menu-item-icon'));
      const label = await box(found.locator('.ant-menu-title-content'));
      return { icon, gap: label.x - (icon.x + icon.width), labelMiddle: label.y + label.height / 2 };
    };
    // a group: the picture against the antd icon of 内容管理; a page: against its sibling's
    for (const [picture, antd] of [
      [row('group', ICON_GROUP), row('group', '内容管理')],
      [row('page', ICON_PAGE), row('page', PLAIN_PAGE)],
    ]) {
      const a = await geometry(picture);
      const b = await geometry(antd);
      expect(a.icon.width).toBeCloseTo(b.icon.width, 0);
      expect(a.icon.height).toBeCloseTo(b.icon.height, 0);
      expect(a.icon.x).toBeCloseTo(b.icon.x, 0);
      expect(a.gap).toBeCloseTo(b.gap, 0);
      expect(a.gap).toBeGreaterThanOrEqual(8);
      expect(a.icon.y + a.icon.height / 2).toBeCloseTo(a.labelMiddle, 0);
    }
    await row('page', ICON_PAGE).scrollIntoViewIfNeeded();
    await screenshot(page, 'mobile-07-menu-picture-icons');
  });

  it('keeps every header of the English contents list clear of the fixed actions column', async () => {
    await page.getByTestId('language-switch').click();
    await go(page, '/cms/contents');
    await page.locator('tbody tr:visible').first().waitFor();
    const headers = page.locator('.ant-table-thead:visible th');
    await expect.poll(() => headers.last().textContent()).toBe('Actions');
    /** Headers neither wholly before the actions column's edge nor wholly behind it. */
    const straddling = () =>
      page.evaluate(() => {
        const cells = [...document.querySelectorAll<HTMLElement>('.ant-table-thead th')].filter(
          (cell) => cell.offsetParent,
        );
        const actions = cells.at(-1)?.getBoundingClientRect();
        if (!actions) return ['no actions column'];
        return cells
          .filter((cell) => !cell.classList.contains('ant-table-cell-fix'))
          .filter((cell) => {
            const { left, right } = cell.getBoundingClientRect();
            return left < actions.left - 0.5 && right > actions.left + 0.5;
          })
          .map((cell) => cell.textContent);
      });
    await expect.poll(straddling).toEqual([]);
    await screenshot(page, 'mobile-08-english-contents');
    // the sidebar folded: a wider table, the same rule
    await page.getByTestId('hamburger').click();
    await expect.poll(async () => (await page.getByTestId('sidebar').boundingBox())?.width).toBe(54);
    await expect.poll(straddling).toEqual([]);
    await page.getByTestId('hamburger').click();
    await page.getByTestId('language-switch').click();
    await expect.poll(() => headers.last().textContent()).toBe('操作');
  });
});

describe('a role switch', () => {
  it('leaves no pop-up of the folded side menu on screen', async () => {
    const page = await openSignedIn(DESKTOP, switcher.userName, switcher.password);
    const sidebar = page.getByTestId('sidebar');
    await page.getByTestId('hamburger').click();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(54);
    const popups = page.locator('.ant-menu-submenu-popup:not(.ant-menu-submenu-hidden)');
    // 内容管理 is in both roles' menus: its pop-up open while the role changes
    await sidebar.locator('.ant-menu-submenu-title').first().hover();
    await popups.getByText('栏目管理').waitFor();
    // the user menu worked by events that leave the mouse over the pop-up
    await page.getByTestId('user-menu').dispatchEvent('click');
    await page.getByRole('menuitem', { name: '切换角色' }).dispatchEvent('mouseover');
    await page.getByRole('menuitem', { name: '内容编辑' }).dispatchEvent('click');
    await page.getByText('已切换角色').waitFor();
    await expect.poll(() => popups.count()).toBe(0);
    // nor the user menu's role list without its menu
    await expect.poll(() => page.locator('.ant-dropdown-menu-submenu-popup:visible').count()).toBe(0);
    await screenshot(page, 'mobile-09-role-switched-folded');
    // unfolded, the new menu opens only the groups above the page shown (the dashboard: none)
    await page.getByTestId('hamburger').click();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(210);
    expect(await sidebar.locator('.ant-menu-submenu-open').count()).toBe(0);
    expect(await sidebar.getByText('用户管理').count()).toBe(0);
    await screenshot(page, 'mobile-10-role-switched-menu');
  });

  it('on a phone, closes the user menu and its role list, the side menu showing the new role', async () => {
    const page = await openSignedIn(PHONE, switcher.userName, switcher.password);
    await page.getByTestId('user-menu').click();
    await settled(page.locator('.ant-dropdown:not(.ant-dropdown-hidden)'));
    await page.getByRole('menuitem', { name: '切换角色' }).hover();
    await settled(page.locator('.ant-dropdown-menu-submenu-popup:not(.ant-dropdown-menu-submenu-hidden)'));
    await page.getByRole('menuitem', { name: '内容编辑' }).click();
    await page.getByText('已切换角色').waitFor();
    await expect.poll(() => page.locator('.ant-dropdown-menu-submenu-popup:visible').count()).toBe(0);
    await expect.poll(() => page.locator('.ant-dropdown:visible').count()).toBe(0);
    await page.getByTestId('hamburger').click();
    const sidebar = page.getByTestId('sidebar');
    await expect.poll(async () => (await sidebar.boundingBox())?.x).toBe(0);
    await sidebar.getByText('内容管理', { exact: true }).waitFor();
    expect(await sidebar.getByText('用户管理').count()).toBe(0);
    await expectFitsWidth(page, PHONE.width);
    await screenshot(page, 'mobile-11-role-switched-phone');
  });
});
