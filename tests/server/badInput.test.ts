// @vitest-environment node
// Every kind of bad input a fuzzer once turned into a 500 (numbers past int4, NUL characters,
// JSON nested thousands deep, multipart without a boundary, bodies of no known type, an empty
// create) is a 4xx naming what is wrong, on PGlite and PostgreSQL, and writes nothing.
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import type { Manifest } from '../../runtime/schema/types.ts';
import envelope from '../../server/plugins/envelope.ts';
import {
  ADMIN_PASSWORD,
  backends,
  call,
  login,
  multipart,
  startServer,
  type TestServer,
  testManifest,
  withNotesCopy,
} from './harness.ts';
import { rawXlsx } from './rawXlsx.ts';

const NOTES = '/api/qa/notes';
const WEB = '/api/cms/web';

/** The notes resource once more with every field optional: an empty form is a whole row. */
function withAllOptional(manifest: Manifest): Manifest {
  const grown = withNotesCopy(manifest, 'jottings');
  const jottings = grown.resources.find((r) => r.name === 'jottings')!;
  jottings.fields = jottings.fields.map((f) => ({ ...f, required: false, unique: false }));
  return grown;
}

/** A JSON text nested `depth` levels deep, built without recursion. */
const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe.each(backends)('bad input on $name', (backend) => {
  let server: TestServer;
  let admin: string;
  let mailboxTypeId: number;

  /** Rows of every table but the session bookkeeping, to show that a refusal wrote nothing. */
  const snapshot = async () => {
    const tables = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'
        and table_name not in ('sys_sessions', 'sys_login_attempts')
      order by 1`.execute(server.db);
    const counts: Record<string, number> = {};
    for (const { name } of tables.rows) {
      counts[name] = (
        await sql<{ n: number }>`select count(*)::int as n from ${sql.table(name)}`.execute(server.db)
      ).rows[0].n;
    }
    return counts;
  };

  /** Sends a request and expects the status, the field named in data.errors and nothing written. */
  const refused = async (
    request: { method: string; url: string; payload?: string | Buffer; headers?: Record<string, string> },
    status: number,
    field?: string,
  ) => {
    const before = await snapshot();
    const response = await server.app.inject({
      method: request.method as 'POST',
      url: request.url,
      payload: request.payload,
      headers: { 'x-token': admin, ...request.headers },
    });
    const label = `${request.method} ${request.url} → ${response.statusCode} ${response.body.slice(0, 300)}`;
    expect(response.statusCode, label).toBe(status);
    const body = response.json();
    expect(body.meta.success, label).toBe(false);
    if (field !== undefined) expect(Object.keys(body.data?.errors ?? {}), label).toContain(field);
    expect(await snapshot(), label).toEqual(before);
    return body;
  };
  const json = (method: string, url: string, body: unknown, headers: Record<string, string> = {}) => ({
    method,
    url,
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });
  const form = (method: string, url: string, body: string) => ({
    method,
    url,
    payload: body,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

  beforeAll(async () => {
    server = await startServer(backend, {}, { manifest: withAllOptional(await testManifest()) });
    admin = await login(server.app, 'admin', ADMIN_PASSWORD);
    const mailbox = await call(server.app, 'POST', '/api/cms/mailboxtypes', {
      token: admin,
      body: { typeName: '校长信箱' },
    });
    mailboxTypeId = mailbox.body.data.id;
    const note = await call(server.app, 'POST', NOTES, { token: admin, body: { title: 'kept' } });
    expect(note.status).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
  });

  const HUGE = ['2147483648', '-2147483649', '1e20', 'Infinity', '99999999999999999999'];

  it('refuses numbers past int4 as references, in JSON and in forms, naming the field', async () => {
    for (const value of [2147483648, 1e20, -2147483649]) {
      await refused(json('POST', NOTES, { title: 'n', reviewerIds: [value] }), 400, 'reviewerIds');
      await refused(json('POST', NOTES, { title: 'n', rating: value }), 400, 'rating');
      await refused(
        json('POST', '/api/sys/users', {
          userName: 'bob',
          realName: 'Bob',
          password: 'Passw0rd!long',
          dpmtId: value,
        }),
        400,
        'dpmtId',
      );
    }
    for (const value of [...HUGE, '1.5']) {
      await refused(form('POST', NOTES, `title=n&reviewerIds=${value}`), 400, 'reviewerIds');
      await refused(
        form('POST', '/api/sys/users', `userName=bob&realName=Bob&password=Passw0rd!long&dpmtId=${value}`),
        400,
        'dpmtId',
      );
    }
  });

  it('refuses such numbers as batch ids, page, limit and filters, and answers 404 for such a path id', async () => {
    for (const value of [...HUGE, '-0', '1.5', '0x10']) {
      await refused(json('DELETE', NOTES, { ids: [value] }), 400, 'ids');
      await refused(json('PUT', NOTES, { ids: [value], pinned: true }), 400, 'ids');
      await refused({ method: 'GET', url: `${NOTES}?page=${value}` }, 400, 'page');
      await refused({ method: 'GET', url: `${NOTES}?limit=${value}` }, 400, 'limit');
      await refused({ method: 'GET', url: `${WEB}/contents?page=${value}` }, 400, 'page');
      // a path that names no row is not found, whatever it holds
      await refused({ method: 'GET', url: `${NOTES}/${value}` }, 404);
    }
    // -0 is a fine 0 where a filter takes any whole number
    for (const value of [...HUGE, '1.5', '0x10']) {
      await refused({ method: 'GET', url: `${NOTES}?ratingFrom=${value}` }, 400, 'ratingFrom');
      await refused({ method: 'GET', url: `${NOTES}?reviewerIds=${value}` }, 400, 'reviewerIds');
      await refused(
        { method: 'GET', url: `${WEB}/reportedmessages?mailboxTypeId=${value}` },
        400,
        'mailboxTypeId',
      );
    }
    // the export reads the same parameters from its body, where they may be JSON numbers
    await refused(json('POST', `${NOTES}/export`, { page: 1e20 }), 400, 'page');
    await refused(json('POST', `${NOTES}/export`, { ratingFrom: 1e20 }), 400, 'ratingFrom');
    await refused(json('POST', `${NOTES}/export`, { dueDateFrom: '2026-02-30' }), 400, 'dueDateFrom');
  });

  it('refuses dates PostgreSQL has not got, in bodies and filters', async () => {
    await refused(json('POST', NOTES, { title: 'd', dueDate: '0000-01-01' }), 400, 'dueDate');
    await refused(json('POST', NOTES, { title: 'd', dueDate: '2026-02-30' }), 400, 'dueDate');
    await refused({ method: 'GET', url: `${NOTES}?dueDateFrom=2026-02-30` }, 400, 'dueDateFrom');
    await refused({ method: 'GET', url: `${NOTES}?dueDateTo=0000-01-01` }, 400, 'dueDateTo');
  });

  it('refuses a NUL character in any text, query string, login name or header, in the language asked for', async () => {
    const en = { 'accept-language': 'en' };
    const body = await refused(json('POST', NOTES, { title: 'a\u0000b' }, en), 400, 'title');
    expect(body.data.errors.title).toBe('title must not contain a NUL character (\\u0000)');
    await refused(form('POST', NOTES, 'title=a%00b'), 400, 'title');
    await refused(json('PUT', NOTES, { ids: [1], body: 'x\u0000' }), 400, 'body');
    await refused({ method: 'GET', url: `${NOTES}?title=a%00b` }, 400, 'title');
    await refused({ method: 'GET', url: `${NOTES}?sort=%00` }, 400, 'sort');
    await refused({ method: 'GET', url: '/common/download?fileName=a%00b.png' }, 400, 'fileName');
    await refused(
      json('POST', '/api/sys/login', { userName: 'ad\u0000min', password: 'x' }),
      400,
      'userName',
    );
    await refused(form('POST', '/api/sys/login', 'userName=ad%00min&password=x'), 400, 'userName');
    await refused(
      json(
        'POST',
        '/api/sys/login',
        { userName: 'admin', password: ADMIN_PASSWORD },
        { 'user-agent': 'a\u0000' },
      ),
      400,
      'user-agent',
    );
    await refused(
      json('POST', `${WEB}/reportedmessages`, {
        mailboxTypeId,
        title: 'hi\u0000',
        content: 'a message',
        reporterName: 'X',
        reporterPhone: '12345678',
      }),
      400,
      'title',
    );
  });

  it('refuses an imported cell holding a NUL or a date past any calendar, naming row and field', async () => {
    const upload = (bytes: Buffer) => multipart('notes.xlsx', bytes);
    const nul = upload(
      rawXlsx([
        ['title', 'reviewerIds', 'body'],
        ['t1', 'ad&#0;min', 'x&#0;'],
      ]),
    );
    const body = await refused({ method: 'POST', url: `${NOTES}/import`, ...nul }, 400, '2.reviewerIds');
    expect(body.data.errors['2.body']).toBe('正文不能包含空字符（\\u0000）');
    const sheet = await writeXlsxFile([
      ['title', 'dueDate'],
      ['t2', { value: 1e300, type: Number, format: 'yyyy-mm-dd' }],
    ]).toBuffer();
    await refused({ method: 'POST', url: `${NOTES}/import`, ...upload(sheet) }, 400, '2.dueDate');
  });

  it('refuses JSON nested deeper than 64 levels before anything walks it', async () => {
    const zh = await refused(json('POST', NOTES, `{"title":"x","body":${nested(100_000)}}`), 400, 'body');
    expect(zh.data.errors.body).toBe('请求体的嵌套不能超过 64 层');
    await refused(json('POST', '/api/sys/login', `{"userName":${'['.repeat(100_000)}`), 400, 'body');
    await refused(json('POST', `${WEB}/reportedmessages`, nested(65)), 400, 'body');
    // brackets inside strings are text, not nesting
    const fine = await call(server.app, 'POST', NOTES, {
      token: admin,
      body: { title: 'brackets', body: '['.repeat(150) },
    });
    expect(fine.status).toBe(200);
  });

  it('refuses multipart without a boundary or with a broken one as a 400 on the file', async () => {
    for (const url of ['/api/common/upload', `${NOTES}/import`]) {
      await refused(
        { method: 'POST', url, payload: 'xx', headers: { 'content-type': 'multipart/form-data' } },
        400,
        'file',
      );
      await refused(
        {
          method: 'POST',
          url,
          payload: 'xx',
          headers: { 'content-type': 'multipart/form-data; boundary=zz' },
        },
        400,
        'file',
      );
      const cut = '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG';
      await refused(
        {
          method: 'POST',
          url,
          payload: cut,
          headers: { 'content-type': 'multipart/form-data; boundary=zz' },
        },
        400,
        'file',
      );
    }
    // a part busboy reads as a file for its type alone, without a file name
    const nameless = [
      '--b',
      'Content-Disposition: form-data; name="file"',
      'Content-Type: application/octet-stream',
      '',
      'hello',
      '--b--',
      '',
    ].join('\r\n');
    await refused(
      {
        method: 'POST',
        url: '/api/common/upload',
        payload: nameless,
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
      },
      400,
      'file',
    );
    // a declared image whose bytes are text
    const lying = [
      '--b',
      'Content-Disposition: form-data; name="file"; filename="a.png"',
      'Content-Type: image/png',
      '',
      'hello',
      '--b--',
      '',
    ].join('\r\n');
    await refused(
      {
        method: 'POST',
        url: '/api/common/upload',
        payload: lying,
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
      },
      400,
      'file',
    );
  });

  it('answers a write of no known body type with a 415 that lists the accepted ones', async () => {
    for (const type of ['text/plain', 'application/xml', 'application/octet-stream', undefined]) {
      const body = await refused(
        { method: 'POST', url: NOTES, payload: 'title=x', headers: type ? { 'content-type': type } : {} },
        415,
      );
      expect(body.data.accepted).toEqual([
        'application/json',
        'application/x-www-form-urlencoded',
        'multipart/form-data',
      ]);
    }
    const en = await refused(
      {
        method: 'PUT',
        url: `${NOTES}/1`,
        payload: 'x',
        headers: { 'content-type': 'text/plain', 'accept-language': 'en' },
      },
      415,
    );
    expect(en.meta.message).toMatch(/^unsupported content type; send application\/json/);
  });

  it('answers a value the database refuses with a 400 even where validation missed it', async () => {
    // the safety net under validation: PostgreSQL's data exceptions (class 22) are the client's
    const probe = Fastify();
    await probe.register(envelope);
    probe.get('/int', async () => sql`select ${'2147483648'}::int`.execute(server.db));
    probe.get('/nul', async () => sql`select ${'a\u0000b'}::text`.execute(server.db));
    probe.get('/date', async () => sql`select ${'2026-02-30'}::date`.execute(server.db));
    for (const url of ['/int', '/nul', '/date']) {
      const response = await probe.inject({ url, headers: { 'accept-language': 'en' } });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().meta.message).toBe('a value is out of range or malformed');
    }
    await probe.close();
  });

  it('creates a row of defaults from an empty body when every field is optional, and names what is required otherwise', async () => {
    for (const payload of [undefined, '', '{}']) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/qa/jottings',
        payload,
        headers: {
          'x-token': admin,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toMatchObject({ title: null, kind: 1, pinned: false });
    }
    await refused({ method: 'POST', url: NOTES }, 400, 'title');
    await refused(json('POST', NOTES, ''), 400, 'title');
    await refused(json('POST', '/api/cms/mailboxtypes', '{}'), 400, 'typeName');
  });
});
