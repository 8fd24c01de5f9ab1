// @vitest-environment node
// The reorder call of every resource whose schema declares `order` (docs/api.md, "Order"): one
// call, one transaction, all or nothing, under its own permission code, safe to run at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, backends, call, login, startServer, type TestServer } from './harness.ts';
import { signedInWith } from './roleFixtures.ts';

describe.each(backends)('reorder on $name', (backend) => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startServer(backend);
    admin = await login(server.app, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await server?.close();
  });

  const post = async (url: string, body: Record<string, unknown>) => {
    const answer = await call(server.app, 'POST', url, { token: admin, body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data.id as number;
  };

  /** A link category holding links named by `names`, each at the given position (default 0). */
  const category = async (name: string, links: Array<[string, number?]>) => {
    const categoryId = await post('/api/cms/weblinkcategorys', { categoryName: name });
    const ids: number[] = [];
    for (const [linkName, orderNum] of links)
      ids.push(
        await post('/api/cms/weblinks', {
          linkName,
          linkUrl: `https://example.org/${encodeURIComponent(linkName)}`,
          categoryId,
          ...(orderNum === undefined ? {} : { orderNum }),
        }),
      );
    return { categoryId, ids };
  };

  /** The links of a category as the list shows them: position, then id. */
  const listed = async (categoryId: number) => {
    const answer = await call(server.app, 'GET', '/api/cms/weblinks', {
      token: admin,
      query: { categoryId: String(categoryId), sort: 'orderNum', limit: '100' },
    });
    return (answer.body.data.rows as Array<{ id: number; orderNum: number }>).map((r) => [r.id, r.orderNum]);
  };

  const reorder = (body: Record<string, unknown>, token = admin, form = false) =>
    call(server.app, 'PUT', '/api/cms/weblinks/order', { token, body, form });

  it('puts the given rows in the given order in the places they held, writing only what moved', async () => {
    const { categoryId, ids } = await category('排序甲', [
      ['a', 10],
      ['b', 20],
      ['c', 30],
      ['d', 40],
    ]);
    const [a, b, c, d] = ids;
    const answer = await reorder({ ids: [d, b] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toEqual({
      count: 2,
      rows: [
        { id: d, orderNum: 20 },
        { id: b, orderNum: 40 },
      ],
    });
    expect(await listed(categoryId)).toEqual([
      [a, 10],
      [d, 20],
      [c, 30],
      [b, 40],
    ]);
  });

  it('numbers rows afresh, 10 apart, when they share a position, and leaves other groups alone', async () => {
    const other = await category('排序乙旁', [
      ['x', 0],
      ['y', 0],
    ]);
    const { categoryId, ids } = await category('排序乙', [['a'], ['b'], ['c']]);
    const [a, b, c] = ids;
    // form-encoded, as the app sends it
    const answer = await reorder({ ids: [c, a, b] }, admin, true);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await listed(categoryId)).toEqual([
      [c, 10],
      [a, 20],
      [b, 30],
    ]);
    expect(await listed(other.categoryId)).toEqual([
      [other.ids[0], 0],
      [other.ids[1], 0],
    ]);
  });

  it('moves one row before or after another, or by a number of places, stopping at the ends', async () => {
    const { categoryId, ids } = await category('排序丙', [
      ['a', 10],
      ['b', 20],
      ['c', 30],
      ['d', 40],
    ]);
    const [a, b, c, d] = ids;
    const order = async () => (await listed(categoryId)).map(([id]) => id);
    expect((await reorder({ id: d, before: b })).status).toBe(200);
    expect(await order()).toEqual([a, d, b, c]);
    expect((await reorder({ id: a, after: c })).status).toBe(200);
    expect(await order()).toEqual([d, b, c, a]);
    expect((await reorder({ id: c, offset: -1 })).status).toBe(200);
    expect(await order()).toEqual([d, c, b, a]);
    expect((await reorder({ id: b, offset: -99 })).status).toBe(200);
    expect(await order()).toEqual([b, d, c, a]);
    expect((await reorder({ id: b, offset: '99' }, admin, true)).status).toBe(200);
    expect(await order()).toEqual([d, c, a, b]);
    // the positions stay the four the places held
    expect((await listed(categoryId)).map(([, n]) => n)).toEqual([10, 20, 30, 40]);
  });

  it('writes nothing when any id is bad: missing ones 404, malformed, repeated or foreign ones 400', async () => {
    const { categoryId, ids } = await category('排序丁', [
      ['a', 10],
      ['b', 20],
      ['c', 30],
    ]);
    const elsewhere = await category('排序丁旁', [['z', 5]]);
    const [a, b, c] = ids;
    const before = await listed(categoryId);

    const missing = await reorder({ ids: [c, 987654, a] });
    expect(missing.status).toBe(404);
    expect(missing.body.data.missing).toEqual([987654]);

    const malformed = await reorder({ ids: [c, 'x', a] });
    expect(malformed.status).toBe(400);
    expect(malformed.body.data.errors.ids).toBe('第 2 项（"x"）不是有效的 id');

    const twice = await reorder({ ids: [c, a, c] });
    expect(twice.status).toBe(400);
    expect(twice.body.data.errors.ids).toMatch(new RegExp(`${c}`));

    const foreign = await reorder({ ids: [c, elsewhere.ids[0], a] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.data.errors.ids).toContain(String(elsewhere.ids[0]));

    const foreignTarget = await reorder({ id: a, before: elsewhere.ids[0] });
    expect(foreignTarget.status).toBe(400);
    expect(Object.keys(foreignTarget.body.data.errors)).toEqual(['before']);

    for (const body of [
      {},
      { ids: [] },
      { id: a },
      { id: a, before: b, after: c },
      { ids: [a], id: b, offset: 1 },
      { id: a, offset: 1.5 },
      { id: a, before: a },
      { id: a, offset: 1, orderNum: 5 },
    ]) {
      const answer = await reorder(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(answer.body.data.errors).length, JSON.stringify(body)).toBeGreaterThan(0);
    }
    const unknownRow = await reorder({ id: 987654, offset: 1 });
    expect(unknownRow.status).toBe(404);
    expect(await listed(categoryId)).toEqual(before);
  });

  it('needs the reorder permission: update alone is refused, and a refusal writes nothing', async () => {
    const { categoryId, ids } = await category('排序戊', [
      ['a', 10],
      ['b', 20],
    ]);
    const editor = await signedInWith(server, 'order_editor', ['cms:weblinks:list', 'cms:weblinks:update']);
    const refused = await reorder({ ids: [ids[1], ids[0]] }, editor.token);
    expect(refused.status).toBe(403);
    expect(refused.body.meta.message).toContain('cms:weblinks:reorder');
    expect((await listed(categoryId)).map(([id]) => id)).toEqual(ids);

    const arranger = await signedInWith(server, 'order_arranger', ['cms:weblinks:reorder']);
    expect((await reorder({ ids: [ids[1], ids[0]] }, arranger.token)).status).toBe(200);
    expect((await listed(categoryId)).map(([id]) => id)).toEqual([ids[1], ids[0]]);
    // the menus carry the code, so roles can be granted it; the seeded editor holds it
    const button = await server.db
      .selectFrom('sys_menus')
      .select('menu_type')
      .where('perms', '=', 'cms:weblinks:reorder')
      .executeTakeFirstOrThrow();
    expect(button.menu_type).toBe('F');
    const audit = await server.db
      .selectFrom('sys_audit_log')
      .select(['action', 'target', 'user_name'])
      .where('resource', '=', 'weblinks')
      .where('action', '=', 'reorder')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ action: 'reorder', target: `${ids[1]},${ids[0]}`, user_name: 'order_arranger' });
  });

  it('runs concurrent reorders of one group one after another: no deadlock, no lost or doubled place', async () => {
    const names = Array.from({ length: 8 }, (_, i) => [`n${i}`, (i + 1) * 10] as [string, number]);
    const { categoryId, ids } = await category('排序己', names);
    const orders = Array.from({ length: 12 }, (_, k) => {
      const shuffled = [...ids];
      for (let i = shuffled.length - 1; i > 0; i--) {
        const j = (i * 7 + k * 3) % (i + 1);
        [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
      }
      return k % 3 === 0
        ? { id: shuffled[0], offset: k - 6 }
        : { ids: k % 2 ? shuffled : shuffled.slice(0, 5) };
    });
    const answers = await Promise.all(orders.map((body) => reorder(body)));
    expect(answers.map((a) => a.status)).toEqual(orders.map(() => 200));
    const after = await listed(categoryId);
    expect(after.map(([id]) => id).sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    expect(after.map(([, n]) => n)).toEqual([10, 20, 30, 40, 50, 60, 70, 80]);
  });

  it('orders a tree among siblings, the top level included', async () => {
    const top = async (categoryName: string, parentId = 0) =>
      post('/api/cms/contentCategorys', { categoryName, parentId, kind: 0 });
    const parent = await top('树排序');
    const kids = [await top('子一', parent), await top('子二', parent), await top('子三', parent)];
    expect(
      (
        await call(server.app, 'PUT', '/api/cms/contentCategorys/order', {
          token: admin,
          body: { id: kids[2], offset: -2 },
        })
      ).status,
    ).toBe(200);
    const rows = await call(server.app, 'GET', '/api/cms/contentCategorys', {
      token: admin,
      query: { sort: 'orderNum', limit: '500' },
    });
    const siblings = (rows.body.data.rows as Array<{ id: number; parentId: number }>)
      .filter((r) => r.parentId === parent)
      .map((r) => r.id);
    expect(siblings).toEqual([kids[2], kids[0], kids[1]]);
    // the top level is a group too
    const other = await top('树排序二');
    expect(
      (
        await call(server.app, 'PUT', '/api/cms/contentCategorys/order', {
          token: admin,
          body: { id: other, before: parent },
        })
      ).status,
    ).toBe(200);
    const moved = await call(server.app, 'PUT', '/api/cms/contentCategorys/order', {
      token: admin,
      body: { id: kids[0], before: parent },
    });
    expect(moved.status).toBe(400);
  });

  it('moves the version of each row it writes, so an edit that read it before is refused', async () => {
    const categoryId = await post('/api/cms/contentCategorys', { categoryName: '区块栏目', kind: 0 });
    const blocks: number[] = [];
    for (const key of ['vone', 'vtwo', 'vthree'])
      blocks.push(
        await post('/api/cms/areablocks', {
          blockName: key,
          blockKey: key,
          categoryId,
          orderNum: blocks.length + 1,
        }),
      );
    const read = async (id: number) =>
      (await call(server.app, 'GET', `/api/cms/areablocks/${id}`, { token: admin })).body.data;
    const before = await Promise.all(blocks.map(read));
    const answer = await call(server.app, 'PUT', '/api/cms/areablocks/order', {
      token: admin,
      body: { id: blocks[2], before: blocks[1] },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const after = await Promise.all(blocks.map(read));
    expect(after.map((row, i) => row.version - before[i].version)).toEqual([0, 1, 1]);
    // a form opened before the move saves over nothing: 409 with the row as it is now
    const { id, version, createTime, ...form } = before[1];
    const stale = await call(server.app, 'PUT', `/api/cms/areablocks/${id}`, {
      token: admin,
      body: { ...form, blockName: 'stale', version },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.data.current.orderNum).toBe(after[1].orderNum);
    expect(createTime).toBeTruthy();
  });
});
