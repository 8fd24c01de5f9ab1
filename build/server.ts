// The server as JavaScript (`npm run build`): `npm start` and `npm run serve` run it with plain
// Node, where running the TypeScript needs tsx's loader in the server and again in each process
// it forks, about 50 MB a process and the sources compiled on every first start
// (docs/benchmarks.md, "The embedded database"). Every process the server forks is an entry of
// its own, written beside main.js under its own name, where server/processEntry.ts looks for it;
// shared code goes to chunks in the same folder. Packages stay in node_modules (imported, not
// bundled), so a lazily imported one (sharp, file-type, read-excel-file) still loads only when
// first used.
import { realpathSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const SERVER_OUT_DIR = 'dist-server';

const SERVER_ENTRIES = ['server/main.ts', 'server/db/pgliteProcess.ts', 'server/db/pgliteTemplateProcess.ts'];

/**
 * Bundles the server's entries into `outDir`, emptied first; `entries` for another program that
 * runs the server's code as the build does (bench/api.ts's servers).
 */
export async function buildServer(outDir = SERVER_OUT_DIR, entries = SERVER_ENTRIES): Promise<void> {
  await rm(outDir, { recursive: true, force: true });
  await build({
    entryPoints: entries,
    outdir: outDir,
    entryNames: '[name]',
    chunkNames: '[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    packages: 'external',
    // for a debugger, or `node --enable-source-maps`; plain Node ignores them
    sourcemap: true,
    logLevel: 'warning',
  });
}

if (process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url))
  await buildServer();
