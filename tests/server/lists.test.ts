// @vitest-environment node
// Lists over a few thousand generated contents (bench/data.ts's generator): what an answer
// carries, what its total says, that pages neither overlap nor skip rows when sort values tie,
// and that the database reads the page from an index rather than sorting the table.
import { CompiledQuery, type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchDataStatements, COMMON_WORD } from '../../bench/data.ts';
import type { Resource } from '../../runtime/schema/types.ts';
import { parseListQuery } from '../../server/resources/listQuery.ts';
import { ResourceStore } from '../../server/resources/store.ts';
import { ADMIN_PASSWORD, backends, call, login, startServer, type TestServer } from './harness.ts';

const ROWS = 3000;
const CONTENTS = '/api/cms/contents';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

describe.each(backends)('lists on $name', (backend) => {
  let server: TestServer;
  let token: string;
  let contents: Resource;

  beforeAll(async () => {
    server = await startServer(backend);
    for (const statement of benchDataStatements(ROWS)) await sql.raw(statement).execute(server.db);
    // ties and empty values for the paging tests: 200 rows at one time, 30 with none
    await sql`update cms_contents set publish_time = '2020-01-01 08:00:00+08' where id % 15 = 0`.execute(
      server.db,
    );
    await sql`update cms_contents set publish_time = null where id % 100 = 1`.execute(server.db);
    await sql`analyze cms_contents`.execute(server.db);
    token = await login(server.app, 'admin', ADMIN_PASSWORD);
    contents = server.manifest.resources.find((r) => r.name === 'contents')!;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  const list = async (query: Record<string, string>) => {
    const answer = await call(server.app, 'GET', CONTENTS, { token, query });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as { rows: Array<Record<string, unknown>>; total: number; estimated?: boolean };
  };

  /**
   * The store's list over a handle that records every statement it sends: the list runs its
   * statements compiled (server/resources/listStatements.ts), through the handle's executeQuery.
   */
  function recording(maxCountCost?: number) {
    const statements: CompiledQuery[] = [];
    const db = server.db as unknown as Kysely<any>;
    const recorder = new Proxy(db, {
      get(target, name) {
        if (name === 'executeQuery')
          return (query: CompiledQuery) => {
            statements.push(query);
            return target.executeQuery(query);
          };
        const value = Reflect.get(target, name, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const store = new ResourceStore(recorder, contents, server.manifest, server.app.security);
    return {
      statements,
      run: (params: Record<string, string>, drafts = false) =>
        store.list(parseListQuery(contents, params), {
          drafts,
          ...(maxCountCost === undefined ? {} : { maxCountCost }),
        }),
    };
  }

  it('answers a list without the long fields its page does not show, the row by id with all of them', async () => {
    const page = await list({ limit: '5' });
    expect(page.rows).toHaveLength(5);
    for (const row of page.rows) {
      expect(row).not.toHaveProperty('body');
      expect(row).not.toHaveProperty('summary');
      expect(row).toHaveProperty('title');
      expect(row).toHaveProperty('status');
      expect(row).toHaveProperty('publishTime');
    }
    const id = page.rows.find((r) => r.isLink === false)!.id;
    const one = await call(server.app, 'GET', `${CONTENTS}/${id}`, { token });
    expect(one.body.data.body).toMatch(/^<h2>/);
    expect(one.body.data.summary).toBeTruthy();

    const publicList = await call(server.app, 'GET', '/api/cms/web/contents', { query: { limit: '5' } });
    expect(publicList.body.data.rows.length).toBe(5);
    for (const row of publicList.body.data.rows) expect(row).not.toHaveProperty('body');
    const publicId = publicList.body.data.rows.find((r: { isLink: boolean }) => !r.isLink).id;
    const publicOne = await call(server.app, 'GET', `/api/cms/web/contents/${publicId}`);
    expect(publicOne.body.data.body).toMatch(/^<h2>/);
  });

  it('reads the first page from an index: no scan of the table, and no sort of it but after a text search', async () => {
    const cases: Array<{ params: Record<string, string>; sorts: boolean }> = [
      { params: {}, sorts: false },
      { params: { categoryId: '9' }, sorts: false },
      { params: { sort: 'viewCount' }, sorts: false },
      { params: { sort: '-updateTime', status: '1' }, sorts: false },
      { params: { title: COMMON_WORD }, sorts: true },
    ];
    for (const { params, sorts } of cases) {
      const { statements, run } = recording();
      await run(params);
      const page = statements[0];
      expect(page.sql).toMatch(/order by/);
      const explained = await server.db.executeQuery<{ 'QUERY PLAN': unknown }>(
        CompiledQuery.raw(`explain (format json) ${page.sql}`, [...page.parameters]),
      );
      const raw = explained.rows[0]['QUERY PLAN'];
      const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
      const all = nodes(plan[0].Plan);
      const what = `${JSON.stringify(params)}: ${all.map((n) => `${n['Node Type']} ${n['Index Name'] ?? ''}`).join(' / ')}`;
      expect(
        all.some((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'cms_contents'),
        what,
      ).toBe(false);
      expect(
        all.some((n) => n['Index Name']?.startsWith('cms_contents_')),
        what,
      ).toBe(true);
      if (!sorts)
        expect(
          all.some((n) => n['Node Type'].includes('Sort')),
          what,
        ).toBe(false);
    }
  });

  it('marks the rows with a draft by a probe of each row, however many drafts the resource has', async () => {
    // a draft on one row in three: PostgreSQL would rather hash them all than probe for each of
    // a page's rows, if the statement let it
    await sql`insert into sys_drafts (resource, row_id, data, base_version)
      select 'contents', id, '{}'::jsonb, version from cms_contents where id % 3 = 0
      on conflict do nothing`.execute(server.db);
    await sql`analyze sys_drafts`.execute(server.db);
    try {
      const { statements, run } = recording();
      await run({}, true);
      const page = statements[0];
      expect(page.sql).toMatch(/sys_drafts/);
      const explained = await server.db.executeQuery<{ 'QUERY PLAN': unknown }>(
        CompiledQuery.raw(`explain (format json) ${page.sql}`, [...page.parameters]),
      );
      const raw = explained.rows[0]['QUERY PLAN'];
      const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
      const drafts = nodes(plan[0].Plan).filter((n) => n['Relation Name'] === 'sys_drafts');
      const what = JSON.stringify(plan);
      expect(drafts.length, what).toBe(1);
      expect(drafts[0]['Node Type'], what).toMatch(/^Index (Only )?Scan$/);
      expect((drafts[0] as { 'Index Cond'?: string })['Index Cond'], what).toMatch(/row_id/);
      expect(what).not.toMatch(/hashed/i);

      // and the flag is right: on the rows with a draft, on no other
      const { rows } = await run({ limit: '30' }, true);
      expect(rows.length).toBe(30);
      const withDraft = new Set(
        (
          await sql<{
            row_id: number;
          }>`select row_id from sys_drafts where resource = 'contents' and row_id in (${sql.join(rows.map((r) => r.id))})`.execute(
            server.db,
          )
        ).rows.map((r) => Number(r.row_id)),
      );
      expect(withDraft.size).toBeGreaterThan(0);
      for (const row of rows)
        expect(row.hasDraft, String(row.id)).toBe(withDraft.has(row.id) ? true : undefined);
    } finally {
      await sql`delete from sys_drafts where resource = 'contents' and row_id % 3 = 0 and data = '{}'::jsonb`.execute(
        server.db,
      );
    }
  });

  it('counts exactly while it is cheap, else says the total is an estimate', async () => {
    const exact = await list({});
    expect(exact.total).toBe(ROWS);
    expect(exact.estimated).toBeUndefined();

    const { statements, run } = recording(0);
    const estimated = await run({});
    expect(estimated.estimated).toBe(true);
    // the planner's figure, and no count(*) was run for it
    expect(estimated.total).toBeGreaterThan(ROWS / 2);
    expect(estimated.total).toBeLessThan(ROWS * 2);
    expect(statements.some((s) => /count\(\*\)/.test(s.sql))).toBe(false);

    // a page short of the limit ends the list: exact without counting
    const last = await recording(0).run({ limit: '7', page: String(Math.ceil(ROWS / 7)) });
    expect(last).toMatchObject({ total: ROWS });
    expect(last.estimated).toBeUndefined();
    // past the end: at most what the pages before hold
    const beyond = await recording(0).run({ limit: '7', page: '1000' });
    expect(beyond.rows).toEqual([]);
    expect(beyond.total).toBeLessThanOrEqual(999 * 7);
    expect((await list({ limit: '7', page: '1000' })).total).toBe(ROWS);
  });

  it('filters text through the search index with what ilike would find, one character or many, any case', async () => {
    const [{ id }] = (
      await sql<{ id: number }>`insert into cms_contents (title, category_id, publish_time)
        values ('Campus NEWS day 校园新闻', 9, now()) returning id`.execute(server.db)
    ).rows;
    for (const term of [COMMON_WORD, '新', '新闻通知', 'news', 'S D', '%', '校园新闻']) {
      const expected = await sql<{ n: number }>`
        select count(*)::int as n from cms_contents where title ilike ${`%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`.execute(
        server.db,
      );
      const answer = await list({ title: term, limit: '500' });
      expect(answer.total, term).toBe(expected.rows[0].n);
      for (const row of answer.rows)
        expect(String(row.title).toLowerCase(), term).toContain(term.toLowerCase());
    }
    expect((await list({ title: 'campus news' })).rows.map((r) => r.id)).toEqual([id]);
    await sql`delete from cms_contents where id = ${id}`.execute(server.db);
  });

  it('pages without overlap or gap when sort values tie, near the start and deep in the list', async () => {
    for (const sort of ['pinned', '-pinned', 'status']) {
      const seen: number[] = [];
      const { total } = await list({ sort, categoryId: '9', limit: '7' });
      for (let page = 1; page <= Math.ceil(total / 7); page++)
        seen.push(
          ...(await list({ sort, categoryId: '9', limit: '7', page: String(page) })).rows.map((r) =>
            Number(r.id),
          ),
        );
      expect(new Set(seen).size, sort).toBe(seen.length);
      expect(seen.length, sort).toBe(total);
    }
    // the expected order: empty as the least, so last when newest first; the id breaks ties
    const ordered = (
      await sql<{
        id: number;
      }>`select id from cms_contents order by publish_time desc nulls last, id desc`.execute(server.db)
    ).rows.map((r) => r.id);
    for (const page of [1, 2, 49, 50, 51, 120, 150]) {
      const rows = (await list({ limit: '20', page: String(page) })).rows.map((r) => Number(r.id));
      expect(rows, `page ${page}`).toEqual(ordered.slice((page - 1) * 20, page * 20));
    }
    const ascending = (
      await sql<{
        id: number;
      }>`select id from cms_contents order by publish_time asc nulls first, id asc`.execute(server.db)
    ).rows.map((r) => r.id);
    for (const page of [1, 60, 149])
      expect(
        (await list({ sort: 'publishTime', limit: '20', page: String(page) })).rows.map((r) => Number(r.id)),
        `ascending page ${page}`,
      ).toEqual(ascending.slice((page - 1) * 20, page * 20));
  });
});
