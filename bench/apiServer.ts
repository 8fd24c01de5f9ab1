// One of the servers the API benchmark measures, in a process of its own so that the load it
// sends does not share their event loop: `generic`, the real app (buildApp over the schemas, as
// `npm start` serves it), or `handwritten`, the hand-written route (handwritten.ts), over the
// database DATABASE_URL names. bench/api.ts runs this file built with the server's own esbuild
// options (build/server.ts), as `npm start` runs the server. Prints one line of JSON with its
// port once it listens; answers each line "cpu" on its input with its CPU time so far (user +
// system, ms); stops on SIGTERM.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { buildApp } from '../server/app.ts';
import { connectDatabase } from '../server/db/connect.ts';
import { loadManifest } from '../server/start.ts';
import { buildHandwritten } from './handwritten.ts';

async function startGeneric(url: string): Promise<{ port: number; close(): Promise<void> }> {
  const manifest = await loadManifest('schemas');
  const database = await connectDatabase({ url });
  const dataDir = await mkdtemp(join(tmpdir(), 'schema-admin-bench-'));
  const app = await buildApp({ db: database.db, manifest, dataDir });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    port: (app.server.address() as { port: number }).port,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

async function startHandwritten(url: string): Promise<{ port: number; close(): Promise<void> }> {
  const handwritten = await buildHandwritten(url);
  await handwritten.app.listen({ host: '127.0.0.1', port: 0 });
  return { port: (handwritten.app.server.address() as { port: number }).port, close: handwritten.close };
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set');
  const kind = process.argv[2];
  if (kind !== 'generic' && kind !== 'handwritten')
    throw new Error('say which server: generic or handwritten');
  const server = kind === 'generic' ? await startGeneric(url) : await startHandwritten(url);
  console.log(JSON.stringify({ port: server.port }));
  createInterface({ input: process.stdin }).on('line', (line) => {
    if (line.trim() !== 'cpu') return;
    const { user, system } = process.cpuUsage();
    console.log(JSON.stringify({ cpuMs: (user + system) / 1000 }));
  });
  process.on('SIGTERM', async () => {
    await server.close();
    process.exit(0);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
