// The generic list page with the real users and menus schemas, against a real local HTTP server:
// what it draws, and what it sends when the user filters, sorts, selects and acts.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Activity } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createResourceClient } from '../../../runtime/client/resourceClient.ts';
import type { Resource } from '../../../runtime/schema/types.ts';
import { ResourcePage } from '../../../runtime/ui/ResourcePage.tsx';
import { columnVisibilityKey } from '../../../runtime/ui/useColumnVisibility.ts';
import { ok, type Received, type Reply, startServer, type TestServer } from '../client/testServer.ts';
import { loadResources, Providers, resourceNamed, testHttp } from './harness.tsx';
import { givenTableWidth } from './tableWidth.ts';

const ROLES = [
  { id: 1, roleName: '管理员', roleKey: 'admin' },
  { id: 2, roleName: '编辑', roleKey: 'editor' },
];
const USERS = [
  {
    id: 1,
    userName: 'admin',
    realName: '甲',
    roleIds: [1],
    email: 'admin@school.cn',
    phone: '13800000000',
    status: 0,
    firstlogin: false,
    createTime: '2026-03-01 08:30:05',
  },
  {
    id: 2,
    userName: 'frozen',
    realName: '乙',
    roleIds: [1, 2],
    email: null,
    phone: null,
    status: 1,
    firstlogin: true,
    createTime: '2026-03-02 09:00:00',
  },
];
const MENUS = [
  { id: 1, parentId: 0, menuName: '系统管理', menuType: 'M', orderNum: 1, status: 0 },
  { id: 2, parentId: 1, menuName: '用户管理', menuType: 'C', orderNum: 1, status: 0 },
  { id: 3, parentId: 1, menuName: '角色管理', menuType: 'C', orderNum: 2, status: 0 },
];

let server: TestServer;
let resources: Resource[];
let toasts: string[];

function api(extra?: (req: Received) => Reply | undefined) {
  return (req: Received): Reply => {
    const answer = extra?.(req);
    if (answer) return answer;
    if (req.method === 'GET' && req.path === '/api/sys/roles')
      return ok({ rows: ROLES, total: ROLES.length });
    if (req.method === 'GET' && req.path === '/api/sys/users') return ok({ rows: USERS, total: 42 });
    if (req.method === 'GET' && req.path === '/api/sys/users/1') return ok(USERS[0]);
    if (req.method === 'GET' && req.path === '/api/sys/menus') {
      // a level of the tree, each row saying whether it has children, as the server answers
      const level = MENUS.filter((m) => String(m.parentId) === (req.query.get('parentId') ?? '0')).map(
        (m) => ({ ...m, hasChildren: MENUS.some((c) => c.parentId === m.id) }),
      );
      return ok({ rows: level, total: level.length });
    }
    return ok({ count: 1 });
  };
}

const userLists = () => server.received.filter((r) => r.method === 'GET' && r.path === '/api/sys/users');
const lastUserList = () => userLists().at(-1)!;

