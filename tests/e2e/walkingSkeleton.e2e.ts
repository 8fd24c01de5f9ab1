// Steps 2 to 4 of the walking skeleton as a person does them: sign in through the login page,
// manage users on the generated page, sign out, and find the old token refused.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { allowRefusal, openBrowserPage, screenshot, submitSignIn } from './browser.ts';

const baseUrl = inject('baseUrl');
const adminPassword = inject('adminPassword');

let browser: Browser;
let context: BrowserContext;
let page: Page;

/** The users the list held before this file made one (read by the users page's test). */
let usersBefore = 0;

beforeAll(async () => {
  ({ browser, context, page } = await openBrowserPage());
});

afterAll(async () => {
  await browser?.close();
});

async function sessionValue(key: string): Promise<string | null> {
  return page.evaluate((k) => sessionStorage.getItem(k), key);
}

async function tokenCookie(): Promise<string | undefined> {
  const cookies = await context.cookies(baseUrl);
  return cookies.find((c) => c.name === 'token')?.value;
}

describe('walking skeleton: users end to end', () => {
  let token = '';

  it('sends a visitor to the login page with a redirect back', async () => {
    await page.goto(`${baseUrl}/#/sys/users`);
    await page.waitForURL(/#\/login\?redirect=/);
    expect(decodeURIComponent(page.url())).toContain('redirect=/sys/users');
    await screenshot(page, 'skeleton-01-login');
  });

  it('rejects a wrong password with one generic message', async () => {
    // the sign-in this test makes with a wrong password
    allowRefusal(401, '/api/sys/login');
    await submitSignIn(page, 'admin', 'not-the-password');
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toMatch(/用户名或密码|user name or password/);
    expect(page.url()).toContain('#/login');
  });

  it('signs in with a padded user name, stores the session and returns to the asked page', async () => {
    await submitSignIn(page, '  admin  ', adminPassword);
    await page.waitForURL(/#\/sys\/users/);
    await page.getByTestId('sidebar').waitFor();
    token = (await sessionValue('token')) ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(await sessionValue('userId')).toBe('1');
    expect(await sessionValue('userName')).toBe('admin');
    expect(await tokenCookie()).toBe(token);
    await expect.poll(() => page.getByTestId('navbar').textContent()).toContain('系统管理员');
    // side menu: System → Users, Roles
    const sidebar = page.getByTestId('sidebar');
    await expect.poll(() => sidebar.textContent()).toContain('用户管理');
    expect(await sidebar.textContent()).toContain('角色管理');
    await expect.poll(() => page.getByTestId('breadcrumb').textContent()).toContain('用户管理');
  });

  it('keeps the session across a reload', async () => {
    await page.reload();
    await page.getByTestId('sidebar').waitFor();
    expect(page.url()).toContain('#/sys/users');
    expect(await sessionValue('token')).toBe(token);
    await page.getByRole('cell', { name: 'admin', exact: true }).waitFor();
  });

  it('shows the generated users page: filters, toolbar, sortable table, pagination', async () => {
    await page.getByRole('button', { name: /新\s*增/ }).waitFor();
    for (const label of ['用户名', '姓名', '状态']) {
      expect(await page.locator('form').first().textContent()).toContain(label);
    }
    expect(await page.getByRole('button', { name: /批量删除/ }).isDisabled()).toBe(true);
    // the browser suite's other files share this server and may have made users: counted, not assumed
    const total = /共 (\d+) 条/.exec((await page.getByTestId('pagination').textContent()) ?? '');
    expect(total).not.toBeNull();
    usersBefore = Number(total![1]);
    await screenshot(page, 'skeleton-02-users');
  });

  it('creates a user through the form, showing client and server field errors', async () => {
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const drawer = page.locator('.ant-drawer-open .ant-drawer-section');
    await drawer.waitFor();
    // submit empty: the client-side rules from the compiled JSON Schema name the fields
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    await expect
      .poll(() => drawer.locator('.ant-form-item-explain-error, .error-detail').count())
      .toBeGreaterThan(0);
    expect(await drawer.textContent()).toMatch(/必填|不能为空|required/i);
    // the save this test makes with a taken user name
    allowRefusal(409, '/api/sys/users');
    await drawer.locator('#root_userName').fill('admin');
    await drawer.locator('#root_realName').fill('重复的人');
    await drawer.locator('#root_password').fill('Strong-pass-99');
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    // the server answers 409 for the taken user name, in the page's language; the message lands on that field
    await drawer.locator('.ant-form-item-explain-error', { hasText: '用户名已存在' }).waitFor();
    // the form leaves its saving state once the answer is in; the picture shows the form as the user sees it
    await drawer
      .getByRole('button', { name: /保\s*存/ })
      .and(page.locator(':not(.ant-btn-loading)'))
      .waitFor();
    await screenshot(page, 'skeleton-03-server-field-error');
    await drawer.locator('#root_userName').fill('teacher01');
    await drawer.locator('#root_realName').fill('王老师');
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByRole('cell', { name: 'teacher01', exact: true }).waitFor();
    expect(await page.getByTestId('pagination').textContent()).toContain(`共 ${usersBefore + 1} 条`);
  });

  it('filters by user name and sorts by a column', async () => {
    await page.getByPlaceholder('请输入用户名').fill('teach');
    await page.getByRole('button', { name: /搜\s*索/ }).click();
    await expect.poll(() => page.getByTestId('pagination').textContent()).toContain('共 1 条');
    expect(await page.getByRole('cell', { name: 'admin', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: /^重\s*置$/ }).click();
    await expect
      .poll(() => page.getByTestId('pagination').textContent())
      .toContain(`共 ${usersBefore + 1} 条`);
    const firstUser = () =>
      page
        .locator('tbody tr')
        .filter({ hasText: /admin|teacher01/ })
        .first()
        .textContent();
    await page.getByRole('columnheader', { name: /用户名/ }).click();
    await page.waitForURL(/sort=userName/);
    await expect.poll(firstUser).toContain('admin');
    await page.getByRole('columnheader', { name: /用户名/ }).click();
    await page.waitForURL(/sort=-userName/);
    await expect.poll(firstUser).toContain('teacher01');
  });

  it('freezes and restores a user from the row actions', async () => {
    const row = page.getByRole('row').filter({ hasText: 'teacher01' });
    // edit and delete stay links; freeze, restore and reset password sit in the row's "More" menu,
    // whose confirm opens on the "More" link once an item is chosen
    const runFromMore = async (name: string) => {
      await row.getByRole('button', { name: /更\s*多/ }).click();
      await page.getByRole('menuitem', { name }).click();
      await page
        .locator('.ant-popover:visible')
        .getByRole('button', { name: /确\s*定|OK/ })
        .click();
    };
    await runFromMore('冻结');
    await expect.poll(() => row.textContent()).toContain('冻结');
    await screenshot(page, 'skeleton-04-frozen');
    await row.getByRole('button', { name: /更\s*多/ }).click();
    expect(await page.getByRole('menuitem', { name: '冻结' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await runFromMore('恢复');
    await expect.poll(() => row.textContent()).toContain('正常');
  });

  it('logs out: storage and cookie cleared, the old token refused, re-login offered', async () => {
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: /退出登录|Log out/ }).click();
    await page.waitForURL(/#\/login/);
    expect(await sessionValue('token')).toBeNull();
    expect(await tokenCookie()).toBeUndefined();
    // the fixed text, in the language the call asks for (Chinese by default)
    for (const [language, text] of [
      ['zh-CN', '令牌验证失败'],
      ['en', 'token verification failed'],
    ]) {
      const res = await fetch(`${baseUrl}/api/sys/users`, {
        headers: { 'X-Token': token, 'Accept-Language': language },
      });
      expect(res.status).toBe(401);
      const body = (await res.json()) as { meta: { message: string } };
      expect(body.meta.message).toBe(text);
    }
    await screenshot(page, 'skeleton-05-logged-out');
  });

  it('offers re-login when a stored token has been revoked', async () => {
    // the calls a reload makes at once with the token revoked by the logout above: the profile,
    // and beside it the manifest, the route list and the home page's figures
    for (const path of [
      '/api/sys/users/1/info',
      '/api/sys/manifest',
      '/api/sys/routes',
      '/api/sys/dashboard',
    ])
      allowRefusal(401, path);
    await page.evaluate((t) => {
      sessionStorage.setItem('token', t);
      sessionStorage.setItem('userId', '1');
      sessionStorage.setItem('userName', 'admin');
    }, token);
    await page.context().addCookies([{ name: 'token', value: token, url: baseUrl }]);
    // a fresh document load (session storage survives it), so the app starts from what storage holds
    await page.goto('about:blank');
    await page.goto(`${baseUrl}/#/dashboard`);
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.waitFor();
    await screenshot(page, 'skeleton-06-relogin');
    await confirm.getByRole('button', { name: /重新登录|log in again/i }).click();
    await page.waitForURL(/#\/login/);
    expect(await sessionValue('token')).toBeNull();
  });
});
