// One database code path for both backends: Kysely's PostgresDialect over a pg.Pool, built
// from DATABASE_URL for a real PostgreSQL or from PGlite's node-postgres adapter for the
// embedded default. Only the pool's origin differs; every query below this file is the same.
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './tables.ts';

export interface DatabaseHandle {
  db: Kysely<Database>;
  backend: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** postgres://… ; unset means PGlite */
  url?: string;
  /** PGlite data directory; unset means in memory (tests) */
  pgliteDir?: string;
}

const DATE_OID = 1082;
const INT8_OID = 20;

// `date` columns stay the 'YYYY-MM-DD' text the client sent: pg's default turns them into a
// local-midnight Date, which shifts the day in any time zone west of UTC. int8 comes back as a
// number because counts and sums are far below 2^53 and a string would leak into JSON.
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: string) => {
    if (oid === DATE_OID) return (value: string) => value;
    if (oid === INT8_OID) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format as 'text');
  }) as pg.CustomTypesConfig['getTypeParser'],
};

export async function connectDatabase(options: ConnectOptions = {}): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, types, max: 10 });
    // An idle connection the server drops (a restart, an administrator) is an 'error' event on
    // the pool; unheard it would end the process. The pool discards that connection and opens
    // another on the next query, so a warning is all it takes.
    pool.on('error', (error) => {
      process.emitWarning(`database connection lost: ${error.message}`);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, backend: 'postgres', close: () => db.destroy() };
  }
  if (options.pgliteDir) await mkdir(options.pgliteDir, { recursive: true });
  const pglite = options.pgliteDir ? await PGlite.create(options.pgliteDir) : await PGlite.create();
  // PGlite is one connection: a pool of one serialises access, and no idle timeout so the
  // pool never tears the adapter's single connection down and re-opens it.
  const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1, idleTimeoutMillis: 0, types });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    backend: 'pglite',
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}
