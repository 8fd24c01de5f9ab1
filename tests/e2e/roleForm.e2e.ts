// The role form as an administrator uses it (escalation point 1): edit the seeded editor role,
// untick exactly one button in the menu tree, see the summary name that one removal, confirm,
// and find the role's grants exactly as before minus that button: nothing gained, nothing else lost.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowserPage, openFromMenu, screenshot, submitSignIn } from './browser.ts';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');

let browser: Browser;
let page: Page;
let token = '';

interface Menu {
  id: number;
  menuName: string;
  menuType: string;
  perms: string | null;
}
interface Role {
  id: number;
  roleKey: string;
  roleName: string;
  menuIds: number[];
  [field: string]: unknown;
}

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    ...init,
    headers: { 'X-Token': token, 'Content-Type': 'application/json', ...init.headers },
  });
  const body = (await res.json()) as { meta: { success: boolean; message: string }; data: T };
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${body.meta.message}`);
  return body.data;
}

const editorRole = async () => {
  const { rows } = await api<{ rows: Role[] }>('/api/sys/roles?roleKey=editor');
  return api<Role>(`/api/sys/roles/${rows[0].id}`);
};
/** The permission codes the role's entries carry, sorted. */
const permsOf = async (roleId: number) =>
  (await api<Menu[]>(`/api/sys/menus/auth/${roleId}`)).flatMap((m) => (m.perms ? [m.perms] : [])).sort();
const sortedIds = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);

let before: Role;

beforeAll(async () => {
  ({ browser, page } = await openBrowserPage());
});

afterAll(async () => {
  // the editor role goes back to its seeded grants for the files that run after this one
  if (before && token) {
    const { id, roleName, roleKey, sortOrder, status, remark, menuIds } = before;
    await api(`/api/sys/roles/${id}`, {
      method: 'PUT',
      body: JSON.stringify({ roleName, roleKey, sortOrder, status, remark, menuIds }),
    });
  }
  await browser?.close();
});

/**
 * Resolves once every animation inside `root` (a dialog opening, a drawer sliding in) is over. An
 * animation cancelled meanwhile (a new one replaced it) rejects its `finished`: it is over too.
 */
async function settled(root: Locator): Promise<void> {
  await root.evaluate((el) =>
    Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))),
  );
}

/** The edit drawer of the editor role, opened from its row, with the menu tree loaded. */
async function openEditor(): Promise<Locator> {
  const row = page.getByRole('row').filter({ hasText: before.roleName });
  await row.getByRole('button', { name: /修\s*改/ }).click();
  const drawer = page.locator('.ant-drawer-open .ant-drawer-section');
  await drawer
    .getByTestId('check-tree-menuIds')
    .locator('.ant-tree-treenode:not([aria-hidden])')
    .first()
    .waitFor();
  return drawer;
}

describe('the role form', () => {
  let button: Menu;

  it('signs in and opens the roles page', async () => {
    await page.goto(`${baseUrl}/#/sys/roles`);
    await submitSignIn(page, 'admin', adminPassword);
    await page.getByTestId('sidebar').waitFor();
    token = (await page.evaluate(() => sessionStorage.getItem('token'))) ?? '';
    expect(token).not.toBe('');
    await openFromMenu(page, '系统管理', '角色管理');
    await page.waitForURL(/#\/sys\/roles/);
    before = await editorRole();
    // the button to take away: the first, by code, of the buttons the editor holds
    const menus = (await api<{ rows: Menu[] }>('/api/sys/menus?limit=500')).rows;
    const held = new Set(before.menuIds);
    const buttons = menus
      .filter((m) => m.menuType === 'F' && m.perms && held.has(m.id))
      .sort((a, b) => String(a.perms).localeCompare(String(b.perms)));
    expect(buttons.length).toBeGreaterThan(1);
    button = buttons[0];
  });

  it('shows the menu tree inside the form, every entry ticked as the role holds it', async () => {
    // the pointer on a row's edit link asks for the form's code, before the click
    const formCode = page.waitForRequest((request) =>
      /\/assets\/ResourceForm-[^/]*\.js$/.test(request.url()),
    );
    await page
      .getByRole('row')
      .filter({ hasText: before.roleName })
      .getByRole('button', { name: /修\s*改/ })
      .hover();
    await formCode;
    const drawer = await openEditor();
    const tree = drawer.getByTestId('check-tree-menuIds');
    await expect
      .poll(() => tree.getByTestId('ticked-count').textContent())
      .toMatch(new RegExp(`^已勾选 ${before.menuIds.length} / \\d+$`));
    await screenshot(page, 'roleForm-01-tree-1366');
  });

  it('unticks one button, lists that one removal, and saves exactly the rest', async () => {
    const drawer = page.locator('.ant-drawer-open .ant-drawer-section');
    const tree = drawer.getByTestId('check-tree-menuIds');
    await tree.getByPlaceholder('搜索名称或标识').fill(String(button.perms));
    const entry = tree.locator('.ant-tree-treenode').filter({ hasText: String(button.perms) });
    await expect.poll(() => entry.count()).toBe(1);
    const box = entry.locator('.ant-tree-checkbox');
    expect(await box.getAttribute('class')).toContain('ant-tree-checkbox-checked');
    await box.click();
    await expect.poll(() => box.getAttribute('class')).not.toContain('ant-tree-checkbox-checked');
    await screenshot(page, 'roleForm-02-one-unticked');

    await drawer.getByRole('button', { name: /^保\s*存$/ }).click();
    const summary = page.getByTestId('change-summary');
    await summary.waitFor();
    expect(await summary.getByTestId('changes-added').count()).toBe(0);
    const removed = summary.getByTestId('changes-removed');
    expect(await removed.textContent()).toContain('移除 1 项');
    const lines = await removed.getByTestId('change-entry').allTextContents();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(button.menuName);
    expect(lines[0]).toContain(String(button.perms));
    await settled(page.locator('.ant-modal-root').filter({ has: summary }));
    await screenshot(page, 'roleForm-03-summary');

    const permsBefore = await permsOf(before.id);
    await page.getByRole('button', { name: '确认保存' }).click();
    await page.locator('.ant-message').getByText('保存成功').waitFor();
    await page.locator('.ant-drawer-open').waitFor({ state: 'detached' });

    const after = await editorRole();
    expect(sortedIds(after.menuIds)).toEqual(sortedIds(before.menuIds.filter((id) => id !== button.id)));
    expect(await permsOf(before.id)).toEqual(permsBefore.filter((code) => code !== button.perms));
  });

  it('fits the tree into a phone-wide drawer', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    const drawer = await openEditor();
    const tree = drawer.getByTestId('check-tree-menuIds');
    await settled(page.locator('.ant-drawer-open'));
    // the pointer rests where the row's edit button was; the picture shows the tree at rest
    await page.mouse.move(180, 20);
    await screenshot(page, 'roleForm-04-tree-360');
    const box = await tree.boundingBox();
    expect(box && { left: box.x, right: box.x + box.width }).toEqual({
      left: expect.any(Number),
      right: expect.any(Number),
    });
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    await drawer.getByRole('button', { name: /^保\s*存$/ }).click();
    // nothing changed: the form saves without a summary
    await page.locator('.ant-drawer-open').waitFor({ state: 'detached' });
    expect(await page.getByTestId('change-summary').count()).toBe(0);
    await page.setViewportSize({ width: 1366, height: 860 });
  });
});
