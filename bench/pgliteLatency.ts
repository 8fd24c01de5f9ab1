// How long a small request waits while heavy lists run on the embedded database: the server
// (`npm run serve`) on a PGlite folder holding N contents, four list requests over them in
// flight, and beside them a loop of requests that never touch the database (`/`: the built
// page, or the not-found answer when there is no build). Run once with PGlite in the server's
// thread (PGLITE_IN_PROCESS=1) and once in its own process, on copies of one prepared folder.
import { type ChildProcess, spawn } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { connectDatabase } from '../server/db/connect.ts';
import { freePort } from '../tests/fixtures/freePort.ts';

const ROWS = Number(process.argv[2] ?? 100_000);
const ROUNDS = Number(process.argv[3] ?? 3);
const LISTS = 4;
const PASSWORD = 'Bench#2026-pass';

interface Server {
  base: string;
  stop(): Promise<void>;
}

async function serve(dataDir: string, inProcess: boolean): Promise<Server> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'error',
      PGLITE_IN_PROCESS: inProcess ? '1' : '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (d) => {
      output += d;
      if (output.includes('schema-admin is serving')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A folder the server has created its tables in, with ROWS contents and a usable admin. */
async function prepare(): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'schema-admin-bench-'));
  await (await serve(dataDir, false)).stop();
  const database = await connectDatabase({ pgliteDir: join(dataDir, 'pglite') });
  await sql`insert into cms_contents (title, category_id, summary, author, publish_time, status)
    select 'Content ' || g, (select min(id) from cms_content_categorys), repeat('summary ', 20),
      'author ' || (g % 97), now() - make_interval(mins => g), g % 2
    from generate_series(1, ${ROWS}) g`.execute(database.db);
  await sql`update sys_users set firstlogin = false`.execute(database.db);
  await database.close();
  return dataDir;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

async function measure(base: string) {
  const login = await fetch(`${base}/api/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'admin', password: PASSWORD }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  // a sort over every row: the newest first, the order the list opens in
  const list = () =>
    fetch(`${base}/api/cms/contents?page=1&limit=20`, { headers: { 'x-token': token } }).then(async (r) => {
      if (!r.ok) throw new Error(`list: ${r.status} ${await r.text()}`);
      await r.arrayBuffer();
    });
  await list(); // warm-up
  const small: number[] = [];
  const lists: number[] = [];
  let status = 0;
  for (let round = 0; round < ROUNDS; round++) {
    let running = true;
    const started = performance.now();
    const heavy = Promise.all(
      Array.from({ length: LISTS }, () => list().then(() => lists.push(performance.now() - started))),
    ).finally(() => {
      running = false;
    });
    while (running) {
      const t = performance.now();
      const r = await fetch(`${base}/`);
      await r.arrayBuffer();
      status = r.status;
      small.push(performance.now() - t);
    }
    await heavy;
  }
  small.sort((a, b) => a - b);
  lists.sort((a, b) => a - b);
  return { status, small, lists };
}

const ms = (n: number) => `${Math.round(n)} ms`;

const prepared = await prepare();
const rows: string[] = [];
try {
  for (const inProcess of [true, false]) {
    const dataDir = await mkdtemp(join(tmpdir(), 'schema-admin-bench-'));
    await cp(prepared, dataDir, { recursive: true });
    const server = await serve(dataDir, inProcess);
    try {
      const { status, small, lists } = await measure(server.base);
      rows.push(
        `| ${inProcess ? 'in the server thread' : 'own process'} | ${small.length} × \`/\` (${status}) | ${ms(percentile(small, 50))} | ${ms(percentile(small, 99))} | ${ms(small[small.length - 1] ?? Number.NaN)} | ${ms(percentile(lists, 50))} | ${ms(lists[lists.length - 1] ?? Number.NaN)} |`,
      );
    } finally {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }
} finally {
  await rm(prepared, { recursive: true, force: true });
}
process.stdout.write(
  `${ROWS} contents, ${ROUNDS} rounds of ${LISTS} concurrent lists; load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}\n\n` +
    '| PGlite | small requests | p50 | p99 | max | list p50 | list max |\n|---|---|---|---|---|---|---|\n' +
    `${rows.join('\n')}\n`,
);
