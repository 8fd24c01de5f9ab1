// The embedded database under load (docs/benchmarks.md, "The embedded database"): the server
// (`npm run serve`: the build's dist-server/main.js, so `npm run build` first; `--from-source`
// runs server/main.ts through tsx instead, to compare) on a PGlite folder holding N bench contents (bench/data.ts's rows, the same
// as the PostgreSQL database bench_<N>), measured four ways:
// - the first start of an empty folder (initdb or the kept empty cluster, migrations, seed) until
//   the server says it serves;
// - small requests beside heavy lists: four list requests in flight and beside them a loop of
//   requests that never touch the database (`/`), with PGlite in the server's thread
//   (PGLITE_IN_PROCESS=1, kept only for this comparison) and in its own process (the default);
// - list throughput: the server on the PGlite folder and the same server on PostgreSQL's
//   bench_<N> take turns (ABBA) under the same connections, on the list's first page;
// - memory: the resident size of the server and of its database process, sampled throughout.
//
//   npm run bench:data -- --rows 100000     (the PostgreSQL side; made here when missing)
//   npm run bench:pglite [-- --rows 100000 --rounds 3 --seconds 5 --connections 4 --from-source]
import { type ChildProcess, spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { connectDatabase } from '../server/db/connect.ts';
import { pgliteSocketDir, SOCKET_PORT } from '../server/db/pgliteServer.ts';
import { pgliteTemplatePath } from '../server/db/pgliteTemplate.ts';
import { serverNodeFlags } from '../server/processEntry.ts';
import { loadManifest } from '../server/start.ts';
import { BUILT_SERVER_ENTRY, SOURCE_SERVER } from '../tests/e2e/serverProcess.ts';
import { freePort } from '../tests/fixtures/freePort.ts';
import { BENCH_ADMIN_PASSWORD, benchDatabaseUrl, DEFAULT_BENCH_URL, fillBenchData } from './data.ts';
import { load } from './load.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '4' },
    url: { type: 'string' },
    'from-source': { type: 'boolean', default: false },
  },
});
const FROM_SOURCE = values['from-source'];
const ROWS = Number(values.rows);
const ROUNDS = Number(values.rounds);
const LISTS = 4;
const LIST = '/api/cms/contents?page=1&limit=20';
/** a busy office: ten saves a second */
const EDIT_EVERY_MS = 100;

interface Server {
  base: string;
  port: number;
  pid: number;
  stop(): Promise<void>;
}

/** The server's command: the built one with its Node flags for its database, as server/run.sh runs it. */
function serverCommand(databaseUrl: string | undefined): string[] {
  if (FROM_SOURCE) return SOURCE_SERVER;
  return [...serverNodeFlags(databaseUrl), BUILT_SERVER_ENTRY];
}

