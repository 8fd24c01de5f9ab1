// A new embedded database starts as a copy of an empty cluster instead of running initdb: in
// PGlite initdb is a second WebAssembly program that takes 4–15 s on the machines of
// docs/benchmarks.md ("The embedded database"), where loading the same cluster from a tarball
// takes about one. The copy is made once per PGlite version, by initdb in a process of its own
// (pgliteTemplateProcess.ts; the memory initdb leaves behind goes with that process), and kept
// in the project's npm cache folder, `node_modules/.cache/schema-admin/`, which `npm ci`
// clears. `npm start` makes it while the app builds (for a new folder), the server before it forks its database
// process, the test suites once before their workers start; every database made after that
// skips initdb. A missing or unreadable copy only means initdb runs as before.
import { execFile, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { siblingEntry } from '../processEntry.ts';

const require = createRequire(import.meta.url);
// the package's own folder, from its entry point (its package.json is not among its exports)
const pglitePackage = join(dirname(require.resolve('@electric-sql/pglite')), '..');
const maker = siblingEntry(import.meta.url, 'pgliteTemplateProcess');

let version: string | undefined;

async function pgliteVersion(): Promise<string> {
  version ??= (JSON.parse(await readFile(join(pglitePackage, 'package.json'), 'utf8')) as { version: string })
    .version;
  return version;
}

/** Where the empty cluster of this PGlite version is kept: beside the package, in npm's cache folder. */
export async function pgliteTemplatePath(): Promise<string> {
  const nodeModules = join(pglitePackage, '..', '..');
  return join(nodeModules, '.cache', 'schema-admin', `pglite-${await pgliteVersion()}-empty.tar.gz`);
}

/** Whether `dataDir` holds no cluster yet (in memory: always), so a copy can fill it. */
export function isNewCluster(dataDir?: string): boolean {
  return !dataDir || !existsSync(join(dataDir, 'PG_VERSION'));
}

/** Whether a server so configured opens a new embedded folder, DATA_DIR/pglite: its first start. */
export function isNewEmbeddedFolder(config: { databaseUrl?: string; dataDir: string }): boolean {
  return !config.databaseUrl && isNewCluster(join(config.dataDir, 'pglite'));
}

/** The kept empty cluster, when there is one. */
export async function readPgliteTemplate(path?: string): Promise<Uint8Array | undefined> {
  try {
    return new Uint8Array(await readFile(path ?? (await pgliteTemplatePath())));
  } catch {
    return undefined;
  }
}

/**
 * Writes the kept empty cluster into the new, empty folder `dataDir` with the system's `tar`
 * (GNU tar, bsdtar, Windows' tar.exe), so the database then opens an existing folder: 0.2–0.4 s,
 * where PGlite loading the tarball itself took about a second more, and grew the process's
 * WebAssembly memory by the cluster's size for good, which made the server start that process
 * a second time (docs/benchmarks.md, "The embedded database"). The copy is written beside the
 * folder and renamed onto it, so the folder is never half written: not by a start that stops
 * midway, nor beside a second server starting on it at the same moment (one rename wins, the
 * other finds a cluster). False, the folder as it was, when there is no copy, no working `tar`
 * or no rename onto a folder (Windows): the caller then loads the copy as before.
 */
export async function extractPgliteTemplate(dataDir: string, templatePath?: string): Promise<boolean> {
  const path = templatePath ?? (await pgliteTemplatePath());
  if (!existsSync(path)) return false;
  const staging = await mkdtemp(`${dataDir}.new-`);
  try {
    const extracted = await new Promise<boolean>((resolve) => {
      execFile('tar', ['-xzf', path, '-C', staging], (error) => resolve(error === null));
    });
    if (!extracted || isNewCluster(staging)) return false;
    // onto the empty folder the caller made: POSIX rename replaces an empty directory whole
    await rename(staging, dataDir);
    return true;
  } catch {
    return false;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * A copy being written lives a second or less; one older than this was left by a start that was
 * killed while writing it (a `finally` runs on neither SIGKILL nor a power cut).
 */
export const STALE_STAGING_MS = 10 * 60_000;

/**
 * Removes the copies beside dataDir that a start killed while writing one left (39 MB each): run on
 * every open of a folder, since the start after a killed one usually comes at once, finds the copy
 * still new, and later starts never write one again.
 */
export async function clearStaleCopies(dataDir: string): Promise<void> {
  const parent = dirname(dataDir);
  const prefix = `${basename(dataDir)}.new-`;
  const names = await readdir(parent).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const left = join(parent, name);
    const since = await stat(left).then(
      (s) => Date.now() - s.mtimeMs,
      () => 0,
    );
    if (since > STALE_STAGING_MS) await rm(left, { recursive: true, force: true });
  }
}

/** Forgets a kept copy PGlite could not start from, so the next start runs initdb and makes another. */
export async function discardPgliteTemplate(path?: string): Promise<void> {
  await rm(path ?? (await pgliteTemplatePath()), { force: true });
}

const making = new Map<string, Promise<void>>();

/**
 * Makes the empty cluster when it is not kept yet (initdb in a process of its own). Never
 * throws: without a copy a new database runs initdb itself, so a failure here (a read-only
 * node_modules, say) costs time, not the start; it is reported as a warning.
 */
export async function ensurePgliteTemplate(given?: string): Promise<void> {
  const path = given ?? (await pgliteTemplatePath());
  if (existsSync(path)) return;
  // one maker a path in this process; callers meanwhile wait for it
  const pending =
    making.get(path) ??
    make(path).finally(() => {
      making.delete(path);
    });
  making.set(path, pending);
  await pending;
}

async function make(path: string): Promise<void> {
  const child = fork(maker.path, [path], {
    execArgv: maker.execArgv,
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const code = await new Promise<number | null>((resolve) => {
    child.once('exit', resolve);
    child.once('error', () => resolve(null));
  });
  if (code !== 0)
    process.emitWarning(
      `the empty embedded database could not be kept for later starts: ${stderr.trim() || `exit ${code}`}`,
    );
}
