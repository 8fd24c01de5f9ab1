// @vitest-environment node
// Rules across fields (docs/schema.md "Rules across fields") on every write path: create,
// update (checked with the stored values the body leaves alone), batch update, import and the
// custom actions that write. A broken rule is a 400 naming the field, in the request's language.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile, { type Row } from 'write-excel-file/node';
import {
  ADMIN_PASSWORD,
  backends,
  call,
  login,
  postFile,
  startServer,
  type TestServer,
  testManifest,
} from './harness.ts';

const TRIPS = '/api/qa/trips';
const END_AFTER_START = { zh: '返回日期须晚于出发日期', en: 'The end must be after the start' };
const PHONE_OR_EMAIL = { zh: '电话和邮箱至少填写一项', en: 'Give a phone number or an email address' };

describe.each(backends)('rules across fields on $name', (backend) => {
  let server: TestServer;
  let admin: string;
  let named = 0;

  /** A trip that keeps every rule, with `extra` over it; returns its id. */
  const trip = async (extra: Record<string, unknown> = {}): Promise<number> => {
    named += 1;
    const answer = await call(server.app, 'POST', TRIPS, {
      token: admin,
      body: { name: `行程${named}`, email: 'a@school.example', ...extra },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data.id;
  };
  const stored = async (id: number) =>
    (await call(server.app, 'GET', `${TRIPS}/${id}`, { token: admin })).body.data;

  beforeAll(async () => {
    const manifest = await testManifest(['tests/server/fixtures', 'tests/server/ruleFixtures']);
    server = await startServer(backend, {}, { manifest });
    admin = await login(server.app, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses a create that breaks a rule, naming the field with its message in the request language', async () => {
    const body = { name: '倒序', email: 'a@school.example', startDate: '2026-05-03', endDate: '2026-05-01' };
    const zh = await call(server.app, 'POST', TRIPS, { token: admin, body });
    expect(zh.status).toBe(400);
    expect(zh.body.data.errors).toEqual({ endDate: END_AFTER_START.zh });
    const en = await call(server.app, 'POST', TRIPS, {
      token: admin,
      body: { name: '无联系', kind: 2, minSeats: 10, maxSeats: 9 },
      headers: { 'accept-language': 'en' },
    });
    expect(en.status).toBe(400);
    expect(en.body.data.errors).toEqual({
      maxSeats: 'Most seats cannot be fewer than fewest seats',
      email: PHONE_OR_EMAIL.en,
      place: 'A trip away needs a place',
    });
    // the same end on the same day is not after it; equal seats are not fewer
    const same = await call(server.app, 'POST', TRIPS, {
      token: admin,
      body: { name: '同日', phone: '0571-1234', startDate: '2026-05-01', endDate: '2026-05-01' },
    });
    expect(same.body.data.errors).toEqual({ endDate: END_AFTER_START.zh });
    const ok = await trip({
      phone: '0571-1234',
      email: '',
      minSeats: 5,
      maxSeats: 5,
      kind: 2,
      place: '西湖',
    });
    expect(await stored(ok)).toMatchObject({ phone: '0571-1234', email: null, minSeats: 5, maxSeats: 5 });
    // a rule with an empty side has nothing to compare
    await trip({ endDate: '2026-05-01' });
  });

  it('checks an update against the stored values the body leaves alone, and writes nothing when refused', async () => {
    const id = await trip({ startDate: '2026-06-10', endDate: '2026-06-12' });
    // startDate is not in the body: the stored one is what the new end is compared with
    const earlier = await call(server.app, 'PUT', `${TRIPS}/${id}`, {
      token: admin,
      body: { name: '改期', email: 'a@school.example', endDate: '2026-06-09' },
      headers: { 'accept-language': 'en' },
    });
    expect(earlier.status).toBe(400);
    expect(earlier.body.data.errors).toEqual({ endDate: END_AFTER_START.en });
    expect(await stored(id)).toMatchObject({ startDate: '2026-06-10', endDate: '2026-06-12', version: 1 });
    // clearing the only contact the row keeps breaks anyOf, though the body names only email
    const cleared = await call(server.app, 'PUT', `${TRIPS}/${id}`, {
      token: admin,
      body: { name: '改期', email: '' },
    });
    expect(cleared.body.data.errors).toEqual({ email: PHONE_OR_EMAIL.zh });
    const later = await call(server.app, 'PUT', `${TRIPS}/${id}`, {
      token: admin,
      body: { name: '改期', email: 'a@school.example', endDate: '2026-06-20' },
    });
    expect(later.status, JSON.stringify(later.body)).toBe(200);
    expect(later.body.data).toMatchObject({ startDate: '2026-06-10', endDate: '2026-06-20' });
  });

  it('checks a batch update on every selected row and refuses all of them when one breaks a rule', async () => {
    const early = await trip({ startDate: '2026-07-01' });
    const late = await trip({ startDate: '2026-07-20' });
    const refused = await call(server.app, 'PUT', TRIPS, {
      token: admin,
      body: { ids: [early, late], endDate: '2026-07-10' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.data).toEqual({ errors: { endDate: END_AFTER_START.zh }, ids: [late] });
    expect((await stored(early)).endDate).toBeNull();
    const done = await call(server.app, 'PUT', TRIPS, {
      token: admin,
      body: { ids: [early, late], endDate: '2026-07-30' },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect((await stored(early)).endDate).toBe('2026-07-30');
  });

  it('reports the rows of an import that break a rule, by spreadsheet row, and imports none', async () => {
    const rows: Row[] = [
      ['name', 'startDate', 'endDate', 'phone', 'email', 'kind'],
      ['导入好', '2026-08-01', '2026-08-02', '0571-1', null, 1],
      ['导入倒序', '2026-08-05', '2026-08-01', '0571-2', null, 1],
      ['导入无联系', null, null, null, null, 2],
    ];
    const answer = await postFile(
      server.app,
      `${TRIPS}/import`,
      admin,
      'trips.xlsx',
      await writeXlsxFile(rows).toBuffer(),
      { 'accept-language': 'en' },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.data.rows).toEqual([
      { row: 3, errors: { endDate: END_AFTER_START.en } },
      { row: 4, errors: { email: PHONE_OR_EMAIL.en, place: 'A trip away needs a place' } },
    ]);
    const imported = await sql<{
      n: number;
    }>`select count(*)::int as n from qa_trips where name like '导入%'`.execute(server.db);
    expect(imported.rows[0].n).toBe(0);
  });

  it('checks what a custom action writes: its form values and its fixed ones, on each row', async () => {
    const id = await trip({ startDate: '2026-09-01', endDate: '2026-09-05' });
    const moved = await call(server.app, 'PUT', `${TRIPS}/reschedule/${id}`, {
      token: admin,
      body: { startDate: '2026-09-08' },
    });
    expect(moved.status).toBe(400);
    expect(moved.body.data.errors).toEqual({ endDate: END_AFTER_START.zh });
    expect(await stored(id)).toMatchObject({ startDate: '2026-09-01', status: 0 });
    const fine = await call(server.app, 'PUT', `${TRIPS}/reschedule/${id}`, {
      token: admin,
      body: { startDate: '2026-09-02' },
    });
    expect(fine.status, JSON.stringify(fine.body)).toBe(200);
    expect(fine.body.data).toMatchObject({ startDate: '2026-09-02', status: 1 });

    // `endDate: now` on a trip that starts in years to come would end it before it starts
    const past = await trip({ startDate: '2020-01-01' });
    const future = await trip({ startDate: '2999-01-01' });
    const ended = await call(server.app, 'PUT', `${TRIPS}/endToday`, {
      token: admin,
      body: { ids: [past, future] },
      headers: { 'accept-language': 'en' },
    });
    expect(ended.status).toBe(400);
    expect(ended.body.data).toEqual({ errors: { endDate: END_AFTER_START.en }, ids: [future] });
    expect((await stored(past)).endDate).toBeNull();
  });

  it('holds the school CMS to its rules: a content leaves the site after it goes up on it', async () => {
    const category = await call(server.app, 'POST', '/api/cms/contentCategorys', {
      token: admin,
      body: { categoryName: '规则栏目', kind: 0 },
    });
    const refused = await call(server.app, 'POST', '/api/cms/contents', {
      token: admin,
      body: {
        title: '倒序上下线',
        categoryId: category.body.data.id,
        body: '<p>正文</p>',
        publishTime: '2026-03-02T08:00:00Z',
        unpublishTime: '2026-03-01T08:00:00+08:00',
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.data.errors).toEqual({ unpublishTime: '下线时间须晚于发布时间' });
  });
});
