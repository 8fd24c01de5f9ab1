// The server as `npm run serve` starts it (the build's, dist-server/), in a child process on a
// free port with an empty data directory of its own: the browser suite's server, and any other a
// test needs (another schema folder).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EMBEDDED_SERVER_NODE_FLAGS } from '../../server/processEntry.ts';
import { freePort } from '../fixtures/freePort.ts';

export interface ServerProcess {
  baseUrl: string;
  /** its DATA_DIR: the embedded database's socket lies under it (a test's way in with SQL) */
  dataDir: string;
  stop(): Promise<void>;
}

/** The build's server's entry (`npm run build`). */
export const BUILT_SERVER_ENTRY = 'dist-server/main.js';
/** The build's server as `npm run serve` runs it on the embedded database: the browser suite's. */
export const BUILT_SERVER = [...EMBEDDED_SERVER_NODE_FLAGS, BUILT_SERVER_ENTRY];
/** The server from its sources through tsx: for a test that runs before the build (`npm test`). */
export const SOURCE_SERVER = ['--import', 'tsx', 'server/main.ts'];

/**
 * Starts the server and waits until it says it serves; `env` adds to the environment
 * (ADMIN_PASSWORD, SCHEMA_DIR).
 */
export async function startServerProcess(
  env: Record<string, string>,
  server: string[] = BUILT_SERVER,
): Promise<ServerProcess> {
  const dataDir = await mkdtemp(join(tmpdir(), 'schema-admin-e2e-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, server, {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  // ready when it says so: the start banner is written once the server listens (server/main.ts)
  const started = await new Promise<boolean>((resolve) => {
    const check = () => {
      if (output.includes('schema-admin is serving')) done(true);
    };
    const exited = () => done(false);
    const done = (ok: boolean) => {
      child.stdout?.off('data', check);
      child.off('exit', exited);
      resolve(ok);
    };
    child.stdout?.on('data', check);
    child.once('exit', exited);
    if (child.exitCode !== null) done(false);
    check();
  });
  if (!started) {
    await stop();
    throw new Error(`server exited early:\n${output}`);
  }
  return { baseUrl, dataDir, stop };
}
