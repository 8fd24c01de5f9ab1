// @vitest-environment node
// Exports as users read them (docs/api.md, "Export"): labels, local dates and 是/否 in the
// caller's language; the columns the list shows, all of them, or the ones named, never one the
// caller may not read; and a large export read and written in bounded batches.
import { sql } from 'kysely';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Resource } from '../../runtime/schema/types.ts';
import { parseListQuery } from '../../server/resources/listQuery.ts';
import { EXPORT_BATCH_ROWS, EXPORT_MAX_ROWS } from '../../server/resources/store.ts';
import { exportWorkbook } from '../../server/resources/xlsx.ts';
import {
  ADMIN_PASSWORD,
  backends,
  call,
  createUser,
  login,
  startServer,
  type TestServer,
} from './harness.ts';
import { createRole } from './roleFixtures.ts';

const NOTES = '/api/qa/notes';

describe.each(backends)('exports on $name', (backend) => {
  let server: TestServer;
  let admin: string;
  let notes: Resource;

  beforeAll(async () => {
    server = await startServer(backend);
    admin = await login(server.app, 'admin', ADMIN_PASSWORD);
    notes = server.manifest.resources.find((r) => r.name === 'notes')!;
  });
  afterAll(async () => {
    await server?.close();
  });

  async function note(body: Record<string, unknown>): Promise<{ id: number }> {
    const made = await call(server.app, 'POST', NOTES, { token: admin, body });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    return made.body.data;
  }

  const exported = async (
    body: Record<string, unknown>,
    headers: Record<string, string> = {},
    token = admin,
  ) => call(server.app, 'POST', `${NOTES}/export`, { token, body, form: true, headers });

  it('writes enum labels, reference names, local dates and Yes/No in the language asked for', async () => {
    const made = await note({
      title: 'labels en',
      kind: 2,
      pinned: true,
      dueDate: '2026-03-04',
      reviewerIds: [1],
    });
    const answer = await exported({ ids: [made.id] }, { 'accept-language': 'en-US,en;q=0.9' });
    expect(answer.status).toBe(200);
    const [header, row] = await readSheet(answer.raw);
    expect(header).toEqual(['ID', 'Title', 'Kind', 'Rating', 'Due', 'Pinned', 'Reviewers', 'Created']);
    const cell = (title: string) => row[header.indexOf(title)];
    expect(cell('Kind')).toBe('Important');
    expect(cell('Pinned')).toBe('Yes');
    expect(cell('Reviewers')).toBe('admin');
    expect(cell('Due')).toBe('2026-03-04');
    // the creation time as the list shows it, in the server's time zone, to the second
    expect(String(cell('Created'))).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const zh = await readSheet((await exported({ ids: [made.id], columns: 'kind,pinned' })).raw);
    expect(zh).toEqual([
      ['ID', '类型', '置顶'],
      [made.id, '重要', '是'],
    ]);
    const unpinned = await note({ title: 'labels no', pinned: false });
    const no = await readSheet((await exported({ ids: [unpinned.id], columns: 'pinned', lang: 'en' })).raw);
    expect(no[1]).toEqual([unpinned.id, 'No']);
  });

  it('writes the columns named, in their order; the list’s columns by default; every readable one for all', async () => {
    const made = await note({ title: 'columns', body: 'the body text', rating: 4 });
    const named = await readSheet((await exported({ ids: [made.id], columns: 'rating,title' })).raw);
    expect(named).toEqual([
      ['ID', '评分', '标题'],
      [made.id, 4, 'columns'],
    ]);
    // a JSON body may send the names as an array
    const json = await call(server.app, 'POST', `${NOTES}/export`, {
      token: admin,
      body: { ids: [made.id], columns: ['title', 'rating'] },
    });
    expect((await readSheet(json.raw))[0]).toEqual(['ID', '标题', '评分']);

    const listed = (await readSheet((await exported({ ids: [made.id] })).raw))[0];
    expect(listed).toEqual(['ID', '标题', '类型', '评分', '截止日期', '置顶', '审阅人', '创建时间']);

    const [all, row] = await readSheet((await exported({ ids: [made.id], columns: 'all' })).raw);
    // the list's columns first, then the fields the list leaves out (the body)
    expect(all.slice(0, listed.length)).toEqual(listed);
    expect(all).toContain('正文');
    expect(row[all.indexOf('正文')]).toBe('the body text');
  });

  it('refuses an unknown column and one no response carries, naming them', async () => {
    const unknown = await exported({ columns: 'title,nope,alsoNot' }, { 'accept-language': 'en' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.data.errors.columns).toBe('unknown column: nope, alsoNot');
    for (const columns of [',', 5, [1], { title: true }]) {
      const bad = await call(server.app, 'POST', `${NOTES}/export`, { token: admin, body: { columns } });
      expect(bad.status, JSON.stringify(columns)).toBe(400);
      expect(bad.body.data.errors).toHaveProperty('columns');
    }

    const password = await call(server.app, 'POST', '/api/sys/users/export', {
      token: admin,
      form: true,
      body: { columns: 'userName,password' },
      headers: { 'accept-language': 'en' },
    });
    expect(password.status).toBe(400);
    expect(password.body.data.errors.columns).toBe('column cannot be exported: password');
    // all columns of the users leave the password out
    const users = await call(server.app, 'POST', '/api/sys/users/export', {
      token: admin,
      form: true,
      body: { columns: 'all', lang: 'en' },
    });
    const [header, ...rows] = await readSheet(users.raw);
    expect(header).not.toContain('Password');
    expect(JSON.stringify(rows)).not.toMatch(/scrypt|\$[0-9a-z]+\$/i);
  });

  it('names a reference only when the caller may list what it points to', async () => {
    await createRole(server, 'notes_exporter', ['qa:notes:list', 'qa:notes:export']);
    const { password } = await createUser(server, 'exporter', ['notes_exporter']);
    const token = await login(server.app, 'exporter', password);
    const made = await note({ title: 'refs hidden', reviewerIds: [1] });
    const [header, row] = await readSheet((await exported({ ids: [made.id] }, {}, token)).raw);
    // the reader may not list users: the reviewer is written by id, as the list page shows it
    expect(row[header.indexOf('审阅人')]).toBe('1');
    const [, asAdmin] = await readSheet((await exported({ ids: [made.id] })).raw);
    expect(asAdmin[header.indexOf('审阅人')]).toBe('admin');
  });

  it('exports 10,000 rows of a larger table, read and written in bounded batches', async () => {
    await sql`
      insert into ${sql.table(notes.table)} (title, kind, rating, pinned)
      select 'bulk ' || lpad(n::text, 5, '0'), 1 + n % 3, n % 11, n % 2 = 0
      from generate_series(1, ${EXPORT_MAX_ROWS + 50}) n`.execute(server.db);

    const store = server.app.stores.get('notes')!;
    const query = parseListQuery(notes, { title: 'bulk', sort: 'title' });
    const { count, truncated, batches } = await store.exportBatches(query, { fields: ['title', 'rating'] });
    expect(count).toBe(EXPORT_MAX_ROWS);
    expect(truncated).toBe(true);
    const sizes: number[] = [];
    let last = '';
    for await (const batch of batches) {
      sizes.push(batch.length);
      // in the list's order across batches, and only the columns asked for
      for (const row of batch) {
        expect(String(row.title) > last).toBe(true);
        last = String(row.title);
      }
      expect(Object.keys(batch[0]).sort()).toEqual(['id', 'rating', 'title', 'version']);
    }
    expect(sizes).toHaveLength(EXPORT_MAX_ROWS / EXPORT_BATCH_ROWS);
    expect(Math.max(...sizes)).toBe(EXPORT_BATCH_ROWS);

    // the workbook comes out a piece at a time as the batches are read, not in one buffer
    const again = await store.exportBatches(query, { fields: ['title'] });
    let pieces = 0;
    for await (const _ of exportWorkbook({
      db: server.db as never,
      manifest: server.manifest,
      resource: notes,
      fields: notes.fields.filter((f) => f.name === 'title'),
      labelled: [],
      lang: 'zh',
      batches: again.batches,
    }))
      pieces++;
    expect(pieces).toBeGreaterThan(EXPORT_MAX_ROWS / EXPORT_BATCH_ROWS);

    const answer = await exported({ title: 'bulk', sort: '-title', columns: 'title,kind,pinned' });
    expect(answer.status).toBe(200);
    // the file says it holds the first rows only, which the page tells the user
    expect(answer.headers['x-export-rows']).toBe(String(EXPORT_MAX_ROWS));
    expect(answer.headers['x-export-limit']).toBe(String(EXPORT_MAX_ROWS));
    const sheet = await readSheet(answer.raw);
    expect(sheet).toHaveLength(EXPORT_MAX_ROWS + 1);
    expect(sheet[0]).toEqual(['ID', '标题', '类型', '置顶']);
    expect(sheet[1][1]).toBe('bulk 10050');
    expect(sheet.at(-1)?.[1]).toBe('bulk 00051');
    expect(sheet[1][2]).toBe('普通');
    expect(sheet[1][3]).toBe('是');

    // what fits is whole, and says nothing of a limit
    const fits = await exported({ title: 'bulk 0001', columns: 'title' });
    expect(fits.headers['x-export-rows']).toBe('10');
    expect(fits.headers['x-export-limit']).toBeUndefined();
  });
});
