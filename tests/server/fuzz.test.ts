// @vitest-environment node
// A bounded fuzz of every endpoint family (login, generic create / update / delete / batch
// update / batch delete, list queries, the public message submission, upload, import) with
// hostile values: numbers past int4, NUL characters, dates PostgreSQL has not got, JSON nested
// past the limit, arrays and objects where one value belongs, bodies of every content type,
// broken multipart. Two properties hold for every request: no 5xx, and the row counts change
// only by what an accepted (2xx) write says it did. The seed is fixed, so a run is repeatable;
// `npm test` makes a few hundred requests, `npm run fuzz` (FUZZ_RUNS) as many as asked.
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile, { type Row } from 'write-excel-file/node';
import type { Resource } from '../../runtime/schema/types.ts';
import { ADMIN_PASSWORD, backends, call, login, startServer, type TestServer } from './harness.ts';
import { rawXlsx } from './rawXlsx.ts';

/** Requests per backend, shared among the families. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 180);
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_501);
/** A family's requests take tens of milliseconds each; a long run needs as long. */
const TIMEOUT = 30_000 + RUNS * 100;

/** Limits that would otherwise turn a long run into 429s and locked accounts. */
const UNLIMITED = {
  lockoutThreshold: 1_000_000,
  addressFailureLimit: 1_000_000,
  loginRequestsPerMinute: 1_000_000,
  publicSubmitLimit: 1_000_000,
  publicSubmitRequestsPerMinute: 1_000_000,
};

// ---- values ------------------------------------------------------------------------------

const hugeNumbers = fc.constantFrom(
  2147483648,
  -2147483649,
  2147483647,
  -2147483648,
  1e20,
  -0,
  0,
  1,
  2,
  1.5,
  Number.MAX_SAFE_INTEGER,
  1e308,
);
const numericText = fc.constantFrom(
  '2147483648',
  '-2147483649',
  '2147483647',
  '1e20',
  '1e400',
  'Infinity',
  '-Infinity',
  'NaN',
  '-0',
  '0',
  '1',
  '2',
  '1.5',
  '0x10',
  ' 7 ',
  '',
  '99999999999999999999',
);
const dateText = fc.constantFrom(
  '2026-01-01',
  '0000-01-01',
  '2026-02-30',
  '9999-12-31',
  '10000-01-01',
  '2026-13-01',
  '2026-01-01T00:00:00Z',
  '2026-01-01T00:00:00+16:00',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59-15:00',
  'yesterday',
);
const nulText = fc
  .tuple(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }))
  .map(([a, b]) => `${a}\u0000${b}`);
const text = fc.oneof(
  fc.string({ maxLength: 24 }),
  fc.string({ unit: 'binary', maxLength: 24 }),
  nulText,
  fc.constantFrom(
    'x'.repeat(600),
    '<img src=x onerror=alert(1)>',
    'javascript:alert(1)',
    'https://example.com/a.png',
    '/uploads/0123456789abcdef0123456789abcdef.png',
    'a@b.cn',
    '12345678',
    '\ud800',
  ),
);
const scalar = fc.oneof(
  hugeNumbers,
  fc.double(),
  fc.integer(),
  numericText,
  dateText,
  text,
  fc.boolean(),
  fc.constant(null),
);

/** An object nested `depth` levels deep, built without recursion. */
function nest(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

const value = fc.oneof(
  { weight: 8, arbitrary: scalar },
  { weight: 2, arbitrary: fc.array(scalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 4 }), scalar, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 120 }).map(nest) },
);

/** A body: a valid one to start from (sometimes), with hostile values for known and unknown keys. */
function bodyOf(names: string[], valid: fc.Arbitrary<Record<string, unknown>>) {
  const hostile = fc.dictionary(
    fc.oneof(fc.constantFrom(...names, 'ids', 'id', '__proto__', 'constructor'), fc.string({ maxLength: 6 })),
    value,
    { maxKeys: 4 },
  );
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.tuple(fc.option(valid, { freq: 2 }), hostile).map(([v, h]) => ({ ...v, ...h })),
    },
    { weight: 3, arbitrary: valid },
    { weight: 1, arbitrary: value },
  );
}

// ---- encodings ---------------------------------------------------------------------------

