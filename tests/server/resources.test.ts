// @vitest-environment node
import { sql } from 'kysely';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeFormula } from '../../runtime/client/spreadsheetText.ts';
import { LIST_MAX_LIMIT } from '../../runtime/contract.ts';
import { localDate } from '../../server/resources/actionValues.ts';
import {
  ADMIN_PASSWORD,
  backends,
  call,
  createUser,
  login,
  startServer,
  type TestServer,
} from './harness.ts';

describe.each(backends)('generic resources on $name', (backend) => {
  let server: TestServer;
  let admin: string;
  const notes = '/api/qa/notes';
  const count = async () =>
    (await sql<{ n: number }>`select count(*)::int as n from qa_notes`.execute(server.db)).rows[0].n;

  // 25 rows, 'note 01' to 'note 25', that every test may read and none changes: a test that
  // writes makes its own rows, titled without 'note' so that `title: 'note'` finds these 25 only.
  // Each test then passes alone (`-t`) and in any order.
  beforeAll(async () => {
    server = await startServer(backend);
    admin = await login(server.app, 'admin', ADMIN_PASSWORD);
    for (let i = 1; i <= 25; i++) {
      const answer = await call(server.app, 'POST', notes, {
        token: admin,
        form: true,
        body: {
          title: `note ${String(i).padStart(2, '0')}`,
          body: i === 7 ? '=HYPERLINK("http://evil.example","click")' : `body ${i}`,
          kind: String((i % 3) + 1),
          rating: String(i % 11),
          dueDate: `2026-01-${String(i).padStart(2, '0')}`,
          pinned: i % 5 === 0 ? 'true' : 'false',
        },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  it('creates from a form body with types coerced and defaults applied', async () => {
    const answer = await call(server.app, 'POST', notes, {
      token: admin,
      form: true,
      body: { title: '  typed  ', rating: '4', reviewerIds: ['1'] },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      title: 'typed',
      rating: 4,
      kind: 1,
      pinned: false,
      reviewerIds: [1],
    });
    expect(answer.body.data.id).toEqual(expect.any(Number));
    expect(typeof answer.body.data.createTime).toBe('string');
    const got = await call(server.app, 'GET', `${notes}/${answer.body.data.id}`, { token: admin });
    expect(got.body.data).toEqual(answer.body.data);
  });

  it('serves concurrent writes and reads (one PGlite connection, many requests)', async () => {
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) =>
        call(server.app, 'POST', notes, { token: admin, body: { title: `parallel ${i}` } }),
      ),
      call(server.app, 'GET', notes, { token: admin }),
      call(server.app, 'POST', notes, { token: admin, body: { title: 'note 01' } }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 409]);
    const created = answers.slice(0, 8).map((a) => a.body.data.id);
    expect(
      (await call(server.app, 'DELETE', notes, { token: admin, body: { ids: created } })).body.data,
    ).toEqual({
      count: 8,
    });
  });

  it('pages, sorts and counts', async () => {
    const page = await call(server.app, 'GET', notes, {
      token: admin,
      query: { page: '2', limit: '10', sort: 'title', title: 'note' },
    });
    expect(page.status).toBe(200);
    expect(page.body.data.total).toBe(25);
    expect(page.body.data.rows).toHaveLength(10);
    expect(page.body.data.rows[0].title).toBe('note 11');
    const desc = await call(server.app, 'GET', notes, {
      token: admin,
      query: { sort: '-rating', limit: '3' },
    });
    const ratings = desc.body.data.rows.map((r: { rating: number }) => r.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    const defaults = await call(server.app, 'GET', notes, { token: admin });
    expect(defaults.body.data.rows).toHaveLength(20);
  });

  it('sorts empty values as the least: first ascending, last descending (one index serves both)', async () => {
    for (const title of ['unrated a', 'unrated b'])
      await call(server.app, 'POST', notes, { token: admin, body: { title } });
    for (const sort of ['rating', '-rating']) {
      const rows = (await call(server.app, 'GET', notes, { token: admin, query: { sort, limit: '500' } }))
        .body.data.rows as Array<{ rating: number | null }>;
      const ordered = sort === 'rating' ? rows : [...rows].reverse();
      const firstRated = ordered.findIndex((r) => r.rating !== null);
      expect(firstRated, sort).toBeGreaterThan(0);
      expect(
        ordered.slice(firstRated).every((r) => r.rating !== null),
        sort,
      ).toBe(true);
    }
    const ids = (
      await call(server.app, 'GET', notes, { token: admin, query: { title: 'unrated' } })
    ).body.data.rows.map((r: { id: number }) => r.id);
    await call(server.app, 'DELETE', notes, { token: admin, body: { ids } });
  });

  it('filters by like, eq, range, boolean and in', async () => {
    const reviewed = await call(server.app, 'POST', notes, {
      token: admin,
      body: { title: 'reviewed by 1', reviewerIds: [1] },
    });
    expect(reviewed.status, JSON.stringify(reviewed.body)).toBe(200);
    const like = await call(server.app, 'GET', notes, { token: admin, query: { title: 'note 1' } });
    expect(like.body.data.total).toBe(10);
    const eq = await call(server.app, 'GET', notes, { token: admin, query: { kind: '2', title: 'note' } });
    expect(eq.body.data.rows.every((r: { kind: number }) => r.kind === 2)).toBe(true);
    const range = await call(server.app, 'GET', notes, {
      token: admin,
      query: { dueDateFrom: '2026-01-10', dueDateTo: '2026-01-12' },
    });
    expect(range.body.data.rows.map((r: { dueDate: string }) => r.dueDate).sort()).toEqual([
      '2026-01-10',
      '2026-01-11',
      '2026-01-12',
    ]);
    const ratingFrom = await call(server.app, 'GET', notes, { token: admin, query: { ratingFrom: '10' } });
    expect(ratingFrom.body.data.rows.every((r: { rating: number }) => r.rating >= 10)).toBe(true);
    const pinned = await call(server.app, 'GET', notes, {
      token: admin,
      query: { pinned: 'true', title: 'note' },
    });
    expect(pinned.body.data.rows.map((r: { title: string }) => r.title).sort()).toEqual([
      'note 05',
      'note 10',
      'note 15',
      'note 20',
      'note 25',
    ]);
    // other tests' rows may name reviewer 1 too: every row found names 1 or 99, this test's among them
    const reviewers = await call(server.app, 'GET', notes, {
      token: admin,
      query: { reviewerIds: '1,99', limit: '500' },
    });
    const found = reviewers.body.data.rows as Array<{ id: number; reviewerIds: number[] }>;
    expect(found.map((r) => r.id)).toContain(reviewed.body.data.id);
    expect(found.every((r) => r.reviewerIds.some((id) => id === 1 || id === 99))).toBe(true);
    expect(found.some((r) => r.reviewerIds.length === 0)).toBe(false);
    const literal = await call(server.app, 'GET', notes, { token: admin, query: { title: '100%_' } });
    expect(literal.body.data.total).toBe(0);
  });

  it('answers an unknown parameter, a bad sort or a bad limit with 400 naming it', async () => {
    const unknown = await call(server.app, 'GET', notes, { token: admin, query: { colour: 'red' } });
    expect(unknown.status).toBe(400);
    // in the request's language, Chinese unless it asks for English, as write errors are
    expect(unknown.body.data.errors).toEqual({ colour: '未知的参数' });
    // a list's page shows only the message (a toast), so the message names each parameter too
    expect(unknown.body.meta.message).toBe('列表参数有误：colour: 未知的参数');
    const sort = await call(server.app, 'GET', notes, { token: admin, query: { sort: 'body' } });
    expect(Object.keys(sort.body.data.errors)).toEqual(['sort']);
    const limit = await call(server.app, 'GET', notes, { token: admin, query: { limit: '501' } });
    expect(Object.keys(limit.body.data.errors)).toEqual(['limit']);
    const both = await call(server.app, 'GET', notes, {
      token: admin,
      query: { limit: '501', sort: 'nope' },
      headers: { 'accept-language': 'en' },
    });
    expect(both.body.data.errors.limit).toBe(`must be a whole number from 1 to ${LIST_MAX_LIMIT}`);
    expect(both.body.data.errors.sort).toMatch(/^cannot sort by nope; sortable: id, /);
    expect(both.body.meta.message).toBe(
      `invalid list parameters: limit: ${both.body.data.errors.limit}; sort: ${both.body.data.errors.sort}`,
    );
    const value = await call(server.app, 'GET', notes, { token: admin, query: { ratingFrom: 'lots' } });
    expect(Object.keys(value.body.data.errors)).toEqual(['ratingFrom']);
  });

  it('rejects a create with a missing required, a too long and an unknown field per field, writing nothing', async () => {
    const before = await count();
    const answer = await call(server.app, 'POST', notes, {
      token: admin,
      body: { body: 'x'.repeat(201), rating: 50, secret: 'mass assignment' },
    });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.data.errors).sort()).toEqual(['body', 'rating', 'secret', 'title']);
    const readOnly = await call(server.app, 'POST', notes, {
      token: admin,
      body: { title: 'ro', createTime: '2020-01-01' },
    });
    expect(readOnly.status).toBe(400);
    expect(Object.keys(readOnly.body.data.errors)).toEqual(['createTime']);
    const badRef = await call(server.app, 'POST', notes, {
      token: admin,
      body: { title: 'ref', reviewerIds: [424242] },
    });
    expect(badRef.status).toBe(400);
    expect(Object.keys(badRef.body.data.errors)).toEqual(['reviewerIds']);
    expect(await count()).toEqual(before);
  });

  it('answers a unique conflict with 409 naming the field', async () => {
    const answer = await call(server.app, 'POST', notes, { token: admin, body: { title: 'note 01' } });
    expect(answer.status).toBe(409);
    expect(answer.body.data.errors).toEqual({ title: expect.any(String) });
    const users = await call(server.app, 'POST', '/api/sys/users', {
      token: admin,
      body: { userName: 'admin', realName: 'Again', password: 'Long-enough-1' },
    });
    expect(users.status).toBe(409);
    // in the field's own title and the request's language: Chinese unless English is asked for
    expect(users.body.data.errors).toEqual({ userName: '用户名已存在' });
    expect(users.body.meta.message).toBe('用户名已存在');
    const english = await call(server.app, 'POST', '/api/sys/users', {
      token: admin,
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
      body: { userName: 'admin', realName: 'Again', password: 'Long-enough-1' },
    });
    expect(english.body.data.errors).toEqual({ userName: 'User name already exists' });
    expect(english.body.meta.message).toBe('User name already exists');
  });

  it('refuses with 409, in the request language, to delete a row other data still points at', async () => {
    // a table outside the schemas that references notes, as an integration might add
    await sql`create table qa_note_pins (note_id integer not null references qa_notes(id))`.execute(
      server.db,
    );
    try {
      const created = await call(server.app, 'POST', notes, {
        token: admin,
        body: { title: 'referenced row' },
      });
      const id = created.body.data.id;
      await sql`insert into qa_note_pins (note_id) values (${id})`.execute(server.db);
      const zh = await call(server.app, 'DELETE', `${notes}/${id}`, { token: admin });
      expect(zh.status).toBe(409);
      expect(zh.body.meta.message).toBe('该数据仍被其他数据引用，不能删除');
      const en = await call(server.app, 'DELETE', `${notes}/${id}`, {
        token: admin,
        headers: { 'accept-language': 'en' },
      });
      expect(en.body.meta.message).toBe('the row is still referenced by other data');
      const still = await call(server.app, 'GET', notes, {
        token: admin,
        query: { title: 'referenced row' },
      });
      expect(still.body.data.total).toBe(1);
    } finally {
      await sql`drop table qa_note_pins`.execute(server.db);
    }
  });

  it('updates one row and answers 404 for an unknown id', async () => {
    const created = await call(server.app, 'POST', notes, {
      token: admin,
      body: { title: 'to update', rating: 3, dueDate: '2026-02-01', reviewerIds: [1] },
    });
    const id = created.body.data.id;
    const answer = await call(server.app, 'PUT', `${notes}/${id}`, {
      token: admin,
      form: true,
      body: {
        title: 'to update',
        body: 'changed',
        kind: '3',
        rating: '',
        dueDate: '',
        pinned: 'true',
        reviewerIds: '',
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({
      body: 'changed',
      kind: 3,
      rating: null,
      pinned: true,
      reviewerIds: [],
    });
    expect(
      (await call(server.app, 'PUT', `${notes}/999999`, { token: admin, body: { title: 'x' } })).status,
    ).toBe(404);
    expect((await call(server.app, 'GET', `${notes}/abc`, { token: admin })).status).toBe(404);
  });

  it('batch-deletes all or nothing: a missing id is a 404 naming it and nothing is deleted', async () => {
    const ids: number[] = [];
    for (const title of ['batch delete 1', 'batch delete 2'])
      ids.push((await call(server.app, 'POST', notes, { token: admin, body: { title } })).body.data.id);
    const before = await count();
    const missing = await call(server.app, 'DELETE', notes, {
      token: admin,
      form: true,
      body: { ids: [...ids, 999998] },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.data.missing).toEqual([999998]);
    expect(await count()).toEqual(before);
    const done = await call(server.app, 'DELETE', notes, { token: admin, form: true, body: { ids } });
    expect(done.status).toBe(200);
    expect(done.body.data).toEqual({ count: 2 });
    const empty = await call(server.app, 'DELETE', notes, { token: admin, body: { ids: [] } });
    expect(empty.status).toBe(400);
  });

  it('deletes one row', async () => {
    const row = (await call(server.app, 'POST', notes, { token: admin, body: { title: 'short-lived' } })).body
      .data;
    expect((await call(server.app, 'DELETE', `${notes}/${row.id}`, { token: admin })).body.data).toEqual({
      id: row.id,
    });
    expect((await call(server.app, 'GET', `${notes}/${row.id}`, { token: admin })).status).toBe(404);
    expect((await call(server.app, 'DELETE', `${notes}/${row.id}`, { token: admin })).status).toBe(404);
  });

  it('batch-updates in one transaction: one bad id or value changes nothing', async () => {
    for (const [title, kind] of [
      ['batch update 1', 1],
      ['batch update 2', 2],
      ['batch update 3', 1],
    ] as const)
      await call(server.app, 'POST', notes, { token: admin, body: { title, kind } });
    const rows = (
      await call(server.app, 'GET', notes, {
        token: admin,
        query: { title: 'batch update', sort: 'title', limit: '3' },
      })
    ).body.data.rows as Array<{ id: number; kind: number }>;
    const ids = rows.map((r) => r.id);
    const missing = await call(server.app, 'PUT', notes, {
      token: admin,
      body: { ids: [...ids, 999997], kind: 3 },
    });
    expect(missing.status).toBe(404);
    const invalid = await call(server.app, 'PUT', notes, { token: admin, body: { ids, kind: 9 } });
    expect(invalid.status).toBe(400);
    const unique = await call(server.app, 'PUT', notes, {
      token: admin,
      body: { ids, title: 'same for all' },
    });
    expect(unique.status).toBe(400);
    const after = (
      await call(server.app, 'GET', notes, {
        token: admin,
        query: { title: 'batch update', sort: 'title', limit: '3' },
      })
    ).body.data.rows as Array<{ kind: number }>;
    expect(after.map((r) => r.kind)).toEqual(rows.map((r) => r.kind));
    const done = await call(server.app, 'PUT', notes, {
      token: admin,
      form: true,
      body: { ids, kind: '2', pinned: 'true' },
    });
    expect(done.status).toBe(200);
    expect(done.body.data).toEqual({ count: 3 });
    const updated = (
      await call(server.app, 'GET', notes, {
        token: admin,
        query: { title: 'batch update', sort: 'title', limit: '3' },
      })
    ).body.data.rows as Array<{ kind: number; pinned: boolean }>;
    expect(updated.every((r) => r.kind === 2 && r.pinned)).toBe(true);
  });

  it('serves custom actions that set values: on a row when its condition holds, on a selection', async () => {
    const row = (
      await call(server.app, 'POST', notes, { token: admin, body: { title: 'to archive', kind: 1 } })
    ).body.data;
    const archived = await call(server.app, 'PUT', `${notes}/archive/${row.id}`, { token: admin });
    expect(archived.status, JSON.stringify(archived.body)).toBe(200);
    expect(archived.body.data).toMatchObject({
      id: row.id,
      kind: 3,
      dueDate: localDate(new Date()),
    });
    // archived already: the action's condition no longer holds
    const again = await call(server.app, 'PUT', `${notes}/archive/${row.id}`, { token: admin });
    expect(again.status).toBe(409);
    expect(again.body.data).toEqual({ ids: [row.id] });
    expect(again.body.meta.message).toBe(`测试笔记 ${row.id} 当前的状态不能执行此操作`);
    const sneaky = await call(server.app, 'PUT', `${notes}/archive/${row.id}`, {
      token: admin,
      body: { title: 'x' },
    });
    expect(sneaky.status).toBe(400);

    const second = (await call(server.app, 'POST', notes, { token: admin, body: { title: 'to review' } }))
      .body.data;
    const reviewed = await call(server.app, 'PUT', `${notes}/review`, {
      token: admin,
      form: true,
      body: { ids: [String(row.id), String(second.id)], rating: '7' },
    });
    expect(reviewed.status, JSON.stringify(reviewed.body)).toBe(200);
    expect(reviewed.body.data).toEqual({ count: 2 });
    const after = await call(server.app, 'GET', `${notes}/${second.id}`, { token: admin });
    expect(after.body.data).toMatchObject({ rating: 7, pinned: true });
    const audit = await server.db
      .selectFrom('sys_audit_log')
      .select('action')
      .where('resource', '=', 'notes')
      .where('action', 'in', ['archive', 'review'])
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['archive', 'review']);
  });

  it('exports a real .xlsx with formula-looking cells escaped', async () => {
    const answer = await call(server.app, 'POST', `${notes}/export`, {
      token: admin,
      form: true,
      body: { title: 'note 0', sort: 'title', lang: 'en' },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toContain('spreadsheetml');
    expect(answer.headers['content-disposition']).toContain('notes.xlsx');
    const sheet = await readSheet(answer.raw);
    expect(sheet[0]).toEqual(['ID', 'Title', 'Kind', 'Rating', 'Due', 'Pinned', 'Reviewers', 'Created']);
    const titles = sheet.slice(1).map((row) => row[1]);
    expect(titles).toEqual([...titles].sort());
    expect(titles.every((t) => String(t).startsWith('note 0'))).toBe(true);
    const kinds = new Set(sheet.slice(1).map((row) => row[2]));
    expect([...kinds].every((k) => ['Plain', 'Important', 'Archived'].includes(String(k)))).toBe(true);

    // only the ids asked for, headers in the default language
    const one = (await call(server.app, 'GET', notes, { token: admin, query: { title: 'note 07' } })).body
      .data.rows[0];
    const byId = await call(server.app, 'POST', `${notes}/export`, { token: admin, body: { ids: [one.id] } });
    const rows = await readSheet(byId.raw);
    expect(rows).toHaveLength(2);
    expect(rows[0][1]).toBe('标题');
    expect(rows[1][0]).toBe(one.id);
  });

  it('escapes cells that a spreadsheet would run as formulas', async () => {
    for (const text of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])
      expect(escapeFormula(text)).toBe(`'${text}`);
    expect(escapeFormula('plain')).toBe('plain');
    const row = (await call(server.app, 'POST', notes, { token: admin, body: { title: '=cmd|calc' } })).body
      .data;
    const answer = await call(server.app, 'POST', `${notes}/export`, {
      token: admin,
      body: { ids: [row.id] },
    });
    const sheet = await readSheet(answer.raw);
    expect(sheet[1][1]).toBe("'=cmd|calc");
  });

  it('checks the permission code of every call: 403 names it', async () => {
    const { password } = await createUser(server, 'reader', ['editor']);
    const token = await login(server.app, 'reader', password);
    const users = await call(server.app, 'GET', '/api/sys/users', { token });
    expect(users.status).toBe(403);
    expect(users.body.meta.message).toContain('sys:users:list');
    const create = await call(server.app, 'POST', '/api/sys/roles', {
      token,
      body: { roleName: 'x', roleKey: 'x' },
    });
    expect(create.status).toBe(403);
    expect(create.body.meta.message).toContain('sys:roles:create');
    const exp = await call(server.app, 'POST', '/api/sys/users/export', { token, body: {} });
    expect(exp.status).toBe(403);
    // the editor role holds the content pages, including the test resource outside the menu
    expect((await call(server.app, 'GET', notes, { token })).status).toBe(200);
  });

  it('never returns password hashes and hashes passwords written through the users resource', async () => {
    const created = await call(server.app, 'POST', '/api/sys/users', {
      token: admin,
      form: true,
      body: { userName: 'carol', realName: 'Carol', password: 'Carols-pass-1', roleIds: ['2'], email: '' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).not.toHaveProperty('password');
    expect(created.body.data).toMatchObject({ userName: 'carol', roleIds: [2], firstlogin: true, status: 0 });
    const list = await call(server.app, 'GET', '/api/sys/users', {
      token: admin,
      query: { userName: 'carol' },
    });
    expect(list.body.data.rows[0]).not.toHaveProperty('password');
    const stored = await server.db
      .selectFrom('sys_users')
      .select('password')
      .where('user_name', '=', 'carol')
      .executeTakeFirstOrThrow();
    expect(stored.password).not.toContain('Carols-pass-1');
    expect(
      (
        await call(server.app, 'POST', '/api/sys/login', {
          body: { userName: 'carol', password: 'Carols-pass-1' },
        })
      ).status,
    ).toBe(200);
    const update = await call(server.app, 'PUT', `/api/sys/users/${created.body.data.id}`, {
      token: admin,
      body: { realName: 'Carol B', password: 'sneaky-change' },
    });
    expect(update.status).toBe(400);
    expect(Object.keys(update.body.data.errors)).toEqual(['password']);
  });

  it('answers a body over the limit with 413 and malformed JSON with 400, both in the envelope', async () => {
    const big = await server.app.inject({
      method: 'POST',
      url: notes,
      headers: { 'x-token': admin, 'content-type': 'application/json' },
      payload: JSON.stringify({ title: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().meta.success).toBe(false);
    const broken = await server.app.inject({
      method: 'POST',
      url: notes,
      headers: { 'x-token': admin, 'content-type': 'application/json' },
      payload: '{"title":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().meta.success).toBe(false);
  });

  it('writes an audit entry for each write, without secret values', async () => {
    // this test's own writes, one of each kind, and only the entries written after it began
    const last = await server.db
      .selectFrom('sys_audit_log')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    const since = Number(last.id ?? 0);
    const ids: number[] = [];
    for (const title of ['audited 1', 'audited 2', 'audited 3'])
      ids.push((await call(server.app, 'POST', notes, { token: admin, body: { title } })).body.data.id);
    const writes = [
      await call(server.app, 'PUT', `${notes}/${ids[0]}`, { token: admin, body: { title: 'audited 1b' } }),
      await call(server.app, 'PUT', notes, { token: admin, body: { ids: ids.slice(1), kind: 2 } }),
      await call(server.app, 'DELETE', `${notes}/${ids[0]}`, { token: admin }),
      await call(server.app, 'DELETE', notes, { token: admin, body: { ids: ids.slice(1) } }),
      await call(server.app, 'POST', '/api/sys/users', {
        token: admin,
        body: { userName: 'dave', realName: 'Dave', password: 'Daves-pass-1', roleIds: [2] },
      }),
    ];
    expect(writes.map((w) => w.status)).toEqual([200, 200, 200, 200, 200]);
    const entries = await server.db
      .selectFrom('sys_audit_log')
      .select(['action', 'resource', 'detail'])
      .where('id', '>', since)
      .execute();
    const actions = new Set(entries.filter((e) => e.resource === 'notes').map((e) => e.action));
    for (const a of ['create', 'update', 'delete', 'batchDelete', 'batchUpdate'])
      expect(actions.has(a)).toBe(true);
    const dave = entries.filter((e) => e.resource === 'users');
    expect(dave).not.toEqual([]);
    expect(JSON.stringify(dave)).not.toContain('Daves-pass-1');
  });
});
