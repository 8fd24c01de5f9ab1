// `npm run dev`: Vite's dev server for the app with the API behind it (vite.config.ts proxies
// /api, /common and /uploads to PORT). Saving a schema reloads the API with the new manifest,
// rewrites generated/manifest.json and reloads the open page, which reads its resources from the
// API; a schema problem shows in the page as Vite's error overlay with file:line:col, and the
// last good API keeps serving.
import { readFile, writeFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { createServer, type ErrorPayload } from 'vite';
import { isSchemaFile } from '../runtime/schema/load.ts';
import { serializeManifest } from '../runtime/schema/manifest.ts';
import { databaseLabel, listenUrl, startBanner } from './banner.ts';
import { readConfig } from './config.ts';
import { LiveApi } from './dev/liveApi.ts';
import { overlayPayload } from './dev/overlay.ts';
import { loadManifest, openDatabase } from './start.ts';

const manifestFile = resolve('generated/manifest.json');

/** Writes the file when its text differs; says whether it did. */
async function writeIfChanged(file: string, text: string): Promise<boolean> {
  const old = await readFile(file, 'utf8').catch(() => undefined);
  if (old === text) return false;
  await writeFile(file, text);
  return true;
}

async function main(): Promise<void> {
  const config = readConfig(process.env);
  const { schemaDir } = config;
  const database = await openDatabase(config);
  const api = new LiveApi(database, config, { logger: { level: process.env.LOG_LEVEL || 'warn' } });
  const vite = await createServer({
    server: { port: Number(process.env.VITE_PORT || 5173), host: config.host },
  });
  let lastError: ErrorPayload | undefined;
  let loaded = false;

  const reload = async () => {
    try {
      const manifest = await loadManifest(schemaDir);
      const changed = await writeIfChanged(manifestFile, serializeManifest(manifest));
      const { seed, tableChanges } = await api.load(manifest);
      if (!loaded) {
        process.stdout.write(
          startBanner({
            url: `${listenUrl(config.host, config.port)} (API)`,
            database: databaseLabel(config.databaseUrl, resolve(config.dataDir, 'pglite')),
            tableChanges,
            seed,
          }),
        );
      } else if (tableChanges.length > 0) {
        process.stdout.write(`resource tables: ${tableChanges.join('\n  ')}\n`);
      }
      // the page holds the manifest it fetched at sign-in: a new one needs a fresh page
      if (loaded && (changed || lastError)) vite.ws.send({ type: 'full-reload' });
      loaded = true;
      lastError = undefined;
    } catch (error) {
      lastError = overlayPayload(error);
      process.stderr.write(`${lastError.err.message}\n`);
      vite.ws.send(lastError);
    }
  };

  await reload();
  // a page opened (or reloaded) while the schemas are broken still gets the overlay
  vite.ws.on('connection', () => {
    if (lastError) vite.ws.send(lastError);
  });
  let timer: NodeJS.Timeout | undefined;
  vite.watcher.add(schemaDir);
  vite.watcher.on('all', (_event, file) => {
    if (relative(schemaDir, file).startsWith('..') || !isSchemaFile(file)) return;
    clearTimeout(timer);
    // an editor's save is often several writes; rebuild once they settle
    timer = setTimeout(reload, 150);
  });

  await vite.listen();
  vite.printUrls();
  const stop = async () => {
    await vite.close();
    await api.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error) => {
  process.stderr.write(
    `schema-admin dev failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
