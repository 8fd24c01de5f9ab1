// @vitest-environment node
// A resource added as YAML only (tests/fixtures/schemas/notices, dropped into a copy of the
// project's schemas): the server gives it a table, menu entries, a list, a form's writes, its
// permission codes and its public calls through the generic path, with no code written for it.
import { rm } from 'node:fs/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../runtime/schema/types.ts';
import { loadManifest } from '../../server/start.ts';
import { schemasWithNotices } from '../fixtures/addNoticesResource.ts';
import {
  ADMIN_PASSWORD,
  backends,
  call,
  createUser,
  login,
  startServer,
  type TestServer,
} from './harness.ts';

const NOTICES = '/api/cms/notices';

describe.each(backends)('a resource added as YAML only on $name', (backend) => {
  let server: TestServer;
  let schemaDir: string;
  let admin: string;

  beforeAll(async () => {
    schemaDir = await schemasWithNotices();
    server = await startServer(backend, {}, { manifest: await loadManifest(schemaDir) });
    admin = await login(server.app, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await server?.close();
    await rm(schemaDir, { recursive: true, force: true });
  });

  it('gets its table with a column per field', async () => {
    const columns = await sql<{ column_name: string; data_type: string }>`
      select column_name, data_type from information_schema.columns
      where table_schema = current_schema() and table_name = 'cms_notices' order by ordinal_position`.execute(
      server.db,
    );
    expect(columns.rows.map((c) => [c.column_name, c.data_type])).toEqual([
      ['id', 'integer'],
      ['create_time', 'timestamp with time zone'],
      ['update_time', 'timestamp with time zone'],
      ['version', 'integer'],
      ['title', 'character varying'],
      ['body', 'text'],
      ['publish_date', 'date'],
      ['author_id', 'integer'],
      ['status', 'integer'],
    ]);
  });

  it('gets a page in the content menu with a button per action, and a route for the administrator', async () => {
    const menus = await server.db
      .selectFrom('sys_menus')
      .selectAll()
      .where('menu_key', 'like', '%notices%')
      .execute();
    const byKey = new Map(menus.map((m) => [m.menu_key, m]));
    const cms = await server.db
      .selectFrom('sys_menus')
      .select('id')
      .where('menu_key', '=', 'dir:cms')
      .executeTakeFirstOrThrow();
    expect(byKey.get('page:notices')).toMatchObject({
      parent_id: cms.id,
      menu_type: 'C',
      menu_name: '通知公告',
      component: 'resource/notices',
      perms: 'cms:notices:list',
    });
    expect(
      menus
        .filter((m) => m.menu_type === 'F')
        .map((m) => m.perms)
        .sort(),
    ).toEqual(['cms:notices:batchDelete', 'cms:notices:create', 'cms:notices:delete', 'cms:notices:update']);
    const routes = (await call(server.app, 'GET', '/api/sys/routes', { token: admin })).body
      .data as RouteEntry[];
    const page = routes.find((r) => r.path === '/cms')?.children?.find((r) => r.name === 'notices');
    expect(page).toMatchObject({ path: 'notices', component: 'resource/notices' });
  });

  it('creates, lists, filters, updates and deletes through the generic endpoints, checking the form’s rules', async () => {
    const created = await call(server.app, 'POST', NOTICES, {
      token: admin,
      form: true,
      body: {
        title: '  期中考试安排  ',
        body: '<p>考试时间见附件。</p><script>steal()</script>',
        publishDate: '2026-11-02',
        authorId: '1',
        status: '1',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({
      title: '期中考试安排',
      body: '<p>考试时间见附件。</p>',
      publishDate: '2026-11-02',
      authorId: 1,
      status: 1,
    });
    await call(server.app, 'POST', NOTICES, {
      token: admin,
      body: { title: '运动会通知（草稿）', body: '<p>待定</p>', publishDate: '2026-11-20' },
    });

    const invalid = await call(server.app, 'POST', NOTICES, {
      token: admin,
      body: { title: '', publishDate: 'soon', authorId: 999, secret: 1 },
    });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.data.errors).sort()).toEqual(['body', 'publishDate', 'secret', 'title']);
    const badRef = await call(server.app, 'POST', NOTICES, {
      token: admin,
      body: { title: 'x', body: '<p>x</p>', publishDate: '2026-11-02', authorId: 999 },
    });
    expect(badRef.body.data.errors).toEqual({ authorId: '发布人中的 999 不存在' });

    const list = await call(server.app, 'GET', NOTICES, { token: admin });
    expect(list.body.data.rows.map((r: { title: string }) => r.title)).toEqual([
      '运动会通知（草稿）',
      '期中考试安排',
    ]);
    const filtered = await call(server.app, 'GET', NOTICES, {
      token: admin,
      query: { status: '1', publishDateFrom: '2026-11-01', authorId: '1' },
    });
    expect(filtered.body.data.total).toBe(1);

    const id = created.body.data.id;
    const updated = await call(server.app, 'PUT', `${NOTICES}/${id}`, {
      token: admin,
      body: { title: '期中考试安排（更新）', body: '<p>改期</p>', publishDate: '2026-11-03', status: 1 },
    });
    expect(updated.body.data.title).toBe('期中考试安排（更新）');
    expect((await call(server.app, 'DELETE', `${NOTICES}/${id}`, { token: admin })).body.data).toEqual({
      id,
    });
  });

  it('holds its permission codes: a role granted the page may list, a user without it may not', async () => {
    const editor = await createUser(server, 'notice-editor', ['editor']);
    const editorToken = await login(server.app, 'notice-editor', editor.password);
    expect((await call(server.app, 'GET', NOTICES, { token: editorToken })).status).toBe(200);
    const nobody = await createUser(server, 'notice-reader', []);
    const token = await login(server.app, 'notice-reader', nobody.password);
    const refused = await call(server.app, 'GET', NOTICES, { token });
    expect(refused.status).toBe(403);
    expect(refused.body.meta.message).toBe('没有权限：cms:notices:list');
    const write = await call(server.app, 'POST', NOTICES, {
      token,
      body: { title: 'x', body: '<p>x</p>', publishDate: '2026-11-02' },
    });
    expect(write.status).toBe(403);
    expect(write.body.meta.message).toBe('没有权限：cms:notices:create');
  });

  it("is in the manifest the app's generated pages are made from", async () => {
    const answer = await call(server.app, 'GET', '/api/sys/manifest', { token: admin });
    const notices = answer.body.data.resources.find((r: { name: string }) => r.name === 'notices');
    expect(notices).toMatchObject({
      name: 'notices',
      endpoint: NOTICES,
      title: { zh: '通知公告', en: 'Notices' },
    });
    expect(notices.fields.map((f: { name: string }) => f.name)).toEqual(
      expect.arrayContaining(['title', 'body', 'publishDate', 'authorId', 'status']),
    );
  });

  it('is published on the public service as its public block says: published rows, listed without the body', async () => {
    const published = await call(server.app, 'POST', NOTICES, {
      token: admin,
      body: {
        title: '寒假放假通知',
        body: '<p>1 月 20 日起放假。</p>',
        publishDate: '2026-12-30',
        status: 1,
      },
    });
    const list = await call(server.app, 'GET', '/api/cms/web/notices');
    expect(list.status).toBe(200);
    expect(list.body.data.rows).toEqual([
      { id: published.body.data.id, title: '寒假放假通知', publishDate: '2026-12-30' },
    ]);
    const one = await call(server.app, 'GET', `/api/cms/web/notices/${published.body.data.id}`);
    expect(one.body.data).toEqual({
      id: published.body.data.id,
      title: '寒假放假通知',
      body: '<p>1 月 20 日起放假。</p>',
      publishDate: '2026-12-30',
    });
    const draft = (await call(server.app, 'GET', NOTICES, { token: admin, query: { status: '0' } })).body.data
      .rows[0];
    expect((await call(server.app, 'GET', `/api/cms/web/notices/${draft.id}`)).status).toBe(404);
  });
});
