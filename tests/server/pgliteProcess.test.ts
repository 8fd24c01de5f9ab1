// @vitest-environment node
// The embedded database in its own process: the server's thread stays free while PGlite works,
// the folder is held while it runs, and the server stops with the reason when that process dies.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { dbCommand } from '../../cli/commands/db.ts';
import { readConfig } from '../../server/config.ts';
import { connectDatabase } from '../../server/db/connect.ts';
import { migrateSystemTables } from '../../server/db/migrate.ts';
import { pgliteSocketDir } from '../../server/db/pgliteServer.ts';
import { DATABASE_NODE_FLAGS } from '../../server/processEntry.ts';
import { startServer } from '../../server/start.ts';
import { TEST_SECURITY } from './harness.ts';

describe('PGlite in its own process', () => {
  const dirs: string[] = [];
  const tempDir = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'schema-admin-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });
  // each test boots a server and its database process, tsx and PGlite included, on a shared box
  const START_TIMEOUT = 120_000;

  it(
    'answers a static request while a heavy query runs, holds its folder, and lets psql in beside the server',
    async () => {
      const dataDir = await tempDir();
      const dist = await tempDir();
      await writeFile(join(dist, 'index.html'), '<!doctype html><title>schema-admin</title>');
      const config = { ...readConfig({ DATA_DIR: dataDir }), port: 0 };
      const started = await startServer(config, {
        schemaDir: 'schemas',
        staticDir: dist,
        security: TEST_SECURITY,
      });
      const pgliteDir = join(dataDir, 'pglite');
      try {
        expect(started.database.process?.psql).toContain(pgliteSocketDir(pgliteDir));
        // the process runs with its own Node flags (WebAssembly without tier-up: processEntry.ts)
        const cmdline = await readFile(`/proc/${started.database.process?.pid}/cmdline`, 'utf8');
        expect(cmdline.split('\0')).toEqual(expect.arrayContaining(DATABASE_NODE_FLAGS));
        const finished: string[] = [];
        // the query's length is a ceiling on how long the page may take beside it on a loaded
        // machine, not a wait: the page answers in milliseconds when the event loop is free, and
        // an in-process database would hold it for the whole query
        const heavy = sql`select pg_sleep(15)`
          .execute(started.database.db)
          .then(() => finished.push('heavy query'));
        // the page is answered while the database still works on the query
        const page = await started.app.inject({ method: 'GET', url: '/' });
        finished.push('static page');
        expect(page.statusCode).toBe(200);
        await heavy;
        expect(finished).toEqual(['static page', 'heavy query']);

        // a second opener of the folder is refused by name, not let in to corrupt it
        await expect(connectDatabase({ pgliteDir })).rejects.toThrow(
          /is open in a running schema-admin server.*psql -h/,
        );
        // so is `schema-admin db`, with the psql command to use instead
        const quiet = { out: () => {}, err: () => {} };
        await expect(dbCommand('schemas', { DATA_DIR: dataDir }, quiet, { repair: [] })).rejects.toThrow(
          /is open in a running schema-admin server.*psql -h/,
        );
        // the maintainer's psql: a second connection on the socket sees the server's tables
        const client = new pg.Client({
          host: pgliteSocketDir(pgliteDir),
          port: 5432,
          user: 'postgres',
          database: 'postgres',
        });
        client.on('error', () => {}); // a failed assertion below must not leave it to crash the run
        await client.connect();
        const users = await client.query(
          "select count(*)::int as n from sys_users where user_name = 'admin'",
        );
        await client.end();
        expect(users.rows[0].n).toBe(1);
      } finally {
        await started.app.close();
        await started.database.close();
      }
      // closed, the folder is free again for the CLI's in-process PGlite
      const cli = await connectDatabase({ pgliteDir });
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from sys_users`.execute(cli.db);
      expect(rows[0]?.n).toBeGreaterThan(0);
      await cli.close();
    },
    START_TIMEOUT,
  );

  it(
    "holds no more memory after a new folder's first start than after a later start",
    async () => {
      const pgliteDir = join(await tempDir(), 'pglite');
      // the database process's resident memory once the system tables are in (as a start does)
      const residentAfterStart = async () => {
        const database = await connectDatabase({ pgliteDir, pgliteProcess: true });
        try {
          await migrateSystemTables(database.db);
          const status = await readFile(`/proc/${database.process?.pid}/status`, 'utf8');
          return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]);
        } finally {
          await database.close();
        }
      };
      const first = await residentAfterStart();
      const later = await residentAfterStart();
      expect(later).toBeGreaterThan(0);
      // making the cluster grew the first process's WebAssembly memory by about 170 MB, which it
      // never gave back (1.6 times a later start's), until that process was started again
      expect(first / later).toBeLessThan(1.3);
    },
    START_TIMEOUT,
  );

  it(
    'stops the server with the reason and a non-zero exit when the database process dies',
    async () => {
      const dataDir = await tempDir();
      const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'error' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      server.stderr.on('data', (d) => {
        stderr += d;
      });
      const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
      // the banner names the database process
      const pid = await new Promise<number>((resolve, reject) => {
        server.stdout.on('data', (d) => {
          stdout += d;
          const match = /\(process (\d+);/.exec(stdout);
          if (match) resolve(Number(match[1]));
        });
        exited.then(() => reject(new Error(`the server exited before its banner:\n${stdout}${stderr}`)));
      });
      process.kill(pid, 'SIGKILL');
      expect(await exited).toBe(1);
      expect(stderr).toContain('schema-admin stops: the embedded database process ended (killed by SIGKILL)');
    },
    START_TIMEOUT,
  );
});
