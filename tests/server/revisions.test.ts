// @vitest-environment node
// Revisions (docs/schema.md, "Revisions"; docs/api.md, "Revisions"): every write path of a
// resource with `revisions: true` keeps the row's new state in the same transaction, a row's
// history is listed newest first under the list permission, and a restore is an update (its
// validation, references, field write permissions and version check) that becomes a revision.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import type { Manifest } from '../../runtime/schema/types.ts';
import {
  ADMIN_PASSWORD,
  backends,
  call,
  createUser,
  login,
  postFile,
  startServer,
  type TestServer,
  testManifest,
} from './harness.ts';
import { createRole } from './roleFixtures.ts';

const CONTENTS = '/api/cms/contents';

/**
 * The project's schemas, with revisions switched on for the test resource (import, a batch
 * action, a field that needs its own permission), the site themes (an exclusive field) and
 * the content categories (a reorder) as well as the contents, which have them already.
 */
async function manifestWithRevisions(): Promise<Manifest> {
  const manifest = await testManifest();
  const on = new Set(['notes', 'websites', 'contentCategorys']);
  return {
    ...manifest,
    resources: manifest.resources.map((r) => {
      if (!on.has(r.name)) return r;
      if (r.name !== 'notes') return { ...r, revisions: true };
      const fields = r.fields.map((f) =>
        f.name === 'rating' ? { ...f, writePermission: 'qa:notes:review' } : f,
      );
      return { ...r, revisions: true, fields };
    }),
  };
}

