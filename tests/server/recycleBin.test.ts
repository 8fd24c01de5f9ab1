// @vitest-environment node
// The recycle bin (docs/schema.md, "Recycle bin"; docs/api.md, "Recycle bin"): a delete of a
// resource with `softDelete: true` moves rows to its bin, hidden from every list, read, picker,
// the public service and the dashboard; the bin lists them with who and when; a restore checks
// their references and unique values again, all or none; a purge needs its own permission and
// applies the real ON DELETE rules.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diffSchema } from '../../server/db/schemaDiff.ts';
import {
  ADMIN_PASSWORD,
  backends,
  call,
  createUser,
  login,
  startServer,
  type TestServer,
  testManifest,
} from './harness.ts';
import { createRole } from './roleFixtures.ts';

const CONTENTS = '/api/cms/contents';
const SHELVES = '/api/qa/shelves';
const BOOKS = '/api/qa/books';

describe.each(backends)('recycle bin on $name', (backend) => {
  let server: TestServer;
  let admin: string;
  let categoryId: number;

  const api = (method: string, url: string, body?: unknown, token = admin, query?: Record<string, string>) =>
    call(server.app, method, url, { token, body, query });
  const created = async (url: string, body: Record<string, unknown>) => {
    const answer = await api('POST', url, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data.id as number;
  };
  const binIds = async (url: string) =>
    (
      (await api('GET', `${url}/bin`, undefined, admin, { limit: '100' })).body.data.rows as Array<{
        id: number;
      }>
    ).map((r) => r.id);
  const newContent = async (title: string, category = categoryId) => {
    const id = await created(CONTENTS, {
      title,
      categoryId: category,
      body: '<p>正文</p>',
      publishTime: '2026-01-05T02:00:00Z',
    });
    expect((await api('PUT', `${CONTENTS}/publish/${id}`, {})).status).toBe(200);
    return id;
  };
  const shelf = (name: string) => created(SHELVES, { name });

  beforeAll(async () => {
    server = await startServer(
      backend,
      {},
      {
        manifest: await testManifest(['tests/server/fixtures', 'tests/server/binFixtures']),
      },
    );
    admin = await login(server.app, 'admin', ADMIN_PASSWORD);
    categoryId = await created('/api/cms/contentCategorys', { categoryName: '回收站栏目', kind: 0 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('hides a deleted content from the list, reads, id look-ups, the public service and the dashboard, and brings it back on restore', async () => {
    // a category of its own: the public list and count below are of it alone
    const own = await created('/api/cms/contentCategorys', { categoryName: '回收站专属栏目', kind: 0 });
    const id = await newContent('回收站里的新闻', own);
    const publicOne = `/api/cms/web/contents/${id}`;
    const seen = async () => {
      const list = (await api('GET', CONTENTS, undefined, admin, { title: '回收站里的新闻' })).body.data;
      const byId = (await api('GET', CONTENTS, undefined, admin, { id: String(id) })).body.data;
      const publicList = (
        await call(server.app, 'GET', '/api/cms/web/contents', { query: { categoryId: String(own) } })
      ).body.data;
      const count = (
        await call(server.app, 'GET', '/api/cms/web/contents/count', {
          query: { categoryId: String(own) },
        })
      ).body.data;
      const dashboard = (await api('GET', '/api/sys/dashboard')).body.data;
      return {
        list: list.rows.map((r: { id: number }) => r.id),
        byId: byId.rows.map((r: { id: number }) => r.id),
        get: (await api('GET', `${CONTENTS}/${id}`)).status,
        publicOne: (await call(server.app, 'GET', publicOne)).status,
        publicList: publicList.rows.map((r: { id: number }) => r.id),
        publicCount: count.total,
        recent: dashboard.recentContents.map((r: { id: number }) => r.id).includes(id),
        counted: dashboard.resources.find((r: { name: string }) => r.name === 'contents').count,
      };
    };
    const before = await seen();
    expect(before).toMatchObject({
      list: [id],
      byId: [id],
      get: 200,
      publicOne: 200,
      publicList: [id],
      publicCount: 1,
    });
    expect(before.recent).toBe(true);

    const removed = await api('DELETE', `${CONTENTS}/${id}`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const binned = await seen();
    expect(binned).toMatchObject({
      list: [],
      byId: [],
      get: 404,
      publicOne: 404,
      publicList: [],
      publicCount: 0,
    });
    expect(binned.recent).toBe(false);
    expect(binned.counted).toBe(before.counted - 1);
    // no write reaches it while it is in the bin, nor a second delete
    const edit = { title: '改', categoryId, body: '<p>改</p>', publishTime: '2026-01-05T02:00:00Z' };
    expect((await api('PUT', `${CONTENTS}/${id}`, edit)).status).toBe(404);
    expect((await api('PUT', `${CONTENTS}/publish`, { ids: [id] })).status).toBe(404);
    expect((await api('DELETE', `${CONTENTS}/${id}`)).status).toBe(404);

    const bin = (await api('GET', `${CONTENTS}/bin`)).body.data;
    const row = bin.rows.find((r: { id: number }) => r.id === id);
    expect(row).toMatchObject({ title: '回收站里的新闻', deletedBy: { name: expect.any(String) } });
    expect(Date.now() - new Date(row.deletedAt).getTime()).toBeLessThan(24 * 3600 * 1000);
    // the bin's rows are the list page's: the body stays out
    expect(row.body).toBeUndefined();

    const restored = await api('POST', `${CONTENTS}/bin/restore`, { ids: [id] });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.data).toEqual({ count: 1 });
    expect(await seen()).toEqual(before);
    expect(await binIds(CONTENTS)).not.toContain(id);
  });

  it('moves a batch delete to the bin as well, and restores a batch in one call', async () => {
    const ids = [await newContent('批量一'), await newContent('批量二')];
    expect((await api('DELETE', CONTENTS, { ids })).body.data).toEqual({ count: 2 });
    expect(await binIds(CONTENTS)).toEqual(expect.arrayContaining(ids));
    expect((await api('POST', `${CONTENTS}/bin/restore`, { ids })).body.data).toEqual({ count: 2 });
    const bin = await binIds(CONTENTS);
    expect(bin).not.toContain(ids[0]);
    expect(bin).not.toContain(ids[1]);
  });

  it('refuses to bin a row a row in use still references, and lets a binned row not hold it back', async () => {
    const shelfId = await shelf('引用书架');
    const bookId = await created(BOOKS, { title: '书一', shelfId });
    const refused = await api('DELETE', `${SHELVES}/${shelfId}`);
    expect(refused.status).toBe(409);
    expect(refused.body.data.references).toMatchObject([{ resource: 'books', field: 'shelfId', count: 1 }]);

    expect((await api('DELETE', `${BOOKS}/${bookId}`)).status).toBe(200);
    expect((await api('DELETE', `${SHELVES}/${shelfId}`)).status).toBe(200);
    // a binned shelf cannot be picked
    const picked = await api('POST', BOOKS, { title: '书二', shelfId });
    expect(picked.status).toBe(400);
    expect(Object.keys(picked.body.data.errors)).toEqual(['shelfId']);
    expect((await api('GET', SHELVES, undefined, admin, { id: String(shelfId) })).body.data.rows).toEqual([]);

    // the book's shelf is in the bin: restoring the book alone is refused, naming the field
    const orphan = await api('POST', `${BOOKS}/bin/restore`, { ids: [bookId] });
    expect(orphan.status).toBe(409);
    expect(Object.keys(orphan.body.data.errors)).toEqual(['shelfId']);
    expect(orphan.body.meta.message).toContain(String(shelfId));
    expect(await binIds(BOOKS)).toContain(bookId);

    // purging the shelf meets the real rule: the binned book still restricts it
    const purgeRefused = await api('DELETE', `${SHELVES}/bin`, { ids: [shelfId] });
    expect(purgeRefused.status).toBe(409);
    expect(purgeRefused.body.data.references).toMatchObject([
      { resource: 'books', field: 'shelfId', count: 1 },
    ]);

    expect((await api('POST', `${SHELVES}/bin/restore`, { ids: [shelfId] })).status).toBe(200);
    expect((await api('POST', `${BOOKS}/bin/restore`, { ids: [bookId] })).status).toBe(200);
    expect((await api('GET', `${BOOKS}/${bookId}`)).body.data).toMatchObject({ title: '书一', shelfId });
  });

  it('a restore whose referenced row was purged meanwhile is refused, naming the field', async () => {
    const main = await shelf('主书架');
    const spare = await shelf('备用书架');
    const bookId = await created(BOOKS, { title: '书三', shelfId: main, spareShelfId: spare });
    expect((await api('DELETE', `${BOOKS}/${bookId}`)).status).toBe(200);
    // a setNull reference does not hold its row back: binned, then purged
    const other = await created(BOOKS, { title: '书四', shelfId: main, spareShelfId: spare });
    expect((await api('DELETE', `${SHELVES}/${spare}`)).status).toBe(200);
    // in the bin the reference stays as it was
    expect((await api('GET', `${BOOKS}/${other}`)).body.data.spareShelfId).toBe(spare);
    expect((await api('DELETE', `${SHELVES}/bin`, { ids: [spare] })).status).toBe(200);
    // the purge applied ON DELETE SET NULL, to rows in use and rows in the bin
    expect((await api('GET', `${BOOKS}/${other}`)).body.data.spareShelfId).toBeNull();
    const bin = (await api('GET', `${BOOKS}/bin`)).body.data.rows;
    expect(bin.find((r: { id: number }) => r.id === bookId).spareShelfId).toBeNull();
    expect((await api('POST', `${BOOKS}/bin/restore`, { ids: [bookId] })).status).toBe(200);
  });

  it('a binned row does not hold its unique value; a restore that would collide is a 409 naming the field, and a batch restores all or none', async () => {
    const old = await shelf('唯一书架');
    const fine = await shelf('另一书架');
    expect((await api('DELETE', SHELVES, { ids: [old, fine] })).status).toBe(200);
    const again = await shelf('唯一书架');
    const collide = await api('POST', `${SHELVES}/bin/restore`, { ids: [fine, old] });
    expect(collide.status).toBe(409);
    expect(Object.keys(collide.body.data.errors)).toEqual(['name']);
    // nothing of the batch came back
    expect(await binIds(SHELVES)).toEqual(expect.arrayContaining([old, fine]));
    expect((await api('DELETE', `${SHELVES}/${again}`)).status).toBe(200);
    expect((await api('POST', `${SHELVES}/bin/restore`, { ids: [fine, old] })).body.data).toEqual({
      count: 2,
    });
    // now the newer one is the one that cannot come back
    expect((await api('POST', `${SHELVES}/bin/restore`, { ids: [again] })).status).toBe(409);
  });

  it('purges for good under its own permission: delete alone may bin, see the bin and restore, not purge', async () => {
    await createRole(server, 'binner', ['cms:contents:list', 'cms:contents:delete']);
    await createUser(server, 'binner1', ['binner'], 'Passw0rd!long');
    await createRole(server, 'reader', ['cms:contents:list']);
    await createUser(server, 'reader1', ['reader'], 'Passw0rd!long');
    const binner = await login(server.app, 'binner1', 'Passw0rd!long');
    const reader = await login(server.app, 'reader1', 'Passw0rd!long');
    const id = await newContent('权限新闻');

    expect((await api('DELETE', `${CONTENTS}/${id}`, undefined, reader)).status).toBe(403);
    expect((await api('DELETE', `${CONTENTS}/${id}`, undefined, binner)).status).toBe(200);
    expect((await api('GET', `${CONTENTS}/bin`, undefined, reader)).status).toBe(403);
    expect((await api('POST', `${CONTENTS}/bin/restore`, { ids: [id] }, reader)).status).toBe(403);
    const bin = (await api('GET', `${CONTENTS}/bin`, undefined, binner)).body.data.rows;
    expect(bin.find((r: { id: number }) => r.id === id).deletedBy.name).toBe('binner1');
    expect((await api('DELETE', `${CONTENTS}/bin`, { ids: [id] }, binner)).status).toBe(403);
    expect(await binIds(CONTENTS)).toContain(id);

    expect((await api('DELETE', `${CONTENTS}/bin`, { ids: [id] })).body.data).toEqual({ count: 1 });
    expect(await binIds(CONTENTS)).not.toContain(id);
    const row = await server.db
      .selectFrom('cms_contents' as never)
      .select(sql<number>`count(*)::int`.as('n'))
      .where(sql<boolean>`id = ${id}`)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ n: 0 });
    // the audit log names each step
    const actions = await server.db
      .selectFrom('sys_audit_log')
      .select('action')
      .where('resource', '=', 'contents')
      .where(sql<boolean>`target like ${`%${id}%`}`)
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['delete', 'purge']));
  });

  it('answers hostile ids and parameters with a 4xx naming them, and changes nothing', async () => {
    const live = await newContent('敌意新闻');
    const binned = await newContent('敌意回收');
    expect((await api('DELETE', `${CONTENTS}/${binned}`)).status).toBe(200);
    for (const url of [`${CONTENTS}/bin/restore`, `${CONTENTS}/bin`]) {
      const method = url.endsWith('restore') ? 'POST' : 'DELETE';
      for (const ids of ['x', [-1], [0], [1.5], [], [2 ** 31], [{}], null, 'drop table']) {
        const answer = await api(method, url, { ids });
        expect(answer.status, `${method} ${url} ${JSON.stringify(ids)}`).toBe(400);
        expect(Object.keys(answer.body.data.errors)).toEqual(['ids']);
      }
      expect((await api(method, url, { ids: [binned], deletedAt: null })).status).toBe(400);
      expect((await api(method, url, undefined)).status).toBe(400);
      // a row in use, or one that does not exist, is not in the bin: 404 naming it, nothing done
      const missing = await api(method, url, { ids: [binned, live, 2_000_000_000] });
      expect(missing.status).toBe(404);
      expect(missing.body.data.missing).toEqual([live, 2_000_000_000]);
    }
    expect(await binIds(CONTENTS)).toContain(binned);
    expect((await api('GET', `${CONTENTS}/${live}`)).status).toBe(200);
    expect((await api('GET', `${CONTENTS}/bin`, undefined, admin, { page: '0' })).status).toBe(400);
    expect((await api('GET', `${CONTENTS}/bin`, undefined, admin, { where: '1=1' })).status).toBe(400);
    // a resource without a bin has none
    expect((await api('GET', '/api/qa/notes/bin')).status).toBe(404);
  });

  it('keeps the lists on partial indexes of the rows in use, and unique values unique among them', async () => {
    const indexes = await sql<{ indexname: string; indexdef: string }>`
      select indexname, indexdef from pg_indexes
      where tablename in ('cms_contents', 'qa_shelves') and indexdef ilike '%deleted_at%'`.execute(server.db);
    const defs = new Map(indexes.rows.map((r) => [r.indexname, r.indexdef]));
    const sorts = [...defs.keys()].filter((n) => n.startsWith('cms_contents_') && n.endsWith('_live_sort'));
    expect(sorts.length).toBeGreaterThan(0);
    for (const name of sorts) expect(defs.get(name)).toMatch(/WHERE \(deleted_at IS NULL\)/);
    expect(defs.get('qa_shelves_name_live_unique')).toMatch(/UNIQUE.*WHERE \(deleted_at IS NULL\)/);
    expect(defs.get('cms_contents_deleted_at_sort')).toMatch(/WHERE \(deleted_at IS NOT NULL\)/);
    // the list's own query (store.ts: rows in use, newest first) is one the partial index serves,
    // ids only from it for a deep page; the planner is told not to prefer a scan of a tiny table
    const plan = await server.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_bitmapscan = off`.execute(trx);
      const result = await sql<{ 'QUERY PLAN': string }>`explain select id from cms_contents
        where deleted_at is null order by publish_time desc nulls last, id desc limit 20 offset 1000`.execute(
        trx,
      );
      return result.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Index Only Scan Backward using cms_contents_publish_time_live_sort/);
  });

  it('turning the bin off swaps the partial unique index back and stops on the bin columns as on removed ones', async () => {
    const off = {
      ...server.manifest,
      resources: server.manifest.resources.map((r) =>
        r.name === 'shelves' ? { ...r, softDelete: undefined } : r,
      ),
    };
    const diff = await diffSchema(server.db, off);
    expect(diff.additive).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/create unique index if not exists "qa_shelves_name_unique"/),
        expect.stringMatching(/drop index if exists "qa_shelves_name_live_unique"/),
      ]),
    );
    expect(diff.destructive.map((d) => `${d.table}.${d.column}`).sort()).toEqual([
      'qa_shelves.deleted_at',
      'qa_shelves.deleted_by',
    ]);
    // as it is, the schemas and the database agree
    expect(await diffSchema(server.db, server.manifest)).toEqual({
      additive: [],
      destructive: [],
      dangling: [],
    });
  });
});
