// The browser suite's database, for a test that makes its data in bulk with one SQL statement:
// the server's embedded PGlite answers on a Unix socket under its DATA_DIR (docs/server.md,
// "psql on the embedded database"), which pg reaches like any PostgreSQL.
import { join } from 'node:path';
import pg from 'pg';
import { pgliteSocketDir, SOCKET_PORT } from '../../server/db/pgliteServer.ts';

export async function connectDatabase(dataDir: string): Promise<pg.Client> {
  const client = new pg.Client({
    host: pgliteSocketDir(join(dataDir, 'pglite')),
    port: SOCKET_PORT,
    user: 'postgres',
    database: 'postgres',
  });
  await client.connect();
  return client;
}
