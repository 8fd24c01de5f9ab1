// Shared set-up for the server tests: the real schemas plus a test resource, an app over a
// fresh database, and small helpers to call it. Every suite runs on PGlite in memory; when a
// PostgreSQL answers at 127.0.0.1:5432 it also runs on a fresh database there.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { loadSchemaTexts, type SchemaText } from '../../runtime/schema/load.ts';
import { buildManifest } from '../../runtime/schema/manifest.ts';
import type { Manifest } from '../../runtime/schema/types.ts';
import { buildApp } from '../../server/app.ts';
import { hashPassword } from '../../server/auth/password.ts';
import { prepareChangeStamps } from '../../server/db/changeStamps.ts';
import { connectDatabase, type DatabaseHandle } from '../../server/db/connect.ts';
import { migrateSystemTables } from '../../server/db/migrate.ts';
import { syncResourceTables } from '../../server/db/syncTables.ts';
import type { Db } from '../../server/db/tables.ts';
import { DiskStorage } from '../../server/files/storage/diskStorage.ts';
import { PostgresStorage } from '../../server/files/storage/postgresStorage.ts';
import type { FileStorage, StorageDriver } from '../../server/files/storage/types.ts';
import type { SecurityConfig } from '../../server/security.ts';
import { type SeedResult, seedDatabase } from '../../server/seed/seed.ts';

export const ADMIN_PASSWORD = 'Admin#2026-pass';

/**
 * vi.waitFor's options for a wait on an event (a file removed, a lock taken): its default gives
 * up after 1 s, which a loaded machine overruns. Only the ceiling for one that never comes, half
 * the test timeout, as tests/setup.ts sets for Testing Library's waits.
 */
export const UNTIL_EVENT = { timeout: 60_000, interval: 20 } as const;

/** A cheaper scrypt cost than production's so a suite of logins runs in seconds; same code path. */
export const TEST_SECURITY: Partial<SecurityConfig> = {
  scrypt: { N: 2 ** 12, r: 8, p: 1 },
  loginRequestsPerMinute: 10_000,
  addressFailureLimit: 10_000,
  // every injected request comes from 127.0.0.1; the limit's own test uses other addresses
  publicSubmitLimit: 10_000,
  publicSubmitRequestsPerMinute: 10_000,
};

async function schemaTexts(dir: string, prefix = ''): Promise<SchemaText[]> {
  const entries = await readdir(dir, { recursive: true });
  return Promise.all(
    entries
      .filter((p) => p.endsWith('.yaml'))
      .sort()
      .map(async (p) => ({ path: `${prefix}${p}`, text: await readFile(join(dir, p), 'utf8') })),
  );
}

/** The project's schemas plus tests/server/fixtures. */
export async function testManifest(extraDirs: string[] = ['tests/server/fixtures']): Promise<Manifest> {
  const texts = [
    ...(await schemaTexts('schemas')),
    ...(await Promise.all(extraDirs.map((dir) => schemaTexts(dir, 'fixtures/')))).flat(),
  ];
  const { resources, menuGroups, problems } = loadSchemaTexts(texts, '.');
  if (problems.length > 0) throw new Error(`schema problems: ${JSON.stringify(problems, null, 2)}`);
  return buildManifest(resources, menuGroups);
}

/** The manifest plus a copy of the `notes` test resource under another name (a schema added later). */
export function withNotesCopy(manifest: Manifest, name: string): Manifest {
  const notes = manifest.resources.find((r) => r.name === 'notes')!;
  const copy = {
    ...notes,
    name,
    table: `qa_${name}`,
    endpoint: `/api/qa/${name}`,
    route: `/qa/${name}`,
    actions: notes.actions.map((a) => ({
      ...a,
      path: a.path.replace('/api/qa/notes', `/api/qa/${name}`),
      permission: a.permission.replace(':notes:', `:${name}:`),
    })),
  };
  return { ...manifest, resources: [...manifest.resources, copy] };
}

export interface Backend {
  name: string;
  /** a fresh, empty database and a way to throw it away; `url` reaches it from another pool */
  open(): Promise<{ handle: DatabaseHandle; dispose(): Promise<void>; url?: string }>;
}

/** A fresh, empty database of `backend` for `body`, thrown away after it whatever happens. */
export async function withDatabase(backend: Backend, body: (db: Db) => Promise<void>): Promise<void> {
  const { handle, dispose } = await backend.open();
  try {
    await body(handle.db);
  } finally {
    await dispose();
  }
}

