// @vitest-environment node
// A menu entry's component names a view the app has (runtime/appViews.ts), on create and update:
// anything else is a 400 on `component`, and nothing is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, backends, call, login, startServer, type TestServer } from './harness.ts';

const MENUS = '/api/sys/menus';

describe.each(backends)('menu components on $name', (backend) => {
  let server: TestServer;
  let admin: string;
  const create = (body: Record<string, unknown>) => call(server.app, 'POST', MENUS, { token: admin, body });

  beforeAll(async () => {
    server = await startServer(backend);
    admin = await login(server.app, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('accepts the shell for a directory, and a resource page or a hand-written view for a page', async () => {
    const dir = await create({ menuName: '目录', menuType: 'M', component: 'Layout', path: '/extra' });
    expect(dir.status, JSON.stringify(dir.body)).toBe(200);
    for (const component of ['resource/users', 'views/dashboard/index', 'cms/link']) {
      const page = await create({
        menuName: component,
        menuType: 'C',
        parentId: dir.body.data.id,
        path: component.replaceAll('/', '-'),
        component,
      });
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      expect(page.body.data.component).toBe(component);
    }
  });

  it('refuses an unknown view, an unknown resource, a page as a directory, and counts nothing', async () => {
    const before = await server.db.selectFrom('sys_menus').select('id').execute();
    for (const [menuType, component] of [
      ['C', 'resource/nothing'],
      ['C', 'dashboard/missing'],
      ['C', 'views/../login/index'],
      ['C', 'Layout'],
      ['M', 'resource/users'],
      ['F', 'dashboard/index'],
    ]) {
      const answer = await create({ menuName: 'x', menuType, path: '/x', component });
      expect(answer.status, component).toBe(400);
      expect(Object.keys(answer.body.data.errors), component).toEqual(['component']);
    }
    expect(await server.db.selectFrom('sys_menus').select('id').execute()).toHaveLength(before.length);
  });

  it('checks an update too, and leaves the row as it was', async () => {
    const page = await create({ menuName: '页面', menuType: 'C', path: 'page', component: 'resource/roles' });
    const id = page.body.data.id;
    const bad = await call(server.app, 'PUT', `${MENUS}/${id}`, {
      token: admin,
      body: { menuName: '页面', menuType: 'C', path: 'page', component: 'resource/ghost' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors.component).toContain('ghost');
    const toDirectory = await call(server.app, 'PUT', `${MENUS}/${id}`, {
      token: admin,
      body: { menuName: '页面', menuType: 'M', path: 'page', component: 'resource/roles' },
    });
    expect(toDirectory.status).toBe(400);
    const row = await server.db
      .selectFrom('sys_menus')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ menu_type: 'C', component: 'resource/roles' });
  });
});
