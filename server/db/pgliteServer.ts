// The embedded database in its own process: PGlite runs its queries synchronously in the thread
// that owns it, so in the server's thread one heavy list would hold every other request, static
// files included. The server forks pgliteProcess.ts, which serves the folder over a Unix socket
// beside it (pglite-socket, the PostgreSQL wire protocol), and talks to it with pg like to any
// PostgreSQL. The socket doubles as the folder's lock and as the maintainer's way in with psql.
import { type ChildProcess, fork } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { DATABASE_NODE_FLAGS, siblingEntry } from '../processEntry.ts';

/** psql names a socket `<dir>/.s.PGSQL.<port>`; the same name lets `psql -h <dir>` find it. */
export const SOCKET_PORT = 5432;
const SOCKET_NAME = `.s.PGSQL.${SOCKET_PORT}`;
/** sun_path holds 104 bytes on macOS, 108 on Linux */
const SOCKET_PATH_MAX = 100;
/** how long a stopping child may take to close PGlite cleanly before it is killed */
const STOP_GRACE_MS = 10_000;

const entry = siblingEntry(import.meta.url, 'pgliteProcess', DATABASE_NODE_FLAGS);

export function pgliteSocketDir(pgliteDir: string): string {
  return `${pgliteDir}-socket`;
}

const socketPath = (pgliteDir: string) => `${pgliteSocketDir(pgliteDir)}/${SOCKET_NAME}`;

export function psqlCommand(pgliteDir: string): string {
  return `psql -h ${pgliteSocketDir(pgliteDir)} -p ${SOCKET_PORT} -U postgres postgres`;
}

/** Whether something answers on the folder's socket: a server holds the folder. */
function answers(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(path);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** The error to refuse a second opener with while a running server holds pgliteDir, if one does. */
export async function pgliteHeldError(pgliteDir: string): Promise<Error | undefined> {
  if (!(await answers(socketPath(pgliteDir)))) return undefined;
  return new Error(
    `the database folder ${pgliteDir} is open in a running schema-admin server; stop the server ` +
      `first, or reach the database through it with: ${psqlCommand(pgliteDir)}`,
  );
}

export interface PgliteProcess {
  pid: number;
  /** pg connection settings for the child's socket */
  connection: { host: string; port: number; user: string; database: string };
  psql: string;
  lost: Promise<string>;
  stop(): Promise<void>;
}

type ChildMessage = { ready: true } | { error: string };

const describeExit = (code: number | null, signal: NodeJS.Signals | null) =>
  signal ? `killed by ${signal}` : `exit code ${code}`;

export async function startPgliteProcess(pgliteDir: string): Promise<PgliteProcess> {
  const path = socketPath(pgliteDir);
  if (Buffer.byteLength(path) > SOCKET_PATH_MAX)
    throw new Error(
      `the database socket path ${path} is longer than a Unix socket allows (${SOCKET_PATH_MAX} bytes); choose a shorter DATA_DIR`,
    );
  const held = await pgliteHeldError(pgliteDir);
  if (held) throw held;
  // nothing answers: a socket file left is a crashed server's; only this user may reach the new one
  await rm(path, { force: true });
  await mkdir(pgliteSocketDir(pgliteDir), { recursive: true, mode: 0o700 });

  const child = fork(entry.path, [pgliteDir, path], {
    execArgv: entry.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  await new Promise<void>((resolve, reject) => {
    child.once('message', (message: ChildMessage) => {
      if ('ready' in message) resolve();
      else reject(new Error(`the embedded database did not start: ${message.error}`));
    });
    child.once('error', reject);
    exited.then(({ code, signal }) =>
      reject(new Error(`the embedded database process ended while starting (${describeExit(code, signal)})`)),
    );
  });

  let stopping = false;
  const lost = exited.then(({ code, signal }) =>
    stopping
      ? new Promise<string>(() => {})
      : `the embedded database process ended (${describeExit(code, signal)})`,
  );
  return {
    pid: child.pid as number,
    connection: {
      host: pgliteSocketDir(pgliteDir),
      port: SOCKET_PORT,
      user: 'postgres',
      database: 'postgres',
    },
    psql: psqlCommand(pgliteDir),
    lost,
    stop: async () => {
      stopping = true;
      await stopChild(child, exited);
    },
  };
}

async function stopChild(child: ChildProcess, exited: Promise<unknown>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const killed = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, STOP_GRACE_MS);
  });
  await Promise.race([exited, killed]);
  clearTimeout(timer);
  await exited;
}