async function postgresAdminUrl(): Promise<string | undefined> {
  for (const user of ['root', 'postgres']) {
    const url = `postgres://${user}@127.0.0.1:5432/test`;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      await client.query('select 1');
      return url;
    } catch {
      // not reachable or not this user: try the next, then run on PGlite only
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  return undefined;
}

const pglite: Backend = {
  name: 'pglite',
  async open() {
    const handle = await connectDatabase();
    return { handle, dispose: () => handle.close() };
  },
};

function postgres(adminUrl: string): Backend {
  return {
    name: 'postgresql',
    async open() {
      const name = `sa_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = adminUrl.replace(/\/test$/, `/${name}`);
      const handle = await connectDatabase({ url });
      return {
        handle,
        url,
        async dispose() {
          await handle.close();
          const drop = new pg.Client({ connectionString: adminUrl });
          await drop.connect();
          await drop.query(`drop database if exists ${name} with (force)`);
          await drop.end();
        },
      };
    },
  };
}

const adminUrl = await postgresAdminUrl();
/** PGlite always; PostgreSQL when it answers. */
export const backends: Backend[] = adminUrl ? [pglite, postgres(adminUrl)] : [pglite];

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  manifest: Manifest;
  seed: SeedResult;
  /** DATA_DIR of this server: a fresh temporary folder, removed by close() */
  dataDir: string;
  /** the database's address on PostgreSQL (another pool, as another process has); unset on PGlite */
  url?: string;
  /** builds another app over the same database (another process, other settings or schemas) */
  reopen(security?: Partial<SecurityConfig>, manifest?: Manifest): Promise<FastifyInstance>;
  close(): Promise<void>;
}

export interface ServerOptions {
  /** write the sample school at the first start (default false: suites start from an empty CMS) */
  sampleData?: boolean;
  /** default: the project's schemas plus tests/server/fixtures */
  manifest?: Manifest;
  /** where stored files' bytes live (default disk: the tests that plant files in DATA_DIR) */
  storage?: StorageDriver;
}

export async function startServer(
  backend: Backend,
  security: Partial<SecurityConfig> = {},
  options: ServerOptions = {},
): Promise<TestServer> {
  const manifest = options.manifest ?? (await testManifest());
  const { handle, dispose, url } = await backend.open();
  const dataDir = await mkdtemp(join(tmpdir(), 'schema-admin-test-'));
  await migrateSystemTables(handle.db);
  await syncResourceTables(handle.db, manifest);
  // as the server does: the embedded database keeps change stamps and its lists' totals by them
  const countCache = await prepareChangeStamps(handle.db, handle.backend);
  const merged = { ...TEST_SECURITY, ...security };
  const storage: FileStorage =
    options.storage === 'database' ? new PostgresStorage(handle.db) : new DiskStorage(dataDir);
  const seed = await seedDatabase(handle.db, manifest, {
    adminPassword: ADMIN_PASSWORD,
    scrypt: merged.scrypt!,
    sampleData: options.sampleData ?? false,
    storage,
  });
  const apps: FastifyInstance[] = [];
  const open = async (extra: Partial<SecurityConfig> = {}, other = manifest) => {
    const app = await buildApp({
      db: handle.db,
      manifest: other,
      dataDir,
      storage,
      security: { ...merged, ...extra },
      countCache,
    });
    apps.push(app);
    return app;
  };
  const app = await open();
  return {
    app,
    db: handle.db,
    manifest,
    seed,
    dataDir,
    url,
    reopen: open,
    async close() {
      for (const a of apps) await a.close();
      await dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Call {
  token?: string;
  body?: unknown;
  /** send the body form-encoded, as the app does */
  form?: boolean;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** the caller's address (default 127.0.0.1) */
  remoteAddress?: string;
}

export interface Answer<T = any> {
  status: number;
  body: { meta: { success: boolean; message: string }; data: T };
  headers: Record<string, unknown>;
  raw: Buffer;
}

export async function call<T = any>(
  app: FastifyInstance,
  method: string,
  url: string,
  options: Call = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers['x-token'] = options.token;
  let payload: string | undefined;
  if (options.body !== undefined) {
    if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(options.body as Record<string, unknown>)) {
        for (const item of Array.isArray(value) ? (value.length ? value : ['']) : [value])
          params.append(key, String(item));
      }
      payload = params.toString();
    } else {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(options.body);
    }
  }
  const response = await app.inject({
    method: method as 'GET',
    url,
    headers,
    payload,
    query: options.query,
    remoteAddress: options.remoteAddress,
  });
  // a 304 keeps the content type but has no body
  const isJson = String(response.headers['content-type'] ?? '').includes('json') && response.body.length > 0;
  return {
    status: response.statusCode,
    body: isJson ? response.json() : (undefined as never),
    headers: response.headers,
    raw: response.rawPayload,
  };
}

export async function login(app: FastifyInstance, userName: string, password: string): Promise<string> {
  const answer = await call(app, 'POST', '/api/sys/login', { body: { userName, password }, form: true });
  if (answer.status !== 200)
    throw new Error(`login ${userName} failed: ${answer.status} ${answer.body.meta.message}`);
  return answer.body.data.token;
}

/** A user with the given roles (by key) and a known password, created directly in the database. */
export async function createUser(
  server: TestServer,
  userName: string,
  roleKeys: string[],
  password = 'Passw0rd!long',
  firstlogin = false,
): Promise<{ id: number; password: string }> {
  const user = await server.db
    .insertInto('sys_users')
    .values({
      user_name: userName,
      real_name: userName,
      password: await hashPassword(password, TEST_SECURITY.scrypt!),
      firstlogin,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const key of roleKeys) {
    const role = await server.db
      .selectFrom('sys_roles')
      .select('id')
      .where('role_key', '=', key)
      .executeTakeFirstOrThrow();
    await server.db.insertInto('sys_user_roles').values({ user_id: user.id, role_id: role.id }).execute();
  }
  return { id: user.id, password };
}

/** Makes the most recent session of a user look `ms` older (idle) without waiting. */
export async function ageSessions(db: Db, userId: number, column: 'last_seen_at' | 'expires_at', ms: number) {
  await db
    .updateTable('sys_sessions')
    .set({ [column]: sql`${sql.ref(column)} - ${ms} * interval '1 millisecond'` })
    .where('user_id', '=', userId)
    .execute();
}

/** A multipart body with one file part, as a browser's FormData sends it. */
export function multipart(fileName: string, bytes: Buffer, type = 'application/octet-stream') {
  const boundary = '----schema-admin-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POSTs one file as multipart to `url`. */
export async function postFile(
  app: FastifyInstance,
  url: string,
  token: string | undefined,
  fileName: string,
  bytes: Buffer,
  extraHeaders: Record<string, string> = {},
): Promise<{ status: number; body: Answer['body'] }> {
  const { payload, headers } = multipart(fileName, bytes);
  const response = await app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, ...extraHeaders, ...(token ? { 'x-token': token } : {}) },
  });
  return { status: response.statusCode, body: response.json() };
}
