// @vitest-environment node
// Fields that hold an address (url, image, file, avatar) take only http, https, mailto, tel and
// paths on this site, on every write path: create, update, batch update, import, an action's
// form, the own-profile call and a public submission, each a 400 naming the field. A value that
// got into the table around the API never leaves through the public content service.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
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

const BASE = '/api/qa/bookmarks';
const PUBLIC = '/api/cms/web/bookmarks';
const SCRIPTS = [
  'javascript:alert(1)',
  'JavaScript:alert(document.cookie)',
  'java\tscript:alert(1)',
  '\u0001javascript:alert(1)',
  '&#106;avascript:alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  '//evil.example/x.png',
];

describe.each(backends)('address fields on $name', (backend) => {
  let server: TestServer;
  let admin: string;

  const create = (body: Record<string, unknown>, form = false) =>
    call(server.app, 'POST', BASE, { token: admin, body, form });
  const stored = async (id: number) =>
    (await sql<Record<string, unknown>>`select * from qa_bookmarks where id = ${id}`.execute(server.db))
      .rows[0];

  beforeAll(async () => {
    server = await startServer(
      backend,
      {},
      { manifest: await testManifest(['tests/server/fixtures', 'tests/server/urlFixtures']) },
    );
    admin = await login(server.app, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('stores web, mail and phone addresses and paths on this site', async () => {
    const answer = await create({
      name: 'good',
      href: 'mailto:office@school.example',
      picture: '/uploads/0123456789abcdef0123456789abcdef.png',
      attachment: '/common/download?fileName=0123456789abcdef0123456789abcdef.pdf',
      face: 'head_3',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const updated = await call(server.app, 'PUT', `${BASE}/${answer.body.data.id}`, {
      token: admin,
      body: { name: 'good', href: 'https://www.edu.cn/a?b=1#c', face: 'https://cdn.school.example/face.png' },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data).toMatchObject({
      href: 'https://www.edu.cn/a?b=1#c',
      face: 'https://cdn.school.example/face.png',
    });
  });

  it('refuses a script address in every address field on create, as JSON and form-encoded, naming the field', async () => {
    for (const value of SCRIPTS) {
      for (const field of ['href', 'picture', 'attachment', 'face']) {
        for (const form of [false, true]) {
          const answer = await create({ name: 'bad', [field]: value }, form);
          expect(answer.status, `${field} ${JSON.stringify(value)}`).toBe(400);
          expect(Object.keys(answer.body.data.errors), value).toEqual([field]);
        }
      }
    }
    const message = (await create({ name: 'bad', href: 'javascript:alert(1)' })).body.data.errors.href;
    expect(message).toContain('地址');
    const count = await sql<{
      n: number;
    }>`select count(*)::int as n from qa_bookmarks where name = 'bad'`.execute(server.db);
    expect(count.rows[0].n).toBe(0);
  });

  it('refuses it on update, batch update and an action form, leaving the rows as they were', async () => {
    const { id } = (await create({ name: 'kept', href: 'https://kept.example' })).body.data;
    const other = (await create({ name: 'kept2', href: 'https://kept2.example' })).body.data.id;
    for (const value of SCRIPTS) {
      const update = await call(server.app, 'PUT', `${BASE}/${id}`, {
        token: admin,
        body: { name: 'kept', href: value },
      });
      expect(update.status, value).toBe(400);
      expect(Object.keys(update.body.data.errors)).toEqual(['href']);
      const batch = await call(server.app, 'PUT', BASE, {
        token: admin,
        body: { ids: [id, other], picture: value },
      });
      expect(batch.status, value).toBe(400);
      expect(Object.keys(batch.body.data.errors)).toEqual(['picture']);
      const relink = await call(server.app, 'PUT', `${BASE}/relink/${id}`, {
        token: admin,
        body: { href: value },
      });
      expect(relink.status, value).toBe(400);
      expect(Object.keys(relink.body.data.errors)).toEqual(['href']);
    }
    expect(await stored(id)).toMatchObject({ href: 'https://kept.example', picture: null });
    expect(await stored(other)).toMatchObject({ href: 'https://kept2.example', picture: null });
  });

  it('refuses an import holding one, importing nothing', async () => {
    const before = await sql<{ n: number }>`select count(*)::int as n from qa_bookmarks`.execute(server.db);
    const bytes = await writeXlsxFile([
      ['name', 'href'],
      ['fine', 'https://fine.example'],
      ['evil', 'JAVASCRIPT:alert(1)'],
    ]).toBuffer();
    const answer = await postFile(server.app, `${BASE}/import`, admin, 'bookmarks.xlsx', bytes);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(JSON.stringify(answer.body.data.errors)).toContain('href');
    const after = await sql<{ n: number }>`select count(*)::int as n from qa_bookmarks`.execute(server.db);
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('refuses it in the own-profile call and in a public submission', async () => {
    const user = await createUser(server, 'urlself', []);
    const token = await login(server.app, 'urlself', user.password);
    const self = await call(server.app, 'PUT', '/api/sys/users/self', {
      token,
      body: { realName: 'Self', personImage: 'javascript:alert(1)' },
    });
    expect(self.status).toBe(400);
    expect(Object.keys(self.body.data.errors)).toEqual(['personImage']);
    const fine = await call(server.app, 'PUT', '/api/sys/users/self', {
      token,
      body: { realName: 'Self', personImage: 'head_2' },
    });
    expect(fine.status, JSON.stringify(fine.body)).toBe(200);

    const submitted = await call(server.app, 'POST', PUBLIC, {
      body: { name: 'from the site', href: 'data:text/html,<script>alert(1)</script>' },
    });
    expect(submitted.status).toBe(400);
    expect(Object.keys(submitted.body.data.errors)).toEqual(['href']);
  });

  it('never serves a script address written straight into the table to the public', async () => {
    const inserted = await sql<{ id: number }>`
      insert into qa_bookmarks (name, href, picture, attachment, face, shown)
      values ('planted', 'javascript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>',
              'vbscript:msgbox(1)', ' javascript:alert(2)', true)
      returning id`.execute(server.db);
    const id = inserted.rows[0].id;
    const one = await call(server.app, 'GET', `${PUBLIC}/${id}`);
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.data).toEqual({
      id,
      name: 'planted',
      href: null,
      picture: null,
      attachment: null,
      face: null,
      note: null,
    });
    const list = await call(server.app, 'GET', PUBLIC, { query: { limit: '500' } });
    expect(list.status).toBe(200);
    const row = list.body.data.rows.find((r: { id: number }) => r.id === id);
    expect(row).toMatchObject({ href: null, picture: null, attachment: null, face: null });
    // what keeps to the rule is served as it is
    expect(list.body.data.rows.find((r: { name: string }) => r.name === 'kept')).toMatchObject({
      href: 'https://kept.example',
    });
    expect(JSON.stringify(list.body)).not.toMatch(/javascript:|vbscript:|data:/i);
  });

  it('cleans rich text written straight into the table before the public sees it', async () => {
    const html =
      '<p>hi <a href="javascript:alert(1)">x</a><a href="https://ok.example">ok</a></p>' +
      '<img src="data:image/svg+xml,<svg onload=alert(1)>"><img src="/uploads/a.png" onerror="alert(1)">' +
      '<script>alert(1)</script><a href="jav&#x09;ascript:alert(1)">y</a>';
    const inserted = await sql<{ id: number }>`
      insert into qa_bookmarks (name, note, shown) values ('rich', ${html}, true) returning id`.execute(
      server.db,
    );
    const one = await call(server.app, 'GET', `${PUBLIC}/${inserted.rows[0].id}`);
    expect(one.status).toBe(200);
    const note = String(one.body.data.note);
    expect(note).toContain('<a href="https://ok.example">ok</a>');
    expect(note).toContain('<img src="/uploads/a.png" />');
    expect(note).not.toMatch(/javascript|script>|onerror|onload|data:|jav/i);
  });
});