describe.each(backends)('revisions on $name', (backend) => {
  let server: TestServer;
  let admin: string;
  let categoryId: number;
  let otherCategoryId: number;

  const api = (method: string, url: string, body?: unknown, token = admin, query?: Record<string, string>) =>
    call(server.app, method, url, { token, body, query });
  const revisionsOf = async (url: string, token = admin, query?: Record<string, string>) =>
    (await api('GET', `${url}/revisions`, undefined, token, query)).body.data as {
      rows: Array<{ revision: number; action: string; changed: string[]; userName: string | null }>;
      total: number;
    };
  const newContent = async (title: string) => {
    const answer = await api('POST', CONTENTS, {
      title,
      categoryId,
      body: '<p>第一版正文</p>',
      publishTime: '2026-11-01T02:00:00Z',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as { id: number; version: number };
  };

  beforeAll(async () => {
    server = await startServer(backend, {}, { manifest: await manifestWithRevisions() });
    admin = await login(server.app, 'admin', ADMIN_PASSWORD);
    const category = async (categoryName: string) =>
      (await api('POST', '/api/cms/contentCategorys', { categoryName, kind: 0 })).body.data.id as number;
    categoryId = await category('版本栏目');
    otherCategoryId = await category('版本栏目二');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('keeps create, update, batch update and an action as revisions, newest first, with what each changed', async () => {
    const { id } = await newContent('版本一');
    const url = `${CONTENTS}/${id}`;
    const edit = await api('PUT', url, {
      title: '版本二',
      categoryId,
      body: '<p>第二版正文</p>',
      publishTime: '2026-11-01T02:00:00Z',
      version: 1,
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect((await api('PUT', CONTENTS, { ids: [id], pinned: true })).status).toBe(200);
    expect((await api('PUT', `${CONTENTS}/publish/${id}`)).status).toBe(200);

    const history = await revisionsOf(url);
    expect(history.total).toBe(4);
    expect(history.rows.map((r) => [r.revision, r.action, r.changed, r.userName])).toEqual([
      [4, 'publish', ['status'], 'admin'],
      [3, 'batchUpdate', ['pinned'], 'admin'],
      [2, 'update', ['title', 'body'], 'admin'],
      [1, 'create', ['title', 'categoryId', 'isLink', 'body', 'publishTime', 'status', 'pinned'], 'admin'],
    ]);
    // the revision number is the row's version after the write
    expect((await api('GET', url)).body.data.version).toBe(4);

    const first = await api('GET', `${url}/revisions/1`);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      revision: 1,
      action: 'create',
      data: { title: '版本一', body: '<p>第一版正文</p>', categoryId, pinned: false, status: 0 },
    });
    // the server's own counters and times are not part of a revision
    for (const name of ['viewCount', 'createTime', 'updateTime', 'version', 'id'])
      expect(first.body.data.data).not.toHaveProperty(name);

    const paged = await revisionsOf(url, admin, { page: '2', limit: '3' });
    expect(paged).toMatchObject({ total: 4, rows: [{ revision: 1 }] });
  });

  it('restores a revision through the update path, as a new revision, with the version check', async () => {
    const { id } = await newContent('恢复前');
    const url = `${CONTENTS}/${id}`;
    await api('PUT', url, {
      title: '恢复后',
      categoryId: otherCategoryId,
      body: '<p>改过的正文</p>',
      publishTime: '2026-11-02T02:00:00Z',
    });
    // a stale version is refused with the current row, and nothing is written
    const stale = await api('POST', `${url}/revisions/1/restore`, { version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.data.current).toMatchObject({ title: '恢复后', version: 2 });
    expect((await revisionsOf(url)).total).toBe(2);

    const restored = await api('POST', `${url}/revisions/1/restore`, { version: 2 });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.data).toMatchObject({
      title: '恢复前',
      categoryId,
      body: '<p>第一版正文</p>',
      version: 3,
    });
    expect(Date.parse(restored.body.data.publishTime)).toBe(Date.parse('2026-11-01T02:00:00Z'));
    const history = await revisionsOf(url);
    expect(history.rows[0]).toMatchObject({
      revision: 3,
      action: 'restore',
      changed: ['title', 'categoryId', 'body', 'publishTime'],
    });
    const audit = await server.db
      .selectFrom('sys_audit_log')
      .select(['action', 'target'])
      .where('resource', '=', 'contents')
      .where('target', '=', String(id))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('restore');
  });

  it('checks a restore like an edit: a reference gone since is a 400 naming the field', async () => {
    const gone = (await api('POST', '/api/cms/contentCategorys', { categoryName: '将删除栏目', kind: 0 }))
      .body.data.id as number;
    const created = await api('POST', CONTENTS, {
      title: '引用已删',
      categoryId: gone,
      body: '<p>正文</p>',
      publishTime: '2026-11-01T02:00:00Z',
    });
    const url = `${CONTENTS}/${created.body.data.id}`;
    await api('PUT', url, {
      title: '引用已删',
      categoryId,
      body: '<p>正文</p>',
      publishTime: '2026-11-01T02:00:00Z',
    });
    expect((await api('DELETE', `/api/cms/contentCategorys/${gone}`)).status).toBe(200);
    const answer = await api('POST', `${url}/revisions/1/restore`, {});
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.data.errors)).toEqual(['categoryId']);
    expect((await revisionsOf(url)).total).toBe(2);
  });

  it('answers hostile parameters with a 4xx naming them, never a 500, and writes nothing', async () => {
    const { id } = await newContent('坏参数');
    const url = `${CONTENTS}/${id}`;
    const cases: Array<[string, string, unknown, number, string | null]> = [
      ['GET', `${url}/revisions/abc`, undefined, 400, 'revision'],
      ['GET', `${url}/revisions/0`, undefined, 400, 'revision'],
      ['GET', `${url}/revisions/99999999999`, undefined, 400, 'revision'],
      ['GET', `${url}/revisions/7`, undefined, 404, null],
      ['GET', `${CONTENTS}/x/revisions`, undefined, 404, null],
      ['POST', `${url}/revisions/7/restore`, {}, 404, null],
      ['POST', `${url}/revisions/1%27%3B/restore`, {}, 400, 'revision'],
      ['POST', `${url}/revisions/1/restore`, { version: 'old' }, 400, 'version'],
      ['POST', `${url}/revisions/1/restore`, { title: '夹带' }, 400, 'title'],
      ['POST', `${url}/revisions/1/restore`, [1, 2], 400, null],
    ];
    for (const [method, path, body, status, param] of cases) {
      const answer = await api(method, path, body);
      expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(status);
      if (param) expect(Object.keys(answer.body.data.errors)).toEqual([param]);
    }
    for (const [query, param] of [
      [{ page: '0' }, 'page'],
      [{ limit: '100000' }, 'limit'],
      [{ sort: 'title' }, 'sort'],
    ] as const) {
      const answer = await api('GET', `${url}/revisions`, undefined, admin, query);
      expect(answer.status).toBe(400);
      expect(Object.keys(answer.body.data.errors)).toEqual([param]);
    }
    expect((await revisionsOf(url)).total).toBe(1);
    expect((await api('GET', url)).body.data.version).toBe(1);
  });

  it('needs the list permission to read a history and the update permission to restore', async () => {
    const { id } = await newContent('权限');
    const url = `${CONTENTS}/${id}`;
    await createRole(server, 'rev_reader', ['cms:contents:list']);
    const reader = await createUser(server, 'rev_reader', ['rev_reader']);
    const readerToken = await login(server.app, 'rev_reader', reader.password);
    const nobody = await createUser(server, 'rev_nobody', []);
    const nobodyToken = await login(server.app, 'rev_nobody', nobody.password);

    expect((await api('GET', `${url}/revisions`, undefined, nobodyToken)).status).toBe(403);
    expect((await api('GET', `${url}/revisions/1`, undefined, nobodyToken)).status).toBe(403);
    expect((await api('GET', `${url}/revisions`, undefined, readerToken)).status).toBe(200);
    const refused = await api('POST', `${url}/revisions/1/restore`, {}, readerToken);
    expect(refused.status).toBe(403);
    expect(refused.body.meta.message).toContain('cms:contents:update');
    expect((await api('GET', `${url}/revisions`)).body.data.total).toBe(1);
    // no session at all
    expect((await call(server.app, 'GET', `${url}/revisions`)).status).toBe(401);
  });

  it('holds a restore to field write permissions, only for the fields it changes', async () => {
    await createRole(server, 'rev_noter', ['qa:notes:list', 'qa:notes:update']);
    const noter = await createUser(server, 'rev_noter', ['rev_noter']);
    const token = await login(server.app, 'rev_noter', noter.password);
    const note = (await api('POST', '/api/qa/notes', { title: '评分笔记', rating: 3 })).body.data;
    const url = `/api/qa/notes/${note.id}`;
    await api('PUT', url, { title: '评分笔记', rating: 8 });
    await api('PUT', url, { title: '评分笔记二', rating: 8 });

    // revision 1 had another rating: restoring it writes the rating, which needs qa:notes:review
    const refused = await api('POST', `${url}/revisions/1/restore`, {}, token);
    expect(refused.status).toBe(403);
    expect(refused.body.meta.message).toContain('qa:notes:review');
    // revision 2 has the rating the row holds: only the title changes back
    const allowed = await api('POST', `${url}/revisions/2/restore`, {}, token);
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    expect(allowed.body.data).toMatchObject({ title: '评分笔记', rating: 8 });
  });

  it('keeps an import, an action on a selection and the write that clears an exclusive field', async () => {
    const workbook = await writeXlsxFile([
      ['标题', '评分'],
      ['导入版本一', 4],
      ['导入版本二', 5],
    ]).toBuffer();
    const imported = await postFile(server.app, '/api/qa/notes/import', admin, 'notes.xlsx', workbook);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const ids = imported.body.data.ids as number[];
    for (const id of ids) {
      expect((await revisionsOf(`/api/qa/notes/${id}`)).rows.map((r) => r.action)).toEqual(['import']);
    }
    expect((await api('PUT', '/api/qa/notes/review', { ids, rating: 9 })).status).toBe(200);
    const reviewed = await revisionsOf(`/api/qa/notes/${ids[0]}`);
    expect(reviewed.rows[0]).toMatchObject({ revision: 2, action: 'review', changed: ['rating', 'pinned'] });

    const theme = async (themeName: string) =>
      (await api('POST', '/api/cms/websites', { themeName, siteName: '学校', themeColor: '#1890ff' })).body
        .data.id as number;
    const [a, b] = [await theme('版本主题一'), await theme('版本主题二')];
    await api('PUT', `/api/cms/websites/changeTheme/${a}`);
    await api('PUT', `/api/cms/websites/changeTheme/${b}`);
    // a was cleared by b's switch: that is a saved state of a too
    const cleared = await revisionsOf(`/api/cms/websites/${a}`);
    expect(cleared.rows.map((r) => [r.revision, r.action, r.changed])).toEqual([
      [3, 'changeTheme', ['active']],
      [2, 'changeTheme', ['active']],
      [1, 'create', expect.arrayContaining(['themeName', 'siteName'])],
    ]);
  });

  it('keeps a reorder, and a row written before revisions were kept as it was first', async () => {
    const parent = (await api('POST', '/api/cms/contentCategorys', { categoryName: '排序父', kind: 0 })).body
      .data.id as number;
    const child = async (categoryName: string) =>
      (await api('POST', '/api/cms/contentCategorys', { categoryName, kind: 0, parentId: parent })).body.data
        .id as number;
    const [x, y] = [await child('排序甲'), await child('排序乙')];
    // y as if written before revisions were switched on
    await sql`delete from sys_revisions where resource = 'contentCategorys' and row_id = ${y}`.execute(
      server.db,
    );
    const moved = await api('PUT', '/api/cms/contentCategorys/order', { ids: [y, x] });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const history = await revisionsOf(`/api/cms/contentCategorys/${y}`);
    expect(history.rows.map((r) => [r.revision, r.action, r.changed, r.userName])).toEqual([
      [2, 'reorder', ['orderNum'], 'admin'],
      [1, 'baseline', [], null],
    ]);
  });

  it('writes a revision in the write’s transaction: a refused write leaves none', async () => {
    const { id } = await newContent('事务');
    const url = `${CONTENTS}/${id}`;
    const refused = await api('PUT', url, {
      title: '事务',
      categoryId: 99999,
      body: '<p>正文</p>',
      publishTime: '2026-11-01T02:00:00Z',
    });
    expect(refused.status).toBe(400);
    expect((await revisionsOf(url)).total).toBe(1);
    // resources without the switch keep none and serve no history
    expect((await api('GET', '/api/cms/weblinks/1/revisions')).status).toBe(404);
    const { n } = (
      await sql<{
        n: number;
      }>`select count(*)::int as n from sys_revisions where resource = 'weblinks'`.execute(server.db)
    ).rows[0];
    expect(n).toBe(0);
  });
});
