// @vitest-environment node
// The standard import action (docs/api.md "Import") on the test resource: a real .xlsx read with
// the header by title or name, each row through the create validator, all rows or none.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile, { type Row } from 'write-excel-file/node';
import {
  ADMIN_PASSWORD,
  backends,
  call,
  createUser,
  login,
  postFile,
  startServer,
  type TestServer,
} from './harness.ts';

const IMPORT = '/api/qa/notes/import';

const workbook = (rows: Row[]) => writeXlsxFile(rows).toBuffer();

describe.each(backends)('import on $name', (backend) => {
  let server: TestServer;
  let admin: string;
  const count = async () =>
    (await sql<{ n: number }>`select count(*)::int as n from qa_notes`.execute(server.db)).rows[0].n;
  const send = async (rows: Row[], token = admin, headers: Record<string, string> = {}) =>
    postFile(server.app, IMPORT, token, 'notes.xlsx', await workbook(rows), headers);

  beforeAll(async () => {
    server = await startServer(backend);
    admin = await login(server.app, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('imports rows whose header names fields by Chinese title, English title or name, reading labels and dates', async () => {
    const answer = await send([
      ['ID', '标题', 'Kind', 'rating', '截止日期', '置顶', 'Reviewers', '创建时间'],
      [
        99,
        '导入一',
        '重要',
        7,
        { value: new Date(Date.UTC(2026, 2, 15)), type: Date, format: 'yyyy-mm-dd' },
        '是',
        'admin',
        '2020-01-01',
      ],
      [null, '导入二', 'Archived', null, '2026-04-01', false, null, null],
      [null, null, null, null, null, null, null, null],
      [null, '导入三', 2, '3', null, 'no', '1', null],
    ]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toEqual({ count: 3, ids: expect.any(Array) });
    const rows = await call(server.app, 'GET', '/api/qa/notes', {
      token: admin,
      query: { title: '导入', sort: 'title' },
    });
    expect(rows.body.data.rows).toEqual([
      expect.objectContaining({
        title: '导入一',
        kind: 2,
        rating: 7,
        dueDate: '2026-03-15',
        pinned: true,
        reviewerIds: [1],
      }),
      expect.objectContaining({
        title: '导入三',
        kind: 2,
        rating: 3,
        dueDate: null,
        pinned: false,
        reviewerIds: [1],
      }),
      expect.objectContaining({
        title: '导入二',
        kind: 3,
        rating: null,
        dueDate: '2026-04-01',
        pinned: false,
      }),
    ]);
    // the ID and creation time columns were not written
    expect(rows.body.data.rows.some((r: { id: number }) => r.id === 99)).toBe(false);
    // one entry for the whole import, naming its rows (other tests import too)
    const audit = await server.db
      .selectFrom('sys_audit_log')
      .selectAll()
      .where('action', '=', 'import')
      .where('target', '=', answer.body.data.ids.join(','))
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('imports what an export wrote, so a list can go out and come back', async () => {
    await send([
      ['title', 'kind', 'pinned'],
      ['往返一', 1, true],
      ['往返二', 3, false],
    ]);
    const exported = await server.app.inject({
      method: 'POST',
      url: '/api/qa/notes/export',
      headers: { 'x-token': admin, 'content-type': 'application/json' },
      payload: JSON.stringify({ title: '往返' }),
    });
    expect(exported.statusCode).toBe(200);
    const ids = (
      await call(server.app, 'GET', '/api/qa/notes', { token: admin, query: { title: '往返' } })
    ).body.data.rows.map((r: { id: number }) => r.id);
    await call(server.app, 'DELETE', '/api/qa/notes', { token: admin, body: { ids } });
    const back = await postFile(server.app, IMPORT, admin, 'notes.xlsx', exported.rawPayload);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.data.count).toBe(2);
    const rows = (
      await call(server.app, 'GET', '/api/qa/notes', {
        token: admin,
        query: { title: '往返', sort: 'title' },
      })
    ).body.data.rows;
    expect(
      rows.map((r: { title: string; kind: number; pinned: boolean }) => [r.title, r.kind, r.pinned]),
    ).toEqual([
      ['往返一', 1, true],
      ['往返二', 3, false],
    ]);
  });

  it('writes nothing when any row is bad, and lists every bad row by its number with field messages', async () => {
    const before = await count();
    const answer = await send([
      ['标题', '类型', '评分', '审阅人'],
      ['好的一行', '普通', 5, null],
      [null, '普通', 5, null],
      ['评分太高', '普通', 50, null],
      ['类型不存在', '紧急', 1, null],
      ['审阅人不存在', '普通', 1, 'nobody'],
    ]);
    expect(answer.status).toBe(400);
    expect(answer.body.meta.message).toBe('导入失败：第 3, 4, 5, 6 行有误');
    expect(answer.body.data.rows.map((r: { row: number }) => r.row)).toEqual([3, 4, 5, 6]);
    expect(Object.keys(answer.body.data.rows[0].errors)).toEqual(['title']);
    expect(answer.body.data.errors['4.rating']).toBe('评分不能大于10');
    expect(Object.keys(answer.body.data.errors)).toEqual(['3.title', '4.rating', '5.kind', '6.reviewerIds']);
    expect(answer.body.data.errors['6.reviewerIds']).toBe('审阅人中没有“nobody”');
    expect(await count()).toBe(before);
  });

  it('refuses unique values repeated in the file or already taken, naming the rows', async () => {
    // the title already taken: this test's own row
    const taken = await call(server.app, 'POST', '/api/qa/notes', {
      token: admin,
      body: { title: '已有标题' },
    });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    const before = await count();
    const answer = await send([['title'], ['唯一甲'], ['已有标题'], ['唯一甲'], ['唯一乙']]);
    expect(answer.status).toBe(400);
    expect(answer.body.data.rows).toEqual([
      { row: 3, errors: { title: '标题已存在' } },
      { row: 4, errors: { title: '标题与第 2 行重复' } },
    ]);
    // in the language the request asks for
    const english = await send([['title'], ['唯一甲'], ['已有标题'], ['唯一甲']], admin, {
      'accept-language': 'en',
    });
    expect(english.body.meta.message).toBe('import failed: rows 3, 4');
    expect(english.body.data.rows).toEqual([
      { row: 3, errors: { title: 'Title already exists' } },
      { row: 4, errors: { title: 'Title repeats row 2' } },
    ]);
    expect(await count()).toBe(before);
  });

  it('answers a bad header, a file that is not a workbook, an empty sheet, too many rows and too many bytes', async () => {
    const header = await send([
      ['标题', '颜色'],
      ['x', 'red'],
    ]);
    expect(header.status).toBe(400);
    expect(header.body.meta.message).toBe('表头中有无法识别的列');
    expect(header.body.data.errors).toEqual({ 颜色: '第 2 列不是测试笔记的字段' });
    const english = await send(
      [
        ['标题', '颜色'],
        ['x', 'red'],
      ],
      admin,
      { 'accept-language': 'en' },
    );
    expect(english.body.meta.message).toBe('the header row names unknown columns');
    expect(english.body.data.errors).toEqual({ 颜色: 'column 2 names no field of notes' });
    const notXlsx = await postFile(server.app, IMPORT, admin, 'notes.xlsx', Buffer.from('title\nx\n'));
    expect(notXlsx.status).toBe(400);
    expect(notXlsx.body.data.errors).toEqual({ file: '不是 .xlsx 工作簿' });
    expect((await send([['title']])).body.data.errors).toEqual({ file: '表头下没有数据行' });
    const small = await server.reopen({ importMaxRows: 2, importLimit: 4096 });
    const many = await postFile(
      small,
      IMPORT,
      admin,
      'n.xlsx',
      await workbook([['title'], ['a1'], ['a2'], ['a3']]),
    );
    expect(many.body.data.errors).toEqual({ file: '一次最多导入 2 行' });
    const rows: Row[] = [['title', 'body']];
    for (let i = 0; i < 400; i++) rows.push([`big ${i}`, `${'很长的正文'.repeat(10)} ${i}`]);
    const big = await postFile(small, IMPORT, admin, 'big.xlsx', await workbook(rows));
    expect(big.status).toBe(413);
    const json = await call(server.app, 'POST', IMPORT, { token: admin, body: { title: 'x' } });
    expect(json.status).toBe(400);
  });

  it('needs the import permission', async () => {
    const user = await createUser(server, 'importer', []);
    const token = await login(server.app, 'importer', user.password);
    const answer = await send([['title'], ['不允许']], token);
    expect(answer.status).toBe(403);
    expect(answer.body.meta.message).toBe('没有权限：qa:notes:import');
  });
});
