// @vitest-environment node
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest, RouteEntry } from '../../runtime/schema/types.ts';
import type { Grants } from '../../server/auth/grants.ts';
import { syncResourceTables } from '../../server/db/syncTables.ts';
import { seedDatabase } from '../../server/seed/seed.ts';
import { buildUserInfo } from '../../server/sys/userInfo.ts';
import {
  ADMIN_PASSWORD,
  backends,
  call,
  createUser,
  login,
  startServer,
  TEST_SECURITY,
  type TestServer,
  withNotesCopy,
} from './harness.ts';

const paths = (routes: RouteEntry[], prefix = ''): string[] =>
  routes.flatMap((r) => {
    const full = r.path.startsWith('/') ? r.path : `${prefix.replace(/\/$/, '')}/${r.path}`;
    return [full, ...paths(r.children ?? [], full)];
  });

describe.each(backends)('users, roles, menus and the shell on $name', (backend) => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startServer(backend);
    admin = await login(server.app, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('seeds the administrator, the admin and editor roles and the menu tree from the manifest', async () => {
    expect(server.seed.firstStart).toBe(true);
    expect(server.seed.admin).toEqual({ userName: 'admin', password: undefined });
    const roles = await server.db.selectFrom('sys_roles').select('role_key').orderBy('id').execute();
    // the first rows made (other tests add roles of their own)
    expect(roles.slice(0, 2).map((r) => r.role_key)).toEqual(['admin', 'editor']);
    const menus = await server.db.selectFrom('sys_menus').selectAll().execute();
    const byKey = new Map(menus.map((m) => [m.menu_key, m]));
    expect(byKey.get('page:dashboard')).toMatchObject({
      component: 'views/dashboard/index',
      affix: true,
      menu_type: 'C',
    });
    expect(byKey.get('dir:sys')).toMatchObject({ menu_type: 'M', component: 'Layout', path: '/sys' });
    expect(byKey.get('page:users')).toMatchObject({ component: 'resource/users', perms: 'sys:users:list' });
    expect(byKey.get('page:users')?.parent_id).toBe(byKey.get('dir:sys')?.id);
    expect(byKey.get('button:users:freeze')).toMatchObject({ menu_type: 'F', perms: 'sys:users:freeze' });
    expect(byKey.get('button:users:self')).toBeUndefined();
  });

  it('seeds idempotently and adds only what the manifest gained, keeping what staff made', async () => {
    const staff = await call(server.app, 'POST', '/api/sys/menus', {
      token: admin,
      body: { menuName: '外部链接', menuType: 'C', path: 'https://example.org', orderNum: 5 },
    });
    expect(staff.status, JSON.stringify(staff.body)).toBe(200);
    const before = await server.db
      .selectFrom('sys_menus')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    const usersBefore = await server.db.selectFrom('sys_users').select('id').execute();
    const again = await seedDatabase(server.db, server.manifest, {
      adminPassword: 'ignored',
      scrypt: TEST_SECURITY.scrypt!,
      sampleData: false,
    });
    expect(again).toEqual({ firstStart: false, menusAdded: [], sampleData: [] });
    expect(await syncResourceTables(server.db, server.manifest)).toEqual([]);
    // no administrator made again (other tests make users of their own)
    const users = await server.db.selectFrom('sys_users').select('id').execute();
    expect(users).toEqual(usersBefore);

    const grown = withNotesCopy(server.manifest, 'memos');
    const added = await seedDatabase(server.db, grown, { scrypt: TEST_SECURITY.scrypt! });
    expect(added.menusAdded).toContain('page:memos');
    expect(added.menusAdded).toContain('button:memos:export');
    const applied = await syncResourceTables(server.db, grown);
    expect(applied[0]).toContain('create table if not exists "qa_memos"');
    expect(applied).toEqual(
      expect.arrayContaining([expect.stringContaining('unique'), expect.stringContaining('foreign key')]),
    );
    expect(applied.every((s) => s.includes('qa_memos'))).toBe(true);
    const after = await server.db
      .selectFrom('sys_menus')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n + added.menusAdded.length);
    const kept = await server.db
      .selectFrom('sys_menus')
      .select('id')
      .where('id', '=', staff.body.data.id)
      .executeTakeFirst();
    expect(kept).toBeDefined();
  });

  it('gives the administrator every route, the dashboard wrapped in the layout', async () => {
    const answer = await call(server.app, 'GET', '/api/sys/routes', { token: admin });
    expect(answer.status).toBe(200);
    const routes = answer.body.data as RouteEntry[];
    expect(routes[0]).toMatchObject({ path: '/', component: 'Layout' });
    expect(routes[0].children?.[0]).toMatchObject({
      path: 'dashboard',
      component: 'views/dashboard/index',
      meta: { affix: true, title: '首页' },
    });
    const all = paths(routes);
    expect(all).toEqual(
      expect.arrayContaining(['/dashboard', '/sys', '/sys/users', '/sys/roles', '/sys/menus']),
    );
    const sys = routes.find((r) => r.path === '/sys')!;
    expect(sys.children!.map((c) => c.component)).toEqual(
      expect.arrayContaining(['resource/users', 'resource/roles', 'resource/menus']),
    );
  });

  it('gives a role only the routes its menus grant, with their directories', async () => {
    const menus = await server.db.selectFrom('sys_menus').select(['id', 'menu_key']).execute();
    const id = (key: string) => menus.find((m) => m.menu_key === key)!.id;
    const role = await call(server.app, 'POST', '/api/sys/roles', {
      token: admin,
      form: true,
      body: {
        roleName: '用户查看',
        roleKey: 'user_viewer',
        menuIds: [String(id('page:users')), String(id('page:dashboard'))],
      },
    });
    expect(role.status, JSON.stringify(role.body)).toBe(200);
    expect(role.body.data.menuIds).toEqual([id('page:dashboard'), id('page:users')].sort((a, b) => a - b));
    const { id: userId, password } = await createUser(server, 'viewer', ['user_viewer']);
    const token = await login(server.app, 'viewer', password);
    const routes = (await call(server.app, 'GET', '/api/sys/routes', { token })).body.data as RouteEntry[];
    expect(paths(routes).sort()).toEqual(['/', '/dashboard', '/sys', '/sys/users']);
    expect((await call(server.app, 'GET', '/api/sys/users', { token })).status).toBe(200);
    expect((await call(server.app, 'GET', '/api/sys/roles', { token })).status).toBe(403);

    const editorToken = await login(server.app, 'viewer', password);
    const info = await call(server.app, 'GET', `/api/sys/users/${userId}/info`, { token: editorToken });
    expect(info.body.data).toMatchObject({
      userName: 'viewer',
      permissions: ['sys:users:list'],
      firstlogin: false,
    });

    const mine = await call(server.app, 'GET', '/api/sys/menus/users', { token });
    expect(mine.status).toBe(200);
    const names = JSON.stringify(mine.body.data);
    expect(names).toContain('"menuName":"用户管理"');
    expect(names).not.toContain('"menuName":"角色管理"');
  });

  it('serves the role-editing menu calls: tree with checked keys, authorised and unauthorised', async () => {
    // a role of its own granted two entries, the users page and the dashboard
    const menus = await server.db.selectFrom('sys_menus').select(['id', 'menu_key']).execute();
    const id = (key: string) => menus.find((m) => m.menu_key === key)!.id;
    const role = await server.db
      .insertInto('sys_roles')
      .values({ role_name: '菜单树角色', role_key: 'menu_tree_role', sort_order: 10 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('sys_role_menus')
      .values(
        [id('page:users'), id('page:dashboard')].map((menuId) => ({ role_id: role.id, menu_id: menuId })),
      )
      .execute();
    const tree = await call(server.app, 'GET', `/api/sys/menus/tree/${role.id}`, { token: admin });
    expect(tree.status).toBe(200);
    expect(tree.body.data.checkedKeys).toHaveLength(2);
    const sysDir = tree.body.data.menus.find((m: { path: string }) => m.path === '/sys');
    expect(sysDir.children.length).toBeGreaterThanOrEqual(3);
    const granted = await call(server.app, 'GET', `/api/sys/menus/auth/${role.id}`, { token: admin });
    const rest = await call(server.app, 'GET', `/api/sys/menus/unauth/${role.id}`, { token: admin });
    const total = await server.db
      .selectFrom('sys_menus')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(granted.body.data).toHaveLength(2);
    expect(granted.body.data.length + rest.body.data.length).toBe(total.n);
    expect(
      (await call(server.app, 'GET', '/api/sys/menus/tree/0', { token: admin })).body.data.checkedKeys,
    ).toEqual([]);
    expect((await call(server.app, 'GET', '/api/sys/menus/auth/987654', { token: admin })).status).toBe(404);
  });

  it('lets a user read only their own info unless they may list users', async () => {
    const { password } = await createUser(server, 'nosy', []);
    const token = await login(server.app, 'nosy', password);
    const answer = await call(server.app, 'GET', '/api/sys/users/1/info', { token });
    expect(answer.status).toBe(403);
    const adminInfo = await call(server.app, 'GET', '/api/sys/users/1/info', { token: admin });
    expect(adminInfo.body.data.permissions).toEqual(
      expect.arrayContaining(['sys:users:list', 'sys:users:freeze', 'qa:notes:export']),
    );
    expect(adminInfo.body.data.roles).toEqual([
      { id: expect.any(Number), roleKey: 'admin', roleName: expect.any(String) },
    ]);
    // the shipped users schema declares a rank, but no position, position rank or grades
    expect(adminInfo.body.data).toMatchObject({
      positionId: null,
      positionRankId: null,
      classifiedGrades: null,
    });
  });

  it('fills the spec’s position keys of the user info when the users schema declares such fields', async () => {
    const grants: Grants = { isAdmin: false, permissions: new Set(), roles: [], menuIds: new Set() };
    const info = await buildUserInfo(
      server.db,
      server.manifest,
      {
        id: 9,
        userName: 'ranked',
        realName: '甲',
        rank: '一级',
        positionId: 4,
        positionRankId: 7,
        classifiedGrades: 'A',
      },
      grants,
      null,
    );
    expect(info).toMatchObject({ rank: '一级', positionId: 4, positionRankId: 7, classifiedGrades: 'A' });
  });

  it('names the user’s department in the user info through the department reference', async () => {
    // a server of its own: the test points the users' department column at another table, which
    // the shared database must not keep for the tests after it
    const server = await startServer(backend);
    const admin = await login(server.app, 'admin', ADMIN_PASSWORD);
    try {
      await departmentNamed(server, admin);
    } finally {
      await server.close();
    }
  });

  async function departmentNamed(server: TestServer, admin: string) {
    const notes = server.manifest.resources.find((r) => r.name === 'notes')!;
    const title = notes.fields.find((f) => f.name === 'title')!;
    const withDepartment: Manifest = {
      ...server.manifest,
      resources: server.manifest.resources.map((r) =>
        r.name === 'users'
          ? {
              ...r,
              fields: [
                ...r.fields.filter((f) => f.name !== 'dpmtId'),
                {
                  ...title,
                  name: 'dpmtId',
                  column: 'dpmt_id',
                  type: 'ref',
                  ref: 'notes',
                  refLabel: 'title',
                  unique: false,
                  required: false,
                },
              ],
            }
          : r,
      ),
    };
    await syncResourceTables(server.db, withDepartment);
    const app = await server.reopen({}, withDepartment);
    const note = await call(app, 'POST', '/api/qa/notes', { token: admin, body: { title: 'Dept of Tests' } });
    const { id, password } = await createUser(server, 'staffer', []);
    await server.db
      .updateTable('sys_users')
      .set({ dpmt_id: note.body.data.id } as never)
      .where('id', '=', id)
      .execute();
    const token = await login(app, 'staffer', password);
    const info = await call(app, 'GET', `/api/sys/users/${id}/info`, { token });
    expect(info.body.data).toMatchObject({
      departmentId: note.body.data.id,
      departmentName: 'Dept of Tests',
    });
  }

  it('updates the caller’s own profile with only the fields the self action allows', async () => {
    const { id, password } = await createUser(server, 'selfie', []);
    const token = await login(server.app, 'selfie', password);
    const answer = await call(server.app, 'PUT', '/api/sys/users/self', {
      token,
      form: true,
      body: { realName: 'Selfie Person', email: 'selfie@example.org', phone: '', personImage: 'head_3' },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ id, realName: 'Selfie Person', personImage: 'head_3' });
    const sneaky = await call(server.app, 'PUT', '/api/sys/users/self', {
      token,
      body: { realName: 'x', roleIds: [1] },
    });
    expect(sneaky.status).toBe(400);
    expect(Object.keys(sneaky.body.data.errors)).toEqual(['roleIds']);
  });

  it('resets a password: generated once when no body, firstlogin set, sessions revoked', async () => {
    const { id, password } = await createUser(server, 'forgetful', []);
    const token = await login(server.app, 'forgetful', password);
    const answer = await call(server.app, 'POST', `/api/sys/reset/users/${id}/password`, { token: admin });
    expect(answer.status).toBe(200);
    const generated = answer.body.data.password as string;
    expect(generated).toHaveLength(16);
    expect((await call(server.app, 'GET', '/api/sys/routes', { token })).status).toBe(401);
    const again = await call(server.app, 'POST', '/api/sys/login', {
      body: { userName: 'forgetful', password: generated },
    });
    expect(again.body.data.firstlogin).toBe(true);
    const chosen = await call(server.app, 'POST', `/api/sys/reset/users/${id}/password`, {
      token: admin,
      form: true,
      body: { password: 'Chosen-by-admin-1' },
    });
    expect(chosen.body.data).toBeNull();
    const short = await call(server.app, 'POST', `/api/sys/reset/users/${id}/password`, {
      token: admin,
      body: { password: 'x' },
    });
    expect(short.status).toBe(400);
    expect(
      (await call(server.app, 'POST', '/api/sys/reset/users/999999/password', { token: admin })).status,
    ).toBe(404);
  });

  it('protects the administrator role and the caller’s own account', async () => {
    const adminRole = await server.db
      .selectFrom('sys_roles')
      .select('id')
      .where('role_key', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(
      (await call(server.app, 'DELETE', `/api/sys/roles/${adminRole.id}`, { token: admin })).status,
    ).toBe(400);
    const rename = await call(server.app, 'PUT', `/api/sys/roles/${adminRole.id}`, {
      token: admin,
      body: { roleName: '超级管理员', roleKey: 'root' },
    });
    expect(rename.status).toBe(400);
    expect(rename.body.data.errors).toEqual({ roleKey: '管理员角色的标识必须是 admin' });
    const own = await call(server.app, 'DELETE', '/api/sys/users/1', { token: admin });
    expect(own.status).toBe(400);
    // a row action has no form to show a field message beside: the toast says why
    expect(own.body.meta.message).toBe('不能删除自己的账号');
    expect(own.body.data.errors).toEqual({ id: '不能删除自己的账号' });
    const freeze = await call(server.app, 'PUT', '/api/sys/users/freeze/1', {
      token: admin,
      headers: { 'accept-language': 'en' },
    });
    expect(freeze.status).toBe(400);
    expect(freeze.body).toEqual({
      meta: { success: false, message: 'you cannot freeze your own account' },
      data: { errors: { id: 'you cannot freeze your own account' } },
    });
  });

  it('deletes a menu with everything below it', async () => {
    const dir = await call(server.app, 'POST', '/api/sys/menus', {
      token: admin,
      body: { menuName: '临时', menuType: 'M' },
    });
    const page = await call(server.app, 'POST', '/api/sys/menus', {
      token: admin,
      body: { menuName: '页', menuType: 'C', parentId: dir.body.data.id },
    });
    const button = await call(server.app, 'POST', '/api/sys/menus', {
      token: admin,
      body: { menuName: '钮', menuType: 'F', parentId: page.body.data.id, perms: 'qa:temp:do' },
    });
    expect(button.status).toBe(200);
    const moveInside = await call(server.app, 'PUT', `/api/sys/menus/${dir.body.data.id}`, {
      token: admin,
      body: { menuName: '临时', menuType: 'M', parentId: button.body.data.id },
    });
    expect(moveInside.status).toBe(400);
    expect(Object.keys(moveInside.body.data.errors)).toEqual(['parentId']);
    expect(
      (await call(server.app, 'DELETE', `/api/sys/menus/${dir.body.data.id}`, { token: admin })).status,
    ).toBe(200);
    const left = await server.db
      .selectFrom('sys_menus')
      .select('id')
      .where('id', 'in', [dir.body.data.id, page.body.data.id, button.body.data.id])
      .execute();
    expect(left).toEqual([]);
  });

  it('gives the dashboard figures', async () => {
    const answer = await call(server.app, 'GET', '/api/sys/dashboard', { token: admin });
    expect(answer.status).toBe(200);
    expect(answer.body.data.users).toBeGreaterThanOrEqual(1);
    expect(answer.body.data.roles).toBeGreaterThanOrEqual(2);
    expect(answer.body.data.activeSessions).toBeGreaterThanOrEqual(1);
    expect(answer.body.data.recentLogins[0]).toMatchObject({ userName: expect.any(String) });
    expect(answer.body.data.resources).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'notes', count: expect.any(Number) })]),
    );
  });

  it('declares an access rule on every API route, and answers unknown ones with a 404 envelope', async () => {
    const unknown = await call(server.app, 'GET', '/api/sys/nothing-here', { token: admin });
    expect(unknown.status).toBe(404);
    expect(unknown.body.meta.success).toBe(false);
    const fresh = await server.reopen();
    expect(() => fresh.get('/api/qa/unguarded', async () => 'open')).toThrow(/declares no access rule/);
    expect(() =>
      fresh.get('/api/qa/guarded', { config: { access: { signedIn: true } } }, async () => 'ok'),
    ).not.toThrow();
    expect((await call(fresh, 'GET', '/api/qa/guarded')).status).toBe(401);
  });
});
