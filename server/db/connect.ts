// One database code path for both backends: Kysely's PostgresDialect over a pg.Pool, built
// from DATABASE_URL for a real PostgreSQL or from PGlite's node-postgres adapter for the
// embedded default. Only the pool's origin differs; every query below this file is the same.
import { mkdir } from 'node:fs/promises';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { registerPool } from './compiledQuery.ts';
import { createPglite } from './pglite.ts';
import { pgliteHeldError, startPgliteProcess } from './pgliteServer.ts';
import {
  clearStaleCopies,
  ensurePgliteTemplate,
  extractPgliteTemplate,
  isNewCluster,
} from './pgliteTemplate.ts';
import type { Database } from './tables.ts';
import { PG_TYPES } from './typeParsers.ts';

export interface DatabaseHandle {
  db: Kysely<Database>;
  backend: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * Only for PGlite in its own process: settles with why, when that process ends without
   * close() having asked it to. The server cannot go on without its database.
   */
  lost?: Promise<string>;
  /** Only for PGlite in its own process: its id and how psql reaches it while it runs. */
  process?: { pid: number; psql: string };
  /**
   * Only for PGlite in this process: its data folder as a gzipped tarball, which
   * `createPglite(dir, tarball)` brings back (the backup `schema-admin db --apply` writes).
   */
  dumpDataDir?: () => Promise<Uint8Array>;
  /**
   * How another pool reaches this database: the job queue's worker (server/jobs/worker.ts).
   * Unset for PGlite in this process, which no other connection can reach.
   */
  connection?: pg.PoolConfig;
}

export interface ConnectOptions {
  /** postgres://… ; unset means PGlite */
  url?: string;
  /** PGlite data directory; unset means in memory (tests) */
  pgliteDir?: string;
  /**
   * Run PGlite on pgliteDir in a child process served over a socket (the server's default), so
   * a heavy query never holds the HTTP event loop. Unset: PGlite in this process (the CLI).
   */
  pgliteProcess?: boolean;
}

export async function connectDatabase(options: ConnectOptions = {}): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, types: PG_TYPES, max: 10 });
    // An idle connection the server drops (a restart, an administrator) is an 'error' event on
    // the pool; unheard it would end the process. The pool discards that connection and opens
    // another on the next query, so a warning is all it takes.
    pool.on('error', (error) => {
      process.emitWarning(`database connection lost: ${error.message}`);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    registerPool(db, pool);
    return {
      db,
      backend: 'postgres',
      close: () => db.destroy(),
      connection: { connectionString: options.url },
    };
  }
  if (options.pgliteDir) {
    await mkdir(options.pgliteDir, { recursive: true });
    await clearStaleCopies(options.pgliteDir);
  }
  let fresh = isNewCluster(options.pgliteDir);
  if (fresh) await ensurePgliteTemplate();
  // a new folder gets the kept cluster written into it, and PGlite opens it as any folder (or
  // a second server starting on it wrote it meanwhile)
  if (fresh && options.pgliteDir) {
    await extractPgliteTemplate(options.pgliteDir);
    fresh = isNewCluster(options.pgliteDir);
  }
  if (options.pgliteDir && options.pgliteProcess) return connectPgliteProcess(options.pgliteDir, fresh);
  // two PGlite instances on one folder corrupt it: refuse while a server holds it
  if (options.pgliteDir) {
    const held = await pgliteHeldError(options.pgliteDir);
    if (held) throw held;
  }
  const pglite = await createPglite(options.pgliteDir);
  // PGlite is one connection: a pool of one serialises access, and no idle timeout so the
  // pool never tears the adapter's single connection down and re-opens it.
  const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1, idleTimeoutMillis: 0, types: PG_TYPES });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  registerPool(db, pool);
  return {
    db,
    backend: 'pglite',
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
    dumpDataDir: async () => new Uint8Array(await (await pglite.dumpDataDir('gzip')).arrayBuffer()),
  };
}

async function connectPgliteProcess(pgliteDir: string, fresh: boolean): Promise<DatabaseHandle> {
  let child = await startPgliteProcess(pgliteDir);
  if (fresh) {
    // Making a cluster (the kept empty one loaded whole, or initdb) grows the process's
    // WebAssembly memory by about 170 MB, which WebAssembly never gives back: started again on the
    // folder now written, the process holds what any later start holds (docs/benchmarks.md,
    // "The embedded database"). It costs the first start about a second.
    await child.stop();
    child = await startPgliteProcess(pgliteDir);
  }
  // pglite-socket answers one query at a time whatever the number of connections, so a second
  // connection would only queue there instead of here; the pool keeps one, leaving the
  // socket's second slot to a maintainer's psql.
  const pool = new pg.Pool({ ...child.connection, max: 1, idleTimeoutMillis: 0, types: PG_TYPES });
  const warn = (error: Error) => process.emitWarning(`embedded database connection lost: ${error.message}`);
  pool.on('error', warn);
  // a connection checked out when the process dies errors on the client, not the pool: unheard,
  // that ends the server before it can say why (the lost promise below says it)
  pool.on('connect', (client) => client.on('error', warn));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  registerPool(db, pool);
  return {
    db,
    backend: 'pglite',
    lost: child.lost,
    process: { pid: child.pid, psql: child.psql },
    connection: child.connection,
    close: async () => {
      await db.destroy();
      await child.stop();
    },
  };
}