beforeAll(async () => {
  server = await startServer();
  resources = await loadResources();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

async function renderPage(
  name: string,
  can: (code: string) => boolean = () => true,
  lang: 'zh' | 'en' = 'zh',
  initialEntry = '/',
) {
  toasts = [];
  const http = testHttp(server, toasts);
  const resource = resourceNamed(resources, name);
  const client = createResourceClient(http, resource);
  return render(
    <Providers http={http} resources={resources} initialEntry={initialEntry}>
      <ResourcePage resource={resource} client={client} lang={lang} can={can} />
    </Providers>,
  );
}

async function usersLoaded() {
  await screen.findByText('frozen');
}

const button = (name: RegExp) => screen.getByRole('button', { name });

/** The header texts, read without a role query (each walks the whole page, slowly in jsdom). */
const headers = () => [...document.querySelectorAll('thead th')].map((th) => th.textContent);

/** Opens the row's More menu and returns it. */
async function openMore(row: HTMLElement): Promise<HTMLElement> {
  fireEvent.click(within(row).getByRole('button', { name: /更\s*多/ }));
  // a menu closed earlier stays in the document, hidden; the one just opened is the last.
  // `hidden: true` skips the visibility check of every element, which is slow in jsdom
  const menus = await screen.findAllByRole('menu', { hidden: true });
  return menus.at(-1)!;
}

/** Opens the export menu and picks one of its choices. */
async function chooseExport(choice: string): Promise<void> {
  fireEvent.click(button(/导\s*出/));
  const menus = await screen.findAllByRole('menu', { hidden: true });
  // the export starts at once and shows its progress: inside act, so React sees the update
  await act(async () => {
    fireEvent.click(within(menus.at(-1)!).getByText(choice));
  });
}

const menuItems = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);

describe('ResourcePage with the users schema', () => {
  it('renders the schema columns with enum tags, formatted times and role names', async () => {
    server.handle(api());
    await renderPage('users');
    await usersLoaded();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    for (const title of ['用户名', '姓名', '角色', '邮箱', '手机号', '状态', '创建时间', '操作']) {
      expect(headers.some((h) => h?.includes(title))).toBe(true);
    }
    const admin = screen.getByText('admin').closest('tr')!;
    expect(within(admin).getByText('正常')).toBeTruthy();
    expect(within(admin).getByText('2026-03-01 08:30:05')).toBeTruthy();
    expect(within(admin).getByRole('link', { name: 'admin@school.cn' }).getAttribute('href')).toBe(
      'mailto:admin@school.cn',
    );
    const frozen = screen.getByText('frozen').closest('tr')!;
    expect(within(frozen).getByText('冻结')).toBeTruthy();
    await waitFor(() => expect(within(frozen).getByText('编辑')).toBeTruthy());
    expect(within(frozen).getByText('管理员')).toBeTruthy();
    // the first request asks for page 1 of 20 in the schema's default order
    expect(Object.fromEntries(userLists()[0].query)).toEqual({ page: '1', limit: '20', sort: '-createTime' });
    expect(screen.getByText('共 42 条')).toBeTruthy();
  });

  it('names the toolbar and row buttons by their text alone, their icons hidden', async () => {
    server.handle(api());
    await renderPage('users');
    await usersLoaded();
    // an icon's own name ("plus", "reload") is not part of the button's
    for (const name of ['新增', '导出', '刷新']) {
      const found = screen.getByRole('button', { name });
      expect(within(found).queryAllByRole('img')).toEqual([]);
    }
    const admin = screen.getByText('admin').closest('tr')!;
    expect(within(admin).getByRole('button', { name: /^更\s*多$/ })).toBeTruthy();
  });

  it('sends a filter as its query parameter on search, starting again at page 1', async () => {
    server.handle(api());
    await renderPage('users');
    await usersLoaded();
    fireEvent.change(screen.getByRole('textbox', { name: '用户名' }), { target: { value: 'ada' } });
    fireEvent.click(button(/搜\s*索/));
    await waitFor(() => expect(lastUserList().query.get('userName')).toBe('ada'));
    expect(lastUserList().query.get('page')).toBe('1');
    expect(screen.getByTestId('location').textContent).toContain('f.userName=ada');
    fireEvent.click(button(/^重\s*置$/));
    await waitFor(() => expect(lastUserList().query.has('userName')).toBe(false));
  });

  it('keeps what was typed in a filter while the page is hidden in a kept-alive tab', async () => {
    server.handle(api());
    const http = testHttp(server, toasts);
    const resource = resourceNamed(resources, 'users');
    const client = createResourceClient(http, resource);
    const page = (mode: 'visible' | 'hidden') => (
      <Providers http={http} resources={resources}>
        <Activity mode={mode}>
          <ResourcePage resource={resource} client={client} lang="zh" can={() => true} />
        </Activity>
      </Providers>
    );
    const shown = render(page('visible'));
    await usersLoaded();
    const input = () => screen.getByRole('textbox', { name: '用户名', hidden: true }) as HTMLInputElement;
    fireEvent.change(input(), { target: { value: 'adm' } });
    shown.rerender(page('hidden'));
    shown.rerender(page('visible'));
    await act(async () => {});
    expect(input().value).toBe('adm');
  });

  it('sends an enum filter with its value', async () => {
    server.handle(api());
    await renderPage('users');
    await usersLoaded();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '状态' }));
    const options = await screen.findAllByTitle('冻结');
    fireEvent.click(options.find((o) => o.classList.contains('ant-select-item-option'))!);
    fireEvent.click(button(/搜\s*索/));
    await waitFor(() => expect(lastUserList().query.get('status')).toBe('1'));
  });

  it('sorts by a header click: ascending first, then sort=-field', async () => {
    server.handle(api());
    await renderPage('users');
    await usersLoaded();
    const header = screen.getByRole('columnheader', { name: /用户名/ });
    fireEvent.click(header);
    await waitFor(() => expect(lastUserList().query.get('sort')).toBe('userName'));
    fireEvent.click(screen.getByRole('columnheader', { name: /用户名/ }));
    await waitFor(() => expect(lastUserList().query.get('sort')).toBe('-userName'));
    expect(screen.getByRole('columnheader', { name: /用户名/ }).getAttribute('aria-sort')).toBe('descending');
    // a column the schema does not mark sortable does not react
    const before = userLists().length;
    fireEvent.click(screen.getByRole('columnheader', { name: /邮箱/ }));
    await act(async () => {});
    expect(userLists().length).toBe(before);
  });

  it('starts from the page, sort and filters in the URL, and shows them in the controls', async () => {
    server.handle(api());
    await renderPage('users', () => true, 'zh', '/?page=2&sort=userName&f.status=1&f.userName=ad');
    await usersLoaded();
    expect(Object.fromEntries(userLists()[0].query)).toEqual({
      page: '2',
      limit: '20',
      sort: 'userName',
      userName: 'ad',
      status: '1',
    });
    const search = screen.getByRole('search');
    expect((within(search).getByRole('textbox', { name: '用户名' }) as HTMLInputElement).value).toBe('ad');
    expect(within(search).getByText('冻结')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /用户名/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('pages through the pagination control', async () => {
    server.handle(api());
    await renderPage('users');
    await usersLoaded();
    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(lastUserList().query.get('page')).toBe('3'));
    expect(screen.getByTestId('location').textContent).toContain('page=3');
  });

  it('enables batch delete once a row is selected and sends the selected ids', async () => {
    server.handle(api());
    await renderPage('users');
    await usersLoaded();
    const batchDelete = button(/批量删除/);
    expect(batchDelete.hasAttribute('disabled')).toBe(true);
    const [first] = screen.getAllByRole('checkbox', { name: '选择此行' });
    fireEvent.click(first);
    await waitFor(() => expect(button(/批量删除/).hasAttribute('disabled')).toBe(false));
    expect(screen.getByText('已选择 1 项')).toBeTruthy();
    fireEvent.click(button(/批量删除/));
    expect(await screen.findByText('确定删除选中的用户？')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(server.received.some((r) => r.method === 'DELETE')).toBe(true));
    const del = server.received.find((r) => r.method === 'DELETE')!;
    expect(del.path).toBe('/api/sys/users');
    expect(del.form.getAll('ids')).toEqual(['1']);
    await waitFor(() => expect(button(/批量删除/).hasAttribute('disabled')).toBe(true));
  });

  it('puts the row actions past the first two in a More menu, offering each where its `when` holds', async () => {
    server.handle(api());
    await renderPage('users');
    await usersLoaded();
    const admin = screen.getByText('admin').closest('tr')!;
    const frozen = screen.getByText('frozen').closest('tr')!;
    // edit and delete stay on the line; freeze or restore, role assignment and the password reset go in the menu
    for (const row of [admin, frozen]) {
      const labels = [...row.querySelectorAll('button')].map((b) => (b.textContent ?? '').replace(/\s/g, ''));
      expect(labels).toEqual(['修改', '删除', '更多']);
    }
    expect(menuItems(await openMore(frozen))).toEqual(['恢复', '分配角色', '重置密码']);
    const menu = await openMore(admin);
    expect(menuItems(menu)).toEqual(['冻结', '分配角色', '重置密码']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: '冻结' }));
    expect(await screen.findByText('冻结后该用户无法登录，确定冻结？')).toBeTruthy();
    expect(server.received.some((r) => r.method === 'PUT')).toBe(false);
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(server.received.some((r) => r.method === 'PUT')).toBe(true));
    const put = server.received.find((r) => r.method === 'PUT')!;
    expect(put.path).toBe('/api/sys/users/freeze/1');
    // the list is fetched again after the change
    await waitFor(() => expect(userLists().length).toBeGreaterThan(1));
  });

  it('keeps an open confirm open while the role labels arrive', async () => {
    let releaseRoles: () => void = () => {};
    const rolesHeld = new Promise<void>((resolve) => {
      releaseRoles = resolve;
    });
    server.handle(async (req) => {
      if (req.path === '/api/sys/roles') await rolesHeld;
      return api()(req);
    });
    await renderPage('users');
    await usersLoaded();
    const admin = screen.getByText('admin').closest('tr')!;
    fireEvent.click(within(await openMore(admin)).getByRole('menuitem', { name: '冻结' }));
    const ok = await screen.findByRole('button', { name: /确\s*定/ });
    releaseRoles();
    await waitFor(() =>
      expect(within(screen.getByText('frozen').closest('tr')!).getByText('编辑')).toBeTruthy(),
    );
    expect(ok.isConnected).toBe(true);
    fireEvent.click(ok);
    await waitFor(() => expect(server.received.some((r) => r.path === '/api/sys/users/freeze/1')).toBe(true));
  });

  it('hides every button the permission check refuses', async () => {
    server.handle(api());
    const allowed = new Set(['sys:users:list', 'sys:users:update', 'sys:users:restore']);
    await renderPage('users', (code) => allowed.has(code));
    await usersLoaded();
    // one role query for every button: each query walks the whole page, which is slow in jsdom
    const names = screen.getAllByRole('button').map((b) => (b.textContent ?? '').replace(/\s/g, ''));
    for (const name of ['新增', '批量删除', '批量修改', '导出', '冻结', '删除', '重置密码']) {
      expect(names).not.toContain(name);
    }
    expect(names.filter((name) => name === '修改')).toHaveLength(2);
    expect(names.filter((name) => name === '恢复')).toHaveLength(1);
    // two actions at most on a row: they fit on the line, without a More menu
    expect(names).not.toContain('更多');
    // no batch action and no export: no selection column either
    expect(screen.queryAllByRole('checkbox', { name: '选择此行' })).toHaveLength(0);
    // without sys:roles:list the roles column shows ids and asks nothing of the roles endpoint
    expect(server.received.some((r) => r.path === '/api/sys/roles')).toBe(false);
  });

  it('opens the form for a row action with fields, and sends what was typed', async () => {
    server.handle(api());
    await renderPage('users');
    await usersLoaded();
    const admin = screen.getByText('admin').closest('tr')!;
    fireEvent.click(within(await openMore(admin)).getByRole('menuitem', { name: '重置密码' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(await within(dialog).findByLabelText(/密码/), { target: { value: 'new secret 1' } });
    fireEvent.click(await within(dialog).findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(server.received.some((r) => r.method === 'POST')).toBe(true));
    const post = server.received.find((r) => r.method === 'POST')!;
    expect(post.path).toBe('/api/sys/reset/users/1/password');
    expect(post.form.get('password')).toBe('new secret 1');
  });

  it('edits a row in a drawer loaded from the server and saves it with PUT', async () => {
    server.handle(api());
    await renderPage('users');
    await usersLoaded();
    const admin = screen.getByText('admin').closest('tr')!;
    fireEvent.click(within(admin).getByRole('button', { name: /修\s*改/ }));
    const drawer = await screen.findByRole('dialog');
    // one user is edited, not the page of users
    expect(within(drawer).getByText('编辑用户')).toBeTruthy();
    const realName = (await within(drawer).findByLabelText(/姓名/)) as HTMLInputElement;
    expect(realName.value).toBe('甲');
    fireEvent.change(realName, { target: { value: '甲二' } });
    fireEvent.click(within(drawer).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(server.received.some((r) => r.method === 'PUT')).toBe(true));
    const put = server.received.find((r) => r.method === 'PUT')!;
    expect(put.path).toBe('/api/sys/users/1');
    expect(put.form.get('realName')).toBe('甲二');
    // userName may be set on create only, and status is read-only: neither is sent
    expect(put.form.has('userName')).toBe(false);
    expect(put.form.has('status')).toBe(false);
    expect(await screen.findByText('保存成功')).toBeTruthy();
  });

  it('exports the list as a downloaded .xlsx named by the server', async () => {
    server.handle(
      api((req) =>
        req.path === '/api/sys/users/export'
          ? {
              body: new Uint8Array([0x50, 0x4b, 3, 4]),
              headers: {
                'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
                'content-disposition': 'attachment; filename="users.xlsx"',
              },
            }
          : undefined,
      ),
    );
    const createObjectURL = vi.fn((_: Blob) => 'blob:users');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    await renderPage('users');
    await usersLoaded();
    await chooseExport('导出可见列');
    await waitFor(() => expect(clicks).toEqual(['users.xlsx']));
    expect(createObjectURL.mock.calls[0][0].size).toBe(4);
    const post = server.received.find((r) => r.path === '/api/sys/users/export')!;
    expect(post.form.get('sort')).toBe('-createTime');
    expect(await screen.findByText('已导出 users.xlsx')).toBeTruthy();
  });

  it('exports the columns the list shows, or all of them, as chosen from the export menu', async () => {
    const bytes = new Uint8Array(48 * 1024).fill(1);
    server.handle(
      api((req) =>
        req.path === '/api/sys/users/export'
          ? { body: bytes, headers: { 'content-type': 'application/octet-stream' } }
          : undefined,
      ),
    );
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:users'), revokeObjectURL: vi.fn() });
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    const exports = () => server.received.filter((r) => r.path === '/api/sys/users/export');
    await renderPage('users');
    await usersLoaded();
    // the e-mail column hidden in the column settings is left out of a visible-columns export
    fireEvent.click(screen.getByRole('button', { name: '列设置' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: '邮箱' }));
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: /邮箱/ })).toBeNull());
    await chooseExport('导出可见列');
    await waitFor(() => expect(clicks).toHaveLength(1));
    const visible = exports()[0].form.get('columns')!.split(',');
    expect(visible).toEqual(['userName', 'realName', 'dpmtId', 'roleIds', 'phone', 'status', 'createTime']);

    await chooseExport('导出全部列');
    await waitFor(() => expect(clicks).toHaveLength(2));
    expect(exports()[1].form.get('columns')).toBe('all');
  });

  it('shows how much of an export has arrived while it downloads, then what was saved', async () => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const users = api();
    server.handle(async (req) => {
      if (req.path !== '/api/sys/users/export') return users(req);
      await answered;
      return {
        body: new Uint8Array(2048),
        headers: {
          'content-type': 'application/octet-stream',
          'content-disposition': 'attachment; filename="users.xlsx"',
        },
      };
    });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:users'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await renderPage('users');
    await usersLoaded();
    await chooseExport('导出全部列');
    expect(await screen.findByText('正在导出，已接收 0 B')).toBeTruthy();
    // while one export runs the button spins and offers no second one
    await waitFor(() => expect(button(/导\s*出/).className).toContain('loading'));
    release();
    expect(await screen.findByText('已导出 users.xlsx')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/正在导出/)).toBeNull());
  });

  it('hides and shows a column from the column settings', async () => {
    server.handle(api());
    await renderPage('users');
    await usersLoaded();
    fireEvent.click(screen.getByRole('button', { name: '列设置' }));
    const email = await screen.findByRole('checkbox', { name: '邮箱' });
    fireEvent.click(email);
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: /邮箱/ })).toBeNull());
    fireEvent.click(screen.getByRole('checkbox', { name: '邮箱' }));
    await waitFor(() => expect(screen.getByRole('columnheader', { name: /邮箱/ })).toBeTruthy());
  });

  it('remembers the hidden columns of each resource in localStorage, until they are reset', async () => {
    server.handle(api());
    const first = await renderPage('users');
    await usersLoaded();
    fireEvent.click(screen.getByRole('button', { name: '列设置' }));
    fireEvent.click(await screen.findByLabelText('邮箱'));
    await waitFor(() => expect(headers()).not.toContain('邮箱'));
    expect(JSON.parse(localStorage.getItem(columnVisibilityKey('users'))!)).toEqual({ email: false });
    expect(localStorage.getItem(columnVisibilityKey('menus'))).toBeNull();
    first.unmount();

    // a reload: the choice is still there
    await renderPage('users');
    await usersLoaded();
    expect(headers()).not.toContain('邮箱');
    expect(headers()).toContain('手机号');
    fireEvent.click(screen.getByRole('button', { name: '列设置' }));
    const email = (await screen.findByLabelText('邮箱')) as HTMLInputElement;
    expect(email.checked).toBe(false);
    const settings = email.closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(settings).getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(headers()).toContain('邮箱'));
    expect(localStorage.getItem(columnVisibilityKey('users'))).toBeNull();
  });

  it('shows every column when what localStorage holds is not a column choice', async () => {
    localStorage.setItem(columnVisibilityKey('users'), '["email"]');
    server.handle(api());
    await renderPage('users');
    await usersLoaded();
    expect(headers()).toContain('邮箱');
  });

  it('gives each column a width from its field type, keeps headers on one line and scrolls sideways', async () => {
    // a phone's width, far narrower than the users' columns (1,461 px with the selection); so
    // narrow that no column stays fixed, and none is widened to meet the fixed actions
    onTestFinished(givenTableWidth(() => 328));
    server.handle(api());
    const { container } = await renderPage('users');
    await usersLoaded();
    const table = container.querySelector('table')!;
    const widths = [...table.querySelectorAll('colgroup col')].map((col) => (col as HTMLElement).style.width);
    // selection, then the schema's columns, then the actions
    expect(widths.slice(0, 9)).toEqual([
      '48px',
      '140px', // userName: the schema's width
      '140px', // realName
      '160px', // dpmtId
      '180px', // roleIds: a multi-valued ref, a tag per role
      '200px', // email
      '140px', // phone: no width in the schema, sized from its type and header
      '100px', // status
      '180px', // createTime
    ]);
    const total = widths.reduce((sum, w) => sum + Number.parseInt(w, 10), 0);
    // the table is as wide as its columns and the page scrolls it when that is wider than the page
    expect(table.style.width).toBe(`${total}px`);
    for (const header of screen.getAllByRole('columnheader')) {
      if (header.textContent) expect(header.style.whiteSpace).toBe('nowrap');
    }
  });

  it('speaks English when asked', async () => {
    server.handle(api());
    await renderPage('users', () => true, 'en');
    await usersLoaded();
    expect(screen.getByRole('columnheader', { name: /User name/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Search/ })).toBeTruthy();
    expect(screen.getByText('Total 42')).toBeTruthy();
    expect(screen.getAllByText('Active').length).toBeGreaterThan(0);
    // a field's title inside a sentence reads as English does
    expect(screen.getByPlaceholderText('Enter user name')).toBeTruthy();
    expect(screen.queryByPlaceholderText(/Enter User name/)).toBeNull();
  });

  it('titles the create drawer by one row: 新增用户, New user', async () => {
    server.handle(api());
    const page = await renderPage('users');
    await usersLoaded();
    fireEvent.click(button(/新\s*增/));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('新增用户')).toBeTruthy();
    expect(within(drawer).queryByText('新增用户管理')).toBeNull();
    page.unmount();

    await renderPage('users', () => true, 'en');
    await usersLoaded();
    fireEvent.click(button(/Create/));
    expect(within(await screen.findByRole('dialog')).getByText('New user')).toBeTruthy();
  });
});

describe('ResourcePage with the menus tree', () => {
  it('reads the top level, and the children of a parent when it is expanded', async () => {
    server.handle(api());
    server.received.length = 0;
    await renderPage('menus');
    await screen.findByText('系统管理');
    const lists = () => server.received.filter((r) => r.path === '/api/sys/menus');
    expect(
      lists().map((r) => [r.query.get('parentId'), r.query.get('hasChildren'), r.query.get('limit')]),
    ).toEqual([['0', 'true', '500']]);
    expect(screen.queryByText('用户管理')).toBeNull();
    expect(screen.queryByTestId('pagination')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '展开' }));
    expect(await screen.findByText('用户管理')).toBeTruthy();
    expect(lists().at(-1)!.query.get('parentId')).toBe('1');
    expect(screen.getByText('角色管理')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '收起' }));
    await waitFor(() => expect(screen.queryByText('用户管理')).toBeNull());
  });
});
