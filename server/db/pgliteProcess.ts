// The embedded database's own process (forked by pgliteServer.ts): opens PGlite on the folder
// given as the first argument and serves it on the Unix socket given as the second, then tells
// the parent it is ready. It stops on SIGTERM, and on its own when the parent goes away, so a
// crashed server never leaves the folder held.
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { createPglite } from './pglite.ts';

const [pgliteDir, socketPath] = process.argv.slice(2);

async function main(): Promise<void> {
  if (!pgliteDir || !socketPath) throw new Error('usage: pgliteProcess.ts <pgliteDir> <socketPath>');
  const db = await createPglite(pgliteDir);
  // Connections: the server's pool of one, the job queue's two (its LISTEN and its queries), a
  // maintainer's psql, the short probe with which a second opener finds the folder held, and
  // during a start the queue's migration pool of two. A slot frees a tick after its client hangs
  // up, and a connection over the limit is refused ("Too many connections"), which a client then
  // meets as a broken pipe: the limit leaves room for those overlapping. A connection costs
  // little here, since pglite-socket runs one query at a time across them all (and keeps an open
  // transaction's queries together).
  const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 10 });
  await server.start();
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await server.stop();
    await db.close();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  // Ctrl-C in a terminal reaches the whole group; the parent decides when this one stops
  process.on('SIGINT', () => {});
  process.on('disconnect', stop);
  process.send?.({ ready: true });
}

main().catch((error) => {
  const message = error instanceof Error ? error.message : String(error);
  process.send?.({ error: message });
  process.stderr.write(`embedded database: ${message}\n`);
  process.exit(1);
});
