// @vitest-environment node
// A tree list read the way a tree picker reads it: a level by its parent (0 the roots), each row
// saying whether it has children, a search hit or a chosen row with the rows above it, a large
// level paged through the tree's level index; and a row that cannot move below itself.
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseListQuery } from '../../server/resources/listQuery.ts';
import { ADMIN_PASSWORD, backends, call, login, startServer, type TestServer } from './harness.ts';

const CATEGORIES = '/api/cms/contentCategorys';
const DEPARTMENTS = '/api/sys/departments';

interface Row {
  id: number;
  parentId: number;
  categoryName: string;
  hasChildren?: boolean;
}

describe.each(backends)('tree lists on $name', (backend) => {
  let server: TestServer;
  let token: string;
  /** name → id of the tree made for this suite */
  const ids = new Map<string, number>();

  const make = async (categoryName: string, parent: string | 0, orderNum = 0) => {
    const answer = await call(server.app, 'POST', CATEGORIES, {
      token,
      body: { categoryName, kind: 0, orderNum, parentId: parent === 0 ? 0 : ids.get(parent) },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    ids.set(categoryName, answer.body.data.id);
  };

  const list = async (path: string, query: Record<string, string>) => {
    const answer = await call(server.app, 'GET', path, { token, query });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as { rows: Row[]; total: number; ancestors?: Row[] };
  };

  beforeAll(async () => {
    server = await startServer(backend);
    token = await login(server.app, 'admin', ADMIN_PASSWORD);
    // 树根 ─ 甲 ─ 甲一 ─ 甲一子
    //      └ 乙
    // 另一根
    await make('树根', 0, 1);
    await make('另一根', 0, 2);
    await make('甲', '树根', 1);
    await make('乙', '树根', 2);
    await make('甲一', '甲');
    await make('甲一子', '甲一');
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('reads one level by its parent, 0 being the roots, each row saying whether it has children', async () => {
    const roots = await list(CATEGORIES, { parentId: '0', hasChildren: 'true' });
    expect(roots.rows.map((r) => [r.categoryName, r.parentId, r.hasChildren])).toEqual([
      ['树根', 0, true],
      ['另一根', 0, false],
    ]);
    const level = await list(CATEGORIES, { parentId: String(ids.get('树根')), hasChildren: 'true' });
    expect(level.rows.map((r) => [r.categoryName, r.hasChildren])).toEqual([
      ['甲', true],
      ['乙', false],
    ]);
    // not asked: no flag, and no ancestors
    const plain = await list(CATEGORIES, { parentId: '0' });
    expect(plain.rows[0]).not.toHaveProperty('hasChildren');
    expect(plain).not.toHaveProperty('ancestors');
  });

  it('takes the parent filter on any tree resource, declared or not', async () => {
    const departments = server.manifest.resources.find((r) => r.name === 'departments')!;
    expect(departments.list.filters.some((f) => f.field === departments.treeParent)).toBe(false);
    const roots = await list(DEPARTMENTS, { [departments.treeParent!]: '0', hasChildren: 'true' });
    expect(roots.rows.every((r) => typeof r.hasChildren === 'boolean')).toBe(true);
  });

  it('sends a search hit with every row above it, and a chosen row with its path', async () => {
    const hits = await list(CATEGORIES, { categoryName: '甲一子', ancestors: 'true', hasChildren: 'true' });
    expect(hits.rows.map((r) => r.categoryName)).toEqual(['甲一子']);
    expect(hits.rows[0].hasChildren).toBe(false);
    expect(hits.ancestors!.map((r) => r.categoryName).sort()).toEqual(['树根', '甲', '甲一'].sort());
    expect(hits.ancestors!.every((r) => r.hasChildren === true)).toBe(true);
    // a hit above another hit is on the page, not among the ancestors
    const both = await list(CATEGORIES, { categoryName: '甲一', ancestors: 'true' });
    expect(both.rows.map((r) => r.categoryName).sort()).toEqual(['甲一', '甲一子']);
    expect(both.ancestors!.map((r) => r.categoryName).sort()).toEqual(['树根', '甲']);
    const chosen = await list(CATEGORIES, { id: String(ids.get('甲一')), ancestors: 'true' });
    expect(chosen.ancestors!.map((r) => r.categoryName).sort()).toEqual(['树根', '甲']);
    const root = await list(CATEGORIES, { id: String(ids.get('树根')), ancestors: 'true' });
    expect(root.ancestors).toEqual([]);
  });

  it('refuses bad flags, and the flags on a resource that is no tree', async () => {
    const bad = await call(server.app, 'GET', CATEGORIES, { token, query: { hasChildren: 'yes' } });
    expect(bad.status).toBe(400);
    // worded in the request's language (Chinese unless it asks for English), named in the message
    expect(bad.body.data.errors).toEqual({ hasChildren: '只能是 true 或 false' });
    expect(bad.body.meta.message).toBe('列表参数有误：hasChildren: 只能是 true 或 false');
    const flat = await call(server.app, 'GET', '/api/cms/contents', { token, query: { ancestors: 'true' } });
    expect(flat.status).toBe(400);
    expect(flat.body.data.errors).toHaveProperty('ancestors');
  });

  it('refuses to move a category below itself or below one of its descendants, naming the field', async () => {
    for (const target of ['树根', '甲一子']) {
      const answer = await call(server.app, 'PUT', `${CATEGORIES}/${ids.get('树根')}`, {
        token,
        body: { categoryName: '树根', kind: 0, parentId: ids.get(target) },
      });
      expect(answer.status).toBe(400);
      expect(Object.keys(answer.body.data.errors)).toEqual(['parentId']);
    }
    const row = await call(server.app, 'GET', `${CATEGORIES}/${ids.get('树根')}`, { token });
    expect(row.body.data.parentId).toBe(0);
  });

  it('pages a level of thousands through the level index, never sorting the table', async () => {
    const parent = ids.get('另一根')!;
    await sql`
      insert into cms_content_categorys (parent_id, category_name, kind, order_num, status, show_in_nav, regulation)
      select ${parent}, '大层' || i, 0, i % 50, 0, true, false from generate_series(1, 3000) i`.execute(
      server.db,
    );
    await sql`analyze cms_content_categorys`.execute(server.db);
    const first = await list(CATEGORIES, { parentId: String(parent), limit: '50', page: '1' });
    const second = await list(CATEGORIES, { parentId: String(parent), limit: '50', page: '2' });
    expect(first.total).toBe(3000);
    const seen = new Set([...first.rows, ...second.rows].map((r) => r.id));
    expect(seen.size).toBe(100);

    const resource = server.manifest.resources.find((r) => r.name === 'contentCategorys')!;
    const query = parseListQuery(resource, { parentId: String(parent), limit: '50' });
    expect(query.filters.map((f) => [f.field.name, f.value])).toEqual([['parentId', parent]]);
    const plan = await server.db.executeQuery<{ 'QUERY PLAN': unknown }>(
      CompiledQuery.raw(
        `explain (format json) select id from cms_content_categorys where parent_id = ${parent}
         order by order_num asc nulls first, id asc limit 50`,
      ),
    );
    const raw = plan.rows[0]['QUERY PLAN'];
    const text = JSON.stringify(typeof raw === 'string' ? JSON.parse(raw) : raw);
    expect(text).toContain('cms_content_categorys_parent_id_order_num_sort');
    expect(text).not.toContain('"Node Type":"Sort"');
  });
});
