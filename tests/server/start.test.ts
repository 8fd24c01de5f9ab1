// @vitest-environment node
import { cp, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { helpText, readConfig } from '../../server/config.ts';
import { SchemaProblemsError, startServer } from '../../server/start.ts';
import { call, TEST_SECURITY } from './harness.ts';

describe('starting the server on a data directory', () => {
  const dirs: string[] = [];
  const tempDir = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'schema-admin-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('reads its configuration from the environment with working defaults, and lists it in --help', () => {
    const config = readConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: undefined,
      adminPassword: undefined,
    });
    expect(config.dataDir).toBe(resolve('.data'));
    expect(config.schemaDir).toBe(resolve('schemas'));
    expect(readConfig({ SCHEMA_DIR: 'elsewhere/schemas' }).schemaDir).toBe(resolve('elsewhere/schemas'));
    expect(readConfig({ PORT: '9000', DATABASE_URL: 'postgres://x/y' })).toMatchObject({
      port: 9000,
      databaseUrl: 'postgres://x/y',
    });
    expect(() => readConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    for (const name of ['PORT', 'HOST', 'DATA_DIR', 'SCHEMA_DIR', 'DATABASE_URL', 'ADMIN_PASSWORD'])
      expect(helpText()).toContain(name);
  });

  it('creates the administrator with a generated password on the first start only, and reuses the data after', async () => {
    const dataDir = await tempDir();
    const dist = await tempDir();
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>schema-admin</title>');
    const config = { ...readConfig({ DATA_DIR: dataDir }), port: 0 };
    const first = await startServer(config, { schemaDir: 'schemas', security: TEST_SECURITY });
    expect(first.seed.firstStart).toBe(true);
    // the embedded database runs in its own process; what it wrote outlives it (the second start)
    expect(first.database.process?.pid).toBeGreaterThan(0);
    expect(first.database.process?.pid).not.toBe(process.pid);
    const password = first.seed.admin?.password as string;
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    const login = await call(first.app, 'POST', '/api/sys/login', { body: { userName: 'admin', password } });
    expect(login.body.data.firstlogin).toBe(true);
    await first.app.close();
    await first.database.close();

    const second = await startServer(config, {
      schemaDir: 'schemas',
      staticDir: dist,
      security: TEST_SECURITY,
    });
    // the sample school was written once, on the first start, pictures included
    expect(first.seed.sampleData).toEqual(
      expect.arrayContaining(['contents', 'contentCategorys', 'websites']),
    );
    // each sample picture with its thumbnail and display size, as an upload gets them
    const samples = (await readdir(join(dataDir, 'uploads'))).filter((f) => f.startsWith('sample-'));
    expect(samples.filter((f) => f.endsWith('.png'))).toHaveLength(10);
    expect(samples.filter((f) => f.endsWith('_thumb.webp'))).toHaveLength(10);
    expect(samples.filter((f) => f.endsWith('_display.webp'))).toHaveLength(10);
    expect(second.seed).toEqual({ firstStart: false, menusAdded: [], sampleData: [] });
    expect(second.tableChanges).toEqual([]);
    const again = await call(second.app, 'POST', '/api/sys/login', { body: { userName: 'admin', password } });
    expect(again.status).toBe(200);
    // the built app is served at /, the API beside it
    const page = await second.app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>schema-admin</title>');
    await second.app.close();
    await second.database.close();
    // two starts, each forking the embedded database's process (tsx and PGlite booting there)
  }, 120_000);

  it('refuses to start on schema problems, naming file:line:col', async () => {
    const schemaDir = await tempDir();
    await cp('schemas', schemaDir, { recursive: true });
    await writeFile(
      join(schemaDir, 'sys', 'broken.yaml'),
      'resource: broken\nmodule: sys\nfields:\n  a: { type: nope }\n',
    );
    const config = { ...readConfig({ DATA_DIR: await tempDir() }), port: 0 };
    const failure = startServer(config, { schemaDir });
    await expect(failure).rejects.toBeInstanceOf(SchemaProblemsError);
    await expect(failure).rejects.toThrow(/broken\.yaml:\d+:\d+/);
  });
});
