// The servers the API benchmark measures, in a process of their own so that the load it sends
// does not share their event loop: the real app (buildApp over the schemas, as `npm start` serves
// it) and the hand-written route (handwritten.ts), both over the database DATABASE_URL names.
// Prints one line of JSON with their ports once both listen; answers each line "cpu" on its
// input with its CPU time so far (user + system, ms); stops on SIGTERM.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { buildApp } from '../server/app.ts';
import { connectDatabase } from '../server/db/connect.ts';
import { loadManifest } from '../server/start.ts';
import { buildHandwritten } from './handwritten.ts';

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set');
  const manifest = await loadManifest('schemas');
  const database = await connectDatabase({ url });
  const dataDir = await mkdtemp(join(tmpdir(), 'schema-admin-bench-'));
  const generic = await buildApp({ db: database.db, manifest, dataDir });
  const handwritten = await buildHandwritten(url);
  await generic.listen({ host: '127.0.0.1', port: 0 });
  await handwritten.app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app: typeof generic) => (app.server.address() as { port: number }).port;
  console.log(JSON.stringify({ generic: port(generic), handwritten: port(handwritten.app) }));
  createInterface({ input: process.stdin }).on('line', (line) => {
    if (line.trim() !== 'cpu') return;
    const { user, system } = process.cpuUsage();
    console.log(JSON.stringify({ cpuMs: (user + system) / 1000 }));
  });
  process.on('SIGTERM', async () => {
    await generic.close();
    await handwritten.close();
    await database.close();
    process.exit(0);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
