// The server as `npm run serve` starts it, in a child process on a free port with an empty data
// directory of its own: the browser suite's server, and any other a test needs (another schema folder).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../fixtures/freePort.ts';

export interface ServerProcess {
  baseUrl: string;
  /** its DATA_DIR: the embedded database's socket lies under it (a test's way in with SQL) */
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts the server and waits until it serves the app; `env` adds to the environment
 * (ADMIN_PASSWORD, SCHEMA_DIR). `ready` is the path that must answer: `/` needs the built app,
 * a test of the API alone waits for `/api/openapi.json`.
 */
export async function startServerProcess(env: Record<string, string>, ready = '/'): Promise<ServerProcess> {
  const dataDir = await mkdtemp(join(tmpdir(), 'schema-admin-e2e-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
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
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`server exited early:\n${output}`);
    }
    try {
      const res = await fetch(`${baseUrl}${ready}`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not start in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { baseUrl, dataDir, stop };
}