async function serve(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, serverCommand(env.DATABASE_URL || undefined), {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
      LOG_LEVEL: 'error',
      DATABASE_URL: '',
      PGLITE_IN_PROCESS: '',
      ...env,
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
    port,
    pid: child.pid as number,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Resident memory of a process and of its children (the database process), in MB. */
async function residentMb(pid: number): Promise<{ server: number; children: number }> {
  const rss = async (id: string) => {
    const status = await readFile(`/proc/${id}/status`, 'utf8').catch(() => '');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
  };
  const children = (await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => ''))
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  let sum = 0;
  for (const child of children) sum += await rss(child);
  return { server: await rss(String(pid)), children: sum };
}

/** Samples a server's memory every 200 ms until stopped; the largest of each. */
function sampleMemory(pid: number) {
  const peak = { server: 0, children: 0, total: 0 };
  let running = true;
  const loop = (async () => {
    while (running) {
      const now = await residentMb(pid);
      peak.server = Math.max(peak.server, now.server);
      peak.children = Math.max(peak.children, now.children);
      peak.total = Math.max(peak.total, now.server + now.children);
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return peak;
  };
}

async function signIn(base: string): Promise<string> {
  const login = await fetch(`${base}/api/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'admin', password: BENCH_ADMIN_PASSWORD }),
  });
  const body = (await login.json()) as { data?: { token: string } };
  if (!body.data) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.data.token;
}

/** A first start of an empty folder, timed to the server's "serving" line, and its memory then. */
async function firstStart(): Promise<{
  dataDir: string;
  took: number;
  rss: { server: number; children: number };
}> {
  const dataDir = await mkdtemp(join(tmpdir(), 'schema-admin-bench-'));
  const started = performance.now();
  const server = await serve({ DATA_DIR: dataDir });
  const took = performance.now() - started;
  const rss = await residentMb(server.pid);
  await server.stop();
  return { dataDir, took, rss };
}

/**
 * The first start as on a machine that never made the empty cluster (the kept copy moved aside:
 * initdb runs, in the process that keeps its copy), then as every later new folder starts (the
 * copy loaded); the second folder then gets the bench rows.
 */
async function prepare(): Promise<{ dataDir: string; firstStarts: string[] }> {
  const template = await pgliteTemplatePath();
  await rm(template, { force: true });
  const never = await firstStart();
  await rm(never.dataDir, { recursive: true, force: true });
  const kept = await firstStart();
  const line = (name: string, run: Awaited<ReturnType<typeof firstStart>>) =>
    `| ${name} | ${ms(run.took)} | ${run.rss.server.toFixed(0)} + ${run.rss.children.toFixed(0)} MB |`;
  const firstStarts = [
    '| first start of an empty folder | to "serving" | RSS then: server + database |',
    '|---|---|---|',
    line('no empty cluster kept (initdb)', never),
    line('the kept empty cluster copied', kept),
  ];
  const manifest = await loadManifest('schemas');
  const database = await connectDatabase({ pgliteDir: join(kept.dataDir, 'pglite') });
  const times = await fillBenchData(database.db, manifest, ROWS);
  await sql`update sys_users set firstlogin = false`.execute(database.db);
  await database.close();
  console.log(
    `PGlite filled: rows ${(times.rowsMs / 1000).toFixed(1)} s, indexes ${(times.indexMs / 1000).toFixed(1)} s, vacuum ${(times.vacuumMs / 1000).toFixed(1)} s`,
  );
  return { dataDir: kept.dataDir, firstStarts };
}

/** PostgreSQL's bench_<ROWS>, made by bench/data.ts when it is missing or holds other rows. */
async function postgresUrl(): Promise<string> {
  const base = values.url ?? process.env.DATABASE_URL ?? DEFAULT_BENCH_URL;
  const url = benchDatabaseUrl(base, ROWS);
  const client = new pg.Client({ connectionString: url });
  const rows = await client
    .connect()
    .then(() => client.query('select count(*)::int as n from cms_contents'))
    .then((r) => r.rows[0].n as number)
    .catch(() => -1)
    .finally(() => client.end().catch(() => undefined));
  if (rows !== ROWS) {
    console.log(`bench_${ROWS}: making it (bench/data.ts)`);
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/data.ts', '--rows', String(ROWS)], {
      env: { ...process.env, DATABASE_URL: base },
      stdio: 'inherit',
    });
    const code = await new Promise((r) => child.once('exit', r));
    if (code !== 0) throw new Error(`bench/data.ts ended with ${code}`);
  }
  return url;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (n: number) => `${Math.round(n)} ms`;

/** Rounds of four concurrent lists, and small requests one after another until they answer. */
async function smallBesideLists(base: string) {
  const token = await signIn(base);
  const list = () =>
    fetch(`${base}${LIST}`, { headers: { 'x-token': token } }).then(async (r) => {
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

/**
 * Edits one of the first hundred contents rows every `everyMs` (its view count and version, as a
 * save would) through a connection of its own, as an editor's saves or a maintainer's psql would,
 * until the returned function is called; that says how many edits were made.
 */
function editBeside(connection: pg.ClientConfig, everyMs: number): () => Promise<number> {
  const client = new pg.Client(connection);
  let running = true;
  let edits = 0;
  const loop = (async () => {
    await client.connect();
    while (running) {
      const next = performance.now() + everyMs;
      await client.query(
        'update cms_contents set view_count = view_count + 1, version = version + 1, update_time = now() where id = $1',
        [(edits % 100) + 1],
      );
      edits++;
      await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
    }
    await client.end();
  })();
  return async () => {
    running = false;
    await loop;
    return edits;
  };
}

async function copyOf(dataDir: string): Promise<string> {
  const copy = await mkdtemp(join(tmpdir(), 'schema-admin-bench-'));
  await cp(dataDir, copy, { recursive: true });
  return copy;
}

const load1 = () => `load average ${loadavg()[0].toFixed(1)}`;

async function main(): Promise<void> {
  console.log(`${load1()}: preparing ${ROWS.toLocaleString('en')} contents on PGlite and PostgreSQL`);
  const url = await postgresUrl();
  const { dataDir, firstStarts } = await prepare();
  const out: string[] = [...firstStarts, ''];
  try {
    // small requests beside heavy lists
    out.push(
      '| PGlite | small requests | p50 | p99 | max | list p50 | list max | RSS server + database (peak) |',
      '|---|---|---|---|---|---|---|---|',
    );
    for (const inProcess of [true, false]) {
      const copy = await copyOf(dataDir);
      const server = await serve({ DATA_DIR: copy, PGLITE_IN_PROCESS: inProcess ? '1' : '' });
      const memory = sampleMemory(server.pid);
      try {
        const { status, small, lists } = await smallBesideLists(server.base);
        const peak = await memory();
        out.push(
          `| ${inProcess ? 'in the server thread' : 'own process'} | ${small.length} × \`/\` (${status}) | ${ms(percentile(small, 50))} | ${ms(percentile(small, 99))} | ${ms(small.at(-1) ?? Number.NaN)} | ${ms(percentile(lists, 50))} | ${ms(lists.at(-1) ?? Number.NaN)} | ${peak.server.toFixed(0)} + ${peak.children.toFixed(0)} MB |`,
        );
      } finally {
        await memory();
        await server.stop();
        await rm(copy, { recursive: true, force: true });
      }
    }

    // throughput: the same server on PGlite (own process) and on PostgreSQL, in turns
    const copy = await copyOf(dataDir);
    const servers = {
      PGlite: await serve({ DATA_DIR: copy }),
      PostgreSQL: await serve({
        DATA_DIR: await mkdtemp(join(tmpdir(), 'schema-admin-bench-')),
        DATABASE_URL: url,
      }),
    };
    try {
      const tokens = {
        PGlite: await signIn(servers.PGlite.base),
        PostgreSQL: await signIn(servers.PostgreSQL.base),
      };
      const common = {
        paths: [LIST],
        connections: Number(values.connections),
        seconds: Number(values.seconds),
        maxRequests: 1_000_000,
      };
      for (const name of ['PGlite', 'PostgreSQL'] as const)
        await load({ ...common, port: servers[name].port, token: tokens[name], seconds: 1 });
      const writers = {
        PGlite: {
          host: pgliteSocketDir(join(copy, 'pglite')),
          port: SOCKET_PORT,
          user: 'postgres',
          database: 'postgres',
        },
        PostgreSQL: { connectionString: url },
      };
      const peaks = { server: 0, children: 0, total: 0 };
      for (const editEveryMs of [0, EDIT_EVERY_MS]) {
        const rps = { PGlite: [] as number[], PostgreSQL: [] as number[] };
        out.push(
          `\nList throughput, ${common.connections} connections, ${common.seconds} s a turn (ABBA)${editEveryMs ? `, a content row edited every ${editEveryMs} ms beside (each edit makes the next list count its total again)` : ', nothing written'}:`,
        );
        for (let round = 0; round < ROUNDS + 1; round++) {
          const order =
            round % 2 === 0 ? (['PGlite', 'PostgreSQL'] as const) : (['PostgreSQL', 'PGlite'] as const);
          for (const name of order) {
            const memory = name === 'PGlite' ? sampleMemory(servers.PGlite.pid) : undefined;
            const editing = editEveryMs ? editBeside(writers[name], editEveryMs) : undefined;
            const r = await load({ ...common, port: servers[name].port, token: tokens[name] });
            const edits = await editing?.();
            const peak = await memory?.();
            if (peak)
              for (const key of ['server', 'children', 'total'] as const)
                peaks[key] = Math.max(peaks[key], peak[key]);
            if (r.failed > 0) throw new Error(`${name}: ${r.failed} of ${r.requests} requests failed`);
            rps[name].push(r.rps);
            out.push(
              `- ${name}: ${r.rps.toFixed(0)} req/s (median ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms)${edits === undefined ? '' : `, ${edits} edits`} — ${load1()}`,
            );
          }
        }
        out.push(
          `\nPGlite ${median(rps.PGlite).toFixed(0)} req/s against PostgreSQL ${median(rps.PostgreSQL).toFixed(0)} req/s (medians): **${(median(rps.PGlite) / median(rps.PostgreSQL)).toFixed(2)}×**`,
        );
      }
      out.push(
        `PGlite's peak RSS under that load: server ${peaks.server.toFixed(0)} MB + database ${peaks.children.toFixed(0)} MB = ${peaks.total.toFixed(0)} MB`,
      );
    } finally {
      await servers.PGlite.stop();
      await servers.PostgreSQL.stop();
      await rm(copy, { recursive: true, force: true });
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log(
    `\n${ROWS.toLocaleString('en')} contents, ${ROUNDS} rounds, the server ${serverCommand(undefined).join(' ')} (on PostgreSQL ${serverCommand('postgres:').join(' ')}); ${load1()} at the end\n\n${out.join('\n')}`,
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
