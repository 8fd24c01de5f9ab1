// @vitest-environment node
// The compiled statements of a list kept per shape (server/resources/listStatements.ts): a shape
// asked again binds its page to the statement it has, shapes never share one (filters, their
// values, the sort, a deep page), and an app over a changed manifest compiles its own.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchDataStatements, COMMON_WORD } from '../../../bench/data.ts';
import type { Manifest, Resource } from '../../../runtime/schema/types.ts';
import { listPageFields, parseListQuery } from '../../../server/resources/listQuery.ts';
import { shapeKey } from '../../../server/resources/listStatements.ts';
import { ResourceStore } from '../../../server/resources/store.ts';
import { ADMIN_PASSWORD, backends, call, login, startServer, type TestServer } from '../harness.ts';

const CONTENTS = '/api/cms/contents';
const ROWS = 300;

describe.each(backends)('list statements on $name', (backend) => {
  let server: TestServer;
  let token: string;
  let contents: Resource;

  beforeAll(async () => {
    server = await startServer(backend);
    for (const statement of benchDataStatements(ROWS)) await sql.raw(statement).execute(server.db);
    token = await login(server.app, 'admin', ADMIN_PASSWORD);
    contents = server.manifest.resources.find((r) => r.name === 'contents')!;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  const list = async (query: Record<string, string>, app = server.app) => {
    const answer = await call(app, 'GET', CONTENTS, { token, query });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as { rows: Array<Record<string, unknown>>; total: number };
  };
  const ids = (page: { rows: Array<Record<string, unknown>> }) => page.rows.map((r) => Number(r.id));
  const cache = () => server.app.stores.get('contents')!.statements;

  it('compiles a list shape once and binds each page, limit and offset to it', async () => {
    const ordered = (
      await sql<{ id: number }>`select id from cms_contents where deleted_at is null
        order by publish_time desc nulls last, id desc`.execute(server.db)
    ).rows.map((r) => r.id);
    const before = { size: cache().size, hits: cache().hits };
    expect(ids(await list({ limit: '20', page: '1' }))).toEqual(ordered.slice(0, 20));
    expect(ids(await list({ limit: '20', page: '2' }))).toEqual(ordered.slice(20, 40));
    expect(ids(await list({ limit: '10', page: '3' }))).toEqual(ordered.slice(20, 30));
    const last = await list({ limit: '7', page: String(Math.ceil(ROWS / 7)) });
    expect(ids(last)).toEqual(ordered.slice(7 * Math.floor(ROWS / 7)));
    expect(last.total).toBe(ROWS);
    expect(cache().size - before.size).toBeLessThanOrEqual(1);
    expect(cache().hits - before.hits).toBeGreaterThanOrEqual(3);

    // a deep page reads its ids first: a statement of its own, bound the same way
    const deep = await list({ limit: '100', page: '11' });
    expect(deep.rows).toEqual([]);
    expect(deep.total).toBe(ROWS);
    expect(cache().size - before.size).toBe(2);
  });

  it('never lets two shapes share a statement: filters, their values, the sort, the depth', async () => {
    const cases: Array<Record<string, string>> = [
      {},
      { categoryId: '9' },
      { categoryId: '10' },
      { title: '新' },
      { title: COMMON_WORD },
      { title: `${COMMON_WORD}%` },
      { sort: 'viewCount' },
      { sort: '-viewCount' },
      { sort: '-viewCount', categoryId: '9' },
      { status: '1' },
      { status: '0' },
      { scheduled: 'true' },
      { scheduled: 'false' },
      { limit: '100', page: '11', categoryId: '9' },
    ];
    const fields = listPageFields(contents, server.manifest);
    // twice round, in turns, so each shape is asked again after the others were kept
    for (let round = 0; round < 2; round++) {
      for (const params of cases) {
        const answer = await list(params);
        // a store of its own compiles every statement afresh: what the answer must be
        const fresh = new ResourceStore(server.db, contents, server.manifest, server.app.security);
        const expected = await fresh.list({ ...parseListQuery(contents, params), fields });
        expect(ids(answer), JSON.stringify(params)).toEqual(expected.rows.map((r) => r.id));
        expect(answer.total, JSON.stringify(params)).toBe(expected.total);
      }
    }
  });

  it('keys a shape by everything its SQL is made of', () => {
    const key = (params: Record<string, string>, deferred = false) =>
      shapeKey(parseListQuery(contents, params), deferred);
    expect(key({ page: '1' })).toBe(key({ page: '7', limit: '50' }));
    expect(key({})).not.toBe(key({}, true));
    expect(key({ categoryId: '9' })).not.toBe(key({ categoryId: '10' }));
    expect(key({ title: '新' })).not.toBe(key({ title: '新闻' }));
    expect(key({ sort: 'viewCount' })).not.toBe(key({ sort: '-viewCount' }));
    // the labels of a page's references: other ids each time, not kept
    expect(key({ id: '1,2,3' })).toBeUndefined();
    const at = contents.fields.find((f) => f.name === contents.publish!.at)!;
    const base = parseListQuery(contents, {});
    const when = new Date('2026-01-01T00:00:00Z');
    const asDate = shapeKey({ ...base, filters: [{ field: at, op: 'from', value: when }] }, false);
    const asText = shapeKey(
      { ...base, filters: [{ field: at, op: 'from', value: when.toISOString() }] },
      false,
    );
    expect(asDate).not.toBe(asText);
  });

  it('starts afresh over a changed manifest: an app over it reads what it says', async () => {
    await list({});
    expect(cache().size).toBeGreaterThan(0);
    // the dev server's live reload builds a new app over the new manifest; here the author
    // becomes write-only, so a list no longer reads or sends it
    const changed: Manifest = {
      ...server.manifest,
      resources: server.manifest.resources.map((r) =>
        r.name === 'contents'
          ? { ...r, fields: r.fields.map((f) => (f.name === 'author' ? { ...f, writeOnly: true } : f)) }
          : r,
      ),
    };
    const next = await server.reopen({}, changed);
    const before = await list({});
    const after = await list({}, next);
    expect(before.rows[0]).toHaveProperty('author');
    expect(after.rows[0]).not.toHaveProperty('author');
    expect(ids(after)).toEqual(ids(before));
    expect(next.stores.get('contents')!.statements).not.toBe(cache());
    expect(next.stores.get('contents')!.statements.misses).toBe(1);
  });
});
