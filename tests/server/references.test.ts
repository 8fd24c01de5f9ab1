// @vitest-environment node
// References with integrity: every ref is a foreign key with the schema's onDelete; a delete a
// restricting reference holds back is a 409 naming what still points at the row; a hidden
// category hides everything below it from the public service.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  backends,
  call,
  createUser,
  login,
  startServer,
  type TestServer,
} from './harness.ts';

describe.each(backends)('references on $name', (backend) => {
  let server: TestServer;
  let admin: string;
  let seq = 0;

  const post = async (path: string, body: Record<string, unknown>) => {
    const answer = await call(server.app, 'POST', path, { token: admin, body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data.id as number;
  };
  /** a category named `name` plus a number no other test uses */
  const category = async (name: string, parentId = 0, status = 0) => {
    const categoryName = `${name}${++seq}`;
    const id = await post('/api/cms/contentCategorys', { categoryName, kind: 0, parentId, status });
    return { id, name: categoryName };
  };
  /** a published content */
  const content = async (title: string, categoryId: number) => {
    const id = await post('/api/cms/contents', {
      title,
      categoryId,
      body: `<p>${title}</p>`,
      publishTime: '2026-03-01T08:00:00Z',
    });
    const published = await call(server.app, 'PUT', `/api/cms/contents/publish/${id}`, { token: admin });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    return id;
  };

  beforeAll(async () => {
    server = await startServer(backend);
    admin = await login(server.app, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses to delete a category that contents, a sub-category and a home-page block point at, naming them', async () => {
    const { id: news, name } = await category('新闻动态');
    await content('校运会开幕', news);
    await content('期中考试安排', news);
    const { id: child } = await category('校园新闻', news);
    await post('/api/cms/areablocks', {
      blockName: '学校新闻',
      blockKey: `news${seq}`,
      categoryId: news,
      displayType: 0,
      itemCount: 6,
    });

    const refused = await call(server.app, 'DELETE', `/api/cms/contentCategorys/${news}`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.meta.message).toBe(
      `栏目“${name}”仍被 1 条首页区块、1 条下级栏目、2 条内容引用，不能删除`,
    );
    const references = refused.body.data.references as Array<Record<string, unknown>>;
    expect(references.map((r) => [r.resource, r.field, r.count, r.child])).toEqual([
      ['areablocks', 'categoryId', 1, false],
      ['contentCategorys', 'parentId', 1, true],
      ['contents', 'categoryId', 2, false],
    ]);
    const contents = references.find((r) => r.resource === 'contents')!;
    expect((contents.rows as Array<{ label: string }>).map((r) => r.label).sort()).toEqual([
      '期中考试安排',
      '校运会开幕',
    ]);
    expect(contents.route).toBe('/cms/contents');
    // nothing was deleted
    const still = await call(server.app, 'GET', `/api/cms/contentCategorys/${child}`, { token: admin });
    expect(still.status).toBe(200);

    const english = await call(server.app, 'DELETE', `/api/cms/contentCategorys/${news}`, {
      token: admin,
      headers: { 'accept-language': 'en' },
    });
    expect(english.body.meta.message).toMatch(
      /cannot be deleted: still referenced by Home-page block \(1\), child Content category \(1\), Content \(2\)/,
    );
  });

  it('is enforced by the database too: a write that bypasses the API cannot leave a dangling row', async () => {
    const { id: lone } = await category('孤');
    const id = await content('孤儿', lone);
    await expect(
      sql`delete from ${sql.table('cms_content_categorys')} where id = ${lone}`.execute(server.db),
    ).rejects.toMatchObject({ code: '23503' });
    await expect(
      sql`update cms_contents set category_id = 2147480000 where id = ${id}`.execute(server.db),
    ).rejects.toMatchObject({ code: '23503' });
  });

  it('takes a menu’s sub-menus and buttons along, and out of every role that had them (cascade)', async () => {
    const dir = await post('/api/sys/menus', {
      menuName: `目录${++seq}`,
      menuType: 'M',
      path: `dir${seq}`,
      parentId: 0,
    });
    const page = await post('/api/sys/menus', {
      menuName: `页面${seq}`,
      menuType: 'C',
      path: `page${seq}`,
      component: 'resource/contents',
      parentId: dir,
    });
    const role = await post('/api/sys/roles', {
      roleName: `角色${seq}`,
      roleKey: `role_${seq}`,
      menuIds: [dir, page],
    });
    const deleted = await call(server.app, 'DELETE', `/api/sys/menus/${dir}`, { token: admin });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const gone = await call(server.app, 'GET', `/api/sys/menus/${page}`, { token: admin });
    expect(gone.status).toBe(404);
    const after = await call(server.app, 'GET', `/api/sys/roles/${role}`, { token: admin });
    expect(after.body.data.menuIds).toEqual([]);
  });

  it('refuses to delete a role that users still hold, naming them', async () => {
    const role = await post('/api/sys/roles', { roleName: `持有${++seq}`, roleKey: `held_${seq}` });
    await createUser(server, `holder${seq}`, [`held_${seq}`]);
    const refused = await call(server.app, 'DELETE', `/api/sys/roles/${role}`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.data.references[0]).toMatchObject({
      resource: 'users',
      field: 'roleIds',
      count: 1,
      rows: [{ label: `holder${seq}` }],
    });
  });

  it('hides everything under a hidden category from the public service', async () => {
    const top = await category('公开');
    const { id: hidden } = await category('隐藏', top.id, 1);
    const below = await category('其下', hidden);
    const shown = await content('看得见', top.id);
    const under = await content('看不见', below.id);

    const list = await call(server.app, 'GET', '/api/cms/web/contents?limit=500');
    const ids = (list.body.data.rows as Array<{ id: number }>).map((r) => r.id);
    expect(ids).toContain(shown);
    expect(ids).not.toContain(under);
    expect((await call(server.app, 'GET', `/api/cms/web/contents/${under}`)).status).toBe(404);
    expect((await call(server.app, 'GET', `/api/cms/web/contents/${shown}`)).status).toBe(200);

    const all = await call(server.app, 'GET', '/api/cms/web/contents/contentcentre/all');
    expect(JSON.stringify(all.body.data)).not.toContain('看不见');

    const tree = await call(server.app, 'GET', '/api/cms/web/contentCategorysTree');
    const flat = JSON.stringify(tree.body.data);
    expect(flat).toContain(top.name);
    expect(flat).not.toContain(below.name);
    const children = await call(server.app, 'GET', `/api/cms/web/contentCategorys/parentid/${hidden}`);
    expect(children.body.data.rows).toEqual([]);
  });
});