const ENCODINGS = [
  'json',
  'json',
  'form',
  'form',
  'none',
  'empty-json',
  'text',
  'xml',
  'deep-json',
  'broken-json',
  'multipart-no-boundary',
  'json-charset',
] as const;
type Encoding = (typeof ENCODINGS)[number];

function formText(body: unknown): string {
  const params = new URLSearchParams();
  const record = body !== null && typeof body === 'object' && !Array.isArray(body) ? body : { value: body };
  for (const [key, v] of Object.entries(record as Record<string, unknown>)) {
    for (const item of Array.isArray(v) ? v : [v]) {
      params.append(key, item === null ? '' : typeof item === 'object' ? JSON.stringify(item) : String(item));
    }
  }
  return params.toString();
}

function encode(
  body: unknown,
  encoding: Encoding,
  depth: number,
): { payload?: string; headers: Record<string, string> } {
  switch (encoding) {
    case 'json':
      return { payload: JSON.stringify(body) ?? 'null', headers: { 'content-type': 'application/json' } };
    case 'json-charset':
      return {
        payload: JSON.stringify(body) ?? 'null',
        headers: { 'content-type': 'application/json; charset=utf-8' },
      };
    case 'form':
      return { payload: formText(body), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
    case 'none':
      return { headers: {} };
    case 'empty-json':
      return { payload: '', headers: { 'content-type': 'application/json' } };
    case 'text':
      return { payload: formText(body), headers: { 'content-type': 'text/plain' } };
    case 'xml':
      return { payload: '<a/>', headers: { 'content-type': 'application/xml' } };
    case 'deep-json':
      return {
        payload: `{"title":${'['.repeat(depth * 50)}1${']'.repeat(depth * 50)}}`,
        headers: { 'content-type': 'application/json' },
      };
    case 'broken-json':
      return { payload: `${JSON.stringify(body)}}{`, headers: { 'content-type': 'application/json' } };
    case 'multipart-no-boundary':
      return { payload: formText(body), headers: { 'content-type': 'multipart/form-data' } };
  }
}

/** Headers a client chooses and the server reads (the user agent lands in the session row). */
const extraHeaders = fc
  .option(
    fc.record(
      {
        'user-agent': fc.oneof(fc.string({ maxLength: 20 }), nulText, fc.constant('x'.repeat(2000))),
        'accept-language': fc.constantFrom('en', 'zh-CN', 'en-US,en;q=0.9', '', '*', 'en\u0000'),
      },
      { requiredKeys: [] },
    ),
    { freq: 2 },
  )
  .map((headers) => (headers ?? {}) as Record<string, string>);

/** A path segment: mostly hostile, sometimes an id rows the fuzz made may have (never 1, the administrator). */
const pathId = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '-0',
    '1.5',
    '2147483648',
    '1e3',
    '0x10',
    'abc',
    '%00',
    '99999999999999999999',
    '%20%33',
  ),
  fc.integer({ min: 2, max: 40 }).map(String),
);
const idList = fc.oneof(
  fc.array(fc.oneof(pathId, hugeNumbers, fc.integer({ min: 2, max: 40 })), { maxLength: 4 }),
  value,
);

// ---- multipart ---------------------------------------------------------------------------

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const fileName = fc.oneof(
  fc.constantFrom(
    'a.png',
    'a.PNG',
    'a.txt',
    'a.xlsx',
    'a.exe',
    '.png',
    'a',
    '../../x.png',
    'a\u0000.png',
    `${'x'.repeat(400)}.png`,
  ),
  fc.string({ maxLength: 12 }),
);
const declaredType = fc.constantFrom('image/png', 'text/plain', 'application/octet-stream', 'text/html', '');
const bytes = fc.oneof(
  fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b)),
  fc.constant(PNG),
  fc.constant(Buffer.from('hello, plain text\n')),
);

const MULTIPART_SHAPES = [
  'one-file',
  'one-file',
  'no-boundary',
  'wrong-boundary',
  'cut',
  'field-only',
  'two-files',
  'empty',
  'json',
] as const;

function multipartOf(
  shape: (typeof MULTIPART_SHAPES)[number],
  name: string,
  type: string,
  content: Buffer,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = 'fuzzboundary';
  const head = (field: string, file?: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"${file === undefined ? '' : `; filename="${file}"`}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`;
  const part = (field: string, file?: string) =>
    Buffer.concat([Buffer.from(head(field, file)), content, Buffer.from('\r\n')]);
  const end = Buffer.from(`--${boundary}--\r\n`);
  const multipart = { 'content-type': `multipart/form-data; boundary=${boundary}` };
  switch (shape) {
    case 'one-file':
      return { payload: Buffer.concat([part('file', name), end]), headers: multipart };
    case 'no-boundary':
      return {
        payload: Buffer.concat([part('file', name), end]),
        headers: { 'content-type': 'multipart/form-data' },
      };
    case 'wrong-boundary':
      return {
        payload: Buffer.concat([part('file', name), end]),
        headers: { 'content-type': 'multipart/form-data; boundary=another' },
      };
    case 'cut':
      return { payload: Buffer.from(head('file', name)), headers: multipart };
    case 'field-only':
      return { payload: Buffer.concat([part('file'), end]), headers: multipart };
    case 'two-files':
      return { payload: Buffer.concat([part('file', name), part('other', name), end]), headers: multipart };
    case 'empty':
      return { payload: Buffer.alloc(0), headers: multipart };
    case 'json':
      return { payload: Buffer.from('{"file":"x"}'), headers: { 'content-type': 'application/json' } };
  }
}

// ---- the suite ---------------------------------------------------------------------------

interface Probe {
  family: string;
  method: string;
  url: string;
  payload?: string | Buffer;
  headers: Record<string, string>;
  /** false: no session (login, the public service) */
  signedIn: boolean;
  /** the table whose row count an accepted write changes, and by how much given its answer */
  table?: string;
  delta?: (data: any) => number;
}

describe.each(backends)('fuzzed requests on $name', (backend) => {
  let server: TestServer;
  let admin: string;
  let categoryId: number;
  let mailboxTypeId: number;
  let countSql: string;
  const statuses = new Map<number, number>();

  const resource = (name: string): Resource => server.manifest.resources.find((r) => r.name === name)!;
  const countRows = async (): Promise<Record<string, number>> =>
    (await sql.raw<Record<string, number>>(countSql).execute(server.db)).rows[0];

  beforeAll(async () => {
    server = await startServer(backend, UNLIMITED);
    admin = await login(server.app, 'admin', ADMIN_PASSWORD);
    const category = await call(server.app, 'POST', '/api/cms/contentCategorys', {
      token: admin,
      body: { categoryName: '新闻' },
    });
    categoryId = category.body.data.id;
    const mailbox = await call(server.app, 'POST', '/api/cms/mailboxtypes', {
      token: admin,
      body: { typeName: '校长信箱' },
    });
    mailboxTypeId = mailbox.body.data.id;
    // every table but the session bookkeeping, which reads and failed logins write by design
    const tables = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'
        and table_name not in ('sys_sessions', 'sys_login_attempts')
      order by 1`.execute(server.db);
    countSql = `select ${tables.rows.map(({ name }) => `(select count(*)::int from "${name}") as "${name}"`).join(', ')}`;
  });
  afterAll(async () => {
    if (process.env.FUZZ_RUNS) {
      const total = [...statuses.values()].reduce((a, b) => a + b, 0);
      const fives = [...statuses].filter(([s]) => s >= 500).reduce((a, [, n]) => a + n, 0);
      console.log(
        `fuzz on ${backend.name}: ${total} requests, ${fives} answered 5xx; by status ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`,
      );
    }
    await server?.close();
  });

  /** Sends one probe and checks both properties. */
  async function send(probe: Probe, extra: Record<string, string>): Promise<void> {
    const before = await countRows();
    const headers = { ...extra, ...probe.headers, ...(probe.signedIn ? { 'x-token': admin } : {}) };
    const response = await server.app.inject({
      method: probe.method as 'POST',
      url: probe.url,
      payload: probe.payload,
      headers,
    });
    statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    const label = `${probe.method} ${probe.url} ${JSON.stringify(headers)} ${String(probe.payload ?? '').slice(0, 300)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
    expect(response.statusCode, label).toBeLessThan(500);
    // validation refuses bad values itself: the database's refusal (the envelope's safety
    // net, plugins/envelope.ts) answering instead would be a gap in it
    expect(response.body, label).not.toMatch(/a value is out of range or malformed|有值超出范围或格式不正确/);
    const after = await countRows();
    if (response.statusCode >= 200 && response.statusCode < 300 && probe.table) {
      const data = response.json().data;
      expect(after[probe.table] - before[probe.table], label).toBe(probe.delta ? probe.delta(data) : 0);
    } else if (response.statusCode >= 300) {
      expect(after, label).toEqual(before);
    }
  }

  /** Checks `runs` probes of one family with the fixed seed. */
  const fuzz = (arbitrary: fc.Arbitrary<Probe | Promise<Probe>>) =>
    fc.assert(
      fc.asyncProperty(arbitrary, extraHeaders, async (probe, extra) => send(await probe, extra)),
      { seed: SEED, numRuns: Math.max(1, Math.ceil(RUNS / FAMILIES)), endOnFailure: true },
    );
  const FAMILIES = 9;

  /** Valid bodies of each target, so that some writes are accepted and counted. */
  const targets = () => ({
    notes: {
      endpoint: '/api/qa/notes',
      table: 'qa_notes',
      valid: fc.record({
        title: fc.string({ minLength: 1, maxLength: 20 }),
        rating: fc.integer({ min: 0, max: 10 }),
      }),
    },
    users: {
      endpoint: '/api/sys/users',
      table: 'sys_users',
      valid: fc.record({
        userName: fc.stringMatching(/^[a-z]{3,12}$/),
        realName: fc.constant('Fuzz'),
        password: fc.constant('Passw0rd!long'),
      }),
    },
    contents: {
      endpoint: '/api/cms/contents',
      table: 'cms_contents',
      valid: fc.record({
        title: fc.string({ minLength: 1, maxLength: 30 }),
        categoryId: fc.constant(categoryId),
        body: fc.constant('<p>text</p>'),
        publishTime: fc.constant('2026-01-01T08:00:00Z'),
      }),
    },
    mailboxtypes: {
      endpoint: '/api/cms/mailboxtypes',
      table: 'cms_mailboxtypes',
      valid: fc.record({ typeName: fc.string({ minLength: 1, maxLength: 20 }) }),
    },
  });
  type Target = ReturnType<typeof targets>[keyof ReturnType<typeof targets>];
  const names = (endpoint: string) =>
    server.manifest.resources.find((r) => r.endpoint === endpoint)!.fields.map((f) => f.name);

  /** A write of `shape` to one of `which`, in a random encoding. */
  const write = (
    family: string,
    which: Array<keyof ReturnType<typeof targets>>,
    shape: (
      target: Target,
    ) => fc.Arbitrary<Omit<Probe, 'family' | 'headers' | 'signedIn'> & { body: unknown }>,
  ) =>
    fc
      .constantFrom(...which)
      .chain((name) => shape(targets()[name]))
      .chain((request) =>
        fc.tuple(fc.constant(request), fc.constantFrom(...ENCODINGS), fc.integer({ min: 1, max: 200 })),
      )
      .map(
        ([{ body, ...request }, encoding, depth]): Probe => ({
          family,
          signedIn: true,
          ...request,
          ...encode(body, encoding, depth),
        }),
      );

  it(
    'login',
    async () => {
      const valid = fc.record({ userName: fc.constant('admin'), password: fc.constant(ADMIN_PASSWORD) });
      await fuzz(
        fc
          .tuple(
            bodyOf(['userName', 'password'], valid),
            fc.constantFrom(...ENCODINGS),
            fc.integer({ min: 1, max: 200 }),
          )
          .map(([body, encoding, depth]) => ({
            family: 'login',
            method: 'POST',
            url: '/api/sys/login',
            signedIn: false,
            ...encode(body, encoding, depth),
          })),
      );
    },
    TIMEOUT,
  );

  it(
    'generic create',
    async () => {
      await fuzz(
        write('create', ['notes', 'users', 'contents', 'mailboxtypes'], (t) =>
          bodyOf(names(t.endpoint), t.valid).map((body) => ({
            method: 'POST',
            url: t.endpoint,
            body,
            table: t.table,
            delta: () => 1,
          })),
        ),
      );
    },
    TIMEOUT,
  );

  it(
    'generic update and delete of one row',
    async () => {
      await fuzz(
        write('update', ['notes', 'users', 'contents', 'mailboxtypes'], (t) =>
          fc
            .tuple(bodyOf(names(t.endpoint), t.valid), pathId, fc.boolean())
            .map(([body, id, remove]) =>
              remove
                ? { method: 'DELETE', url: `${t.endpoint}/${id}`, body, table: t.table, delta: () => -1 }
                : { method: 'PUT', url: `${t.endpoint}/${id}`, body, table: t.table },
            ),
        ),
      );
    },
    TIMEOUT,
  );

  it(
    'generic batch update and batch delete',
    async () => {
      await fuzz(
        write('batch', ['notes', 'contents'], (t) =>
          fc
            .tuple(bodyOf(names(t.endpoint), fc.constant({ pinned: true })), idList, fc.boolean())
            .map(([body, ids, remove]) => {
              const withIds =
                body !== null && typeof body === 'object' && !Array.isArray(body) ? { ...body, ids } : body;
              return remove
                ? {
                    method: 'DELETE',
                    url: t.endpoint,
                    body: withIds,
                    table: t.table,
                    delta: (d: any) => -d.count,
                  }
                : { method: 'PUT', url: t.endpoint, body: withIds, table: t.table };
            }),
        ),
      );
    },
    TIMEOUT,
  );

  it(
    'list queries, admin and public',
    async () => {
      const endpoints = ['/api/qa/notes', '/api/sys/users', '/api/cms/contents', '/api/cms/reportedmessages'];
      const publicViews = [
        '/api/cms/web/contents',
        '/api/cms/web/reportedmessages',
        '/api/cms/web/mailboxtypes',
      ];
      const keys = fc.oneof(
        fc.constantFrom(
          'page',
          'limit',
          'sort',
          'title',
          'kind',
          'rating',
          'ratingFrom',
          'ratingTo',
          'dueDateFrom',
          'dueDateTo',
          'pinned',
          'reviewerIds',
          'categoryId',
          'status',
          'mailboxTypeId',
          'createTimeFrom',
          'userName',
          'lang',
        ),
        fc.string({ maxLength: 5 }),
      );
      const queryValue = fc.oneof(
        scalar,
        fc.constantFrom('-createTime', 'title', '-id', 'nope', '%zz', '%00', 'a,b,1'),
      );
      await fuzz(
        fc
          .tuple(
            fc.constantFrom(...endpoints, ...publicViews),
            fc.dictionary(keys, fc.oneof(queryValue, fc.array(queryValue, { maxLength: 3 })), { maxKeys: 4 }),
            fc.constantFrom('', '&%zz', '&page=%00', '&a[b]=1', '&=&&'),
          )
          .map(([url, params, raw]) => ({
            family: 'list',
            method: 'GET',
            url: `${url}?${formText(params)}${raw}`,
            headers: {},
            signedIn: !url.startsWith('/api/cms/web'),
          })),
      );
    },
    TIMEOUT,
  );

  it(
    'public message submission',
    async () => {
      const valid = fc.record({
        mailboxTypeId: fc.constant(mailboxTypeId),
        title: fc.string({ minLength: 1, maxLength: 20 }),
        content: fc.constant('a message long enough'),
        reporterName: fc.constant('Writer'),
        reporterPhone: fc.constant('12345678'),
      });
      const fields = [
        'mailboxTypeId',
        'title',
        'content',
        'reporterName',
        'reporterPhone',
        'reporterEmail',
        'allowPublic',
        'status',
      ];
      await fuzz(
        fc
          .tuple(bodyOf(fields, valid), fc.constantFrom(...ENCODINGS), fc.integer({ min: 1, max: 200 }))
          .map(([body, encoding, depth]) => ({
            family: 'submit',
            method: 'POST',
            url: '/api/cms/web/reportedmessages',
            signedIn: false,
            table: 'cms_reportedmessages',
            delta: () => 1,
            ...encode(body, encoding, depth),
          })),
      );
    },
    TIMEOUT,
  );

  it(
    'upload',
    async () => {
      await fuzz(
        fc
          .tuple(fc.constantFrom(...MULTIPART_SHAPES), fileName, declaredType, bytes)
          .map(([shape, name, type, content]) => ({
            family: 'upload',
            method: 'POST',
            url: '/api/common/upload',
            signedIn: true,
            table: 'sys_files',
            delta: () => 1,
            ...multipartOf(shape, name, type, content),
          })),
      );
    },
    TIMEOUT,
  );

  it(
    'import',
    async () => {
      const notes = resource('notes');
      const header = fc.array(
        fc.oneof(
          fc.constantFrom(...notes.fields.map((f) => f.name), ...notes.fields.map((f) => f.title.zh), 'ID'),
          fc.string({ maxLength: 6 }),
        ),
        { minLength: 1, maxLength: 5 },
      );
      const cell = fc.oneof(
        fc.constantFrom(2147483648, 1e20, -0, 1.5, 0, 3, true, false, null),
        // a number formatted as a date: past any calendar, it reads as an Invalid Date
        fc
          .constantFrom(1e300, -1e300, 1e7, 45000, -1)
          .map((value) => ({ value, type: Number, format: 'yyyy-mm-dd' })),
        numericText,
        dateText,
        fc.string({ maxLength: 12 }),
      );
      const sheet = fc.tuple(header, fc.array(fc.array(cell, { maxLength: 5 }), { maxLength: 4 }));
      // a crafted sheet: cell text put into its XML as is, entities such as &#0; (NUL) included
      const rawCell = fc.oneof(
        fc.constantFrom('&#0;', 'ad&#0;min', '&amp;', '&#xD800;', '<b>', '2147483648', '1', 'admin', '标题'),
        fc.string({ maxLength: 8 }),
      );
      const rawSheet = fc.tuple(header, fc.array(fc.array(rawCell, { maxLength: 5 }), { maxLength: 4 }));
      // and sheets an import accepts, so that accepted writes are counted too
      const validSheet = fc
        .array(fc.tuple(fc.stringMatching(/^[a-z]{1,20}$/), fc.integer({ min: 0, max: 10 })), {
          minLength: 1,
          maxLength: 3,
        })
        .map((rows): [Row, Row[]] => [['title', 'rating'], rows]);
      await fuzz(
        fc
          .tuple(
            fc.oneof(
              { weight: 3, arbitrary: sheet.map((rows) => ({ rows, raw: false })) },
              { weight: 1, arbitrary: validSheet.map((rows) => ({ rows, raw: false })) },
              { weight: 2, arbitrary: rawSheet.map((rows) => ({ rows, raw: true })) },
              { weight: 1, arbitrary: fc.constant(null) },
            ),
            fc.constantFrom(...MULTIPART_SHAPES),
            declaredType,
            bytes,
          )
          .map(async ([sheet, shape, type, content]): Promise<Probe> => {
            // a workbook of hostile cells, or whatever bytes the shape carries
            const workbook = !sheet
              ? content
              : sheet.raw
                ? rawXlsx([sheet.rows[0], ...sheet.rows[1]] as string[][])
                : await writeXlsxFile([sheet.rows[0], ...sheet.rows[1]] as Row[])
                    .toBuffer()
                    .catch(() => content);
            return {
              family: 'import',
              method: 'POST',
              url: '/api/qa/notes/import',
              signedIn: true,
              table: 'qa_notes',
              delta: (d: { count: number }) => d.count,
              ...multipartOf(sheet ? 'one-file' : shape, 'notes.xlsx', type, workbook),
            };
          }),
      );
    },
    TIMEOUT,
  );

  it(
    'an answer for every kind of body on an action route',
    async () => {
      // the custom actions read bodies too: a row action and a batch action with a form
      await fuzz(
        fc
          .tuple(
            bodyOf(['rating', 'ids'], fc.record({ rating: fc.integer({ min: 0, max: 10 }) })),
            idList,
            pathId,
            fc.boolean(),
          )
          .chain(([body, ids, id, batch]) =>
            fc.tuple(
              fc.constant({ body, ids, id, batch }),
              fc.constantFrom(...ENCODINGS),
              fc.integer({ min: 1, max: 200 }),
            ),
          )
          .map(([{ body, ids, id, batch }, encoding, depth]) => {
            const withIds =
              batch && body !== null && typeof body === 'object' && !Array.isArray(body)
                ? { ...body, ids }
                : body;
            return {
              family: 'action',
              method: 'PUT',
              url: batch ? '/api/qa/notes/review' : `/api/qa/notes/archive/${id}`,
              signedIn: true,
              table: 'qa_notes',
              ...encode(withIds, encoding, depth),
            };
          }),
      );
    },
    TIMEOUT,
  );
});
