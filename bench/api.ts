// The list benchmark (docs/benchmarks.md, "Lists"): for each database bench:data made, the real
// server answers the contents list over HTTP, one request at a time (the latency of a first
// page, of a filtered one, of page 5,001), then, on the smallest, the generic endpoint and the
// hand-written route take turns under 20 connections for the requests-per-second ratio.
//
//   npm run bench:data -- --rows 1000   (and 100000, 1000000)
//   npm run bench:api [-- --sizes 1000,100000,1000000 --seconds 8 --rounds 3 --warmup 12]
//   npm run bench:api -- --sizes 1000 --throughput-only   (the generic / hand-written ratio alone)
//   … --generic-flags=--max-semi-space-size=2   (the generic endpoint's process with other Node flags)
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import { createInterface } from 'node:readline';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import pg from 'pg';
import { buildServer } from '../build/server.ts';
import { serverNodeFlags } from '../server/processEntry.ts';
import { BENCH_ADMIN_PASSWORD, benchDatabaseUrl, COMMON_WORD, DEFAULT_BENCH_URL, RARE_WORD } from './data.ts';
import { get, load } from './load.ts';

/** A server of bench/apiServer.ts, in its own process. */
interface Server {
  port: number;
  child: ChildProcess;
  /** the process's CPU time so far, in ms */
  cpu(): Promise<number>;
}

interface Servers {
  generic: Server;
  handwritten: Server;
}

/**
 * Where the servers' program is built: under node_modules, so the bundle finds the packages it
 * leaves out, as dist-server/ does.
 */
const BUILD_DIR = 'node_modules/.cache/schema-admin-bench-api';

const CASES: Array<{ name: string; path: string; goal: boolean; minRows?: number }> = [
  { name: 'first page, newest first', path: '/api/cms/contents?page=1&limit=20', goal: true },
  { name: 'first page, one category', path: '/api/cms/contents?page=1&limit=20&categoryId=9', goal: true },
  {
    name: `first page, title ${COMMON_WORD}`,
    path: `/api/cms/contents?page=1&limit=20&title=${encodeURIComponent(COMMON_WORD)}`,
    goal: true,
  },
  {
    name: `first page, rare title ${RARE_WORD}`,
    path: `/api/cms/contents?page=1&limit=20&title=${encodeURIComponent(RARE_WORD)}`,
    goal: false,
  },
  { name: 'first page, by views', path: '/api/cms/contents?page=1&limit=20&sort=viewCount', goal: false },
  {
    name: 'page 5,001 (offset 100,000)',
    path: '/api/cms/contents?page=5001&limit=20',
    goal: true,
    minRows: 100_020,
  },
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const fmt = (n: number) => n.toLocaleString('en');

/** The latency table: a row per case, a column per size. */
function printLatency(
  sizes: number[],
  results: Map<string, Map<number, { p50: number; p95: number }>>,
): void {
  console.log(
    `\n| case | goal | ${sizes.map((s) => `${fmt(s)} rows: median / p95 (ms)`).join(' | ')} | largest / smallest |`,
  );
  console.log(`|---|---|${sizes.map(() => '---:').join('|')}|---:|`);
  for (const c of CASES) {
    const bySize = results.get(c.name)!;
    const cells = sizes.map((s) => {
      const m = bySize.get(s);
      return m ? `${m.p50.toFixed(1)} / ${m.p95.toFixed(1)}` : '–';
    });
    const measured = sizes.filter((s) => bySize.has(s));
    const ratio =
      measured.length > 1
        ? (bySize.get(measured.at(-1)!)!.p50 / bySize.get(measured[0])!.p50).toFixed(2)
        : '–';
    console.log(`| ${c.name} | ${c.goal ? 'yes' : ''} | ${cells.join(' | ')} | ${ratio} |`);
  }
}

async function startServer(
  kind: 'generic' | 'handwritten',
  url: string,
  flags: string[],
  profileDir?: string,
): Promise<Server> {
  // with a folder, the process writes a V8 CPU profile there when it ends
  const profile = profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [];
  const child = spawn(process.execPath, [...flags, ...profile, `${BUILD_DIR}/apiServer.js`, kind], {
    env: { ...process.env, DATABASE_URL: url },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  let ended: ((error: Error) => void) | undefined;
  child.once('exit', (code) => ended?.(new Error(`bench server (${kind}) ended with ${code}`)));
  const next = () =>
    new Promise<string>((resolve, reject) => {
      ended = reject;
      lines.once('line', resolve);
    });
  const { port } = JSON.parse(await next()) as { port: number };
  const cpu = async () => {
    const answer = next();
    child.stdin!.write('cpu\n');
    return (JSON.parse(await answer) as { cpuMs: number }).cpuMs;
  };
  return { port, child, cpu };
}

/**
 * The generic endpoint as `npm start` runs the server on PostgreSQL: built, with the server's Node
 * flags for its database (server/processEntry.ts), unless `genericFlags` says otherwise. The
 * hand-written route as a developer runs one: built the same way, plain Node.
 */
async function startServers(
  url: string,
  genericFlags: string[] | undefined,
  profileDir?: string,
): Promise<Servers> {
  return {
    generic: await startServer('generic', url, genericFlags ?? serverNodeFlags(url), profileDir),
    handwritten: await startServer('handwritten', url, [], profileDir),
  };
}

async function stopServers(servers: Servers): Promise<void> {
  for (const { child } of [servers.generic, servers.handwritten]) {
    const ended = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await ended;
  }
}

async function signIn(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/api/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ userName: 'admin', password: BENCH_ADMIN_PASSWORD }),
  });
  const body = (await response.json()) as { data: { token: string } };
  if (!response.ok) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.data.token;
}

/**
 * The yardstick holds only if both servers do the same work: the same page, the same total, the
 * same fields (a draft flag included), for the path the turns request.
 */
async function sameAnswer(servers: Servers, path: string, token: string): Promise<void> {
  const read = async (server: Server) => {
    const response = await fetch(`http://127.0.0.1:${server.port}${path}`, { headers: { 'x-token': token } });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    return ((await response.json()) as { data: unknown }).data;
  };
  if (!isDeepStrictEqual(await read(servers.generic), await read(servers.handwritten)))
    throw new Error(`the hand-written route answers ${path} otherwise than the generic endpoint`);
}

async function rowCount(url: string): Promise<number | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    const { rows } = await client.query('select count(*)::int as n from cms_contents');
    return rows[0].n;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string', default: '1000,100000,1000000' },
      url: { type: 'string' },
      requests: { type: 'string', default: '100' },
      seconds: { type: 'string', default: '5' },
      rounds: { type: 'string', default: '4' },
      connections: { type: 'string', default: '20' },
      // seconds of load on each server before the turns
      warmup: { type: 'string', default: '12' },
      // only the generic / hand-written ratio (the latency cases take minutes on a loaded machine)
      'throughput-only': { type: 'boolean', default: false },
      // a folder for the servers' CPU profile (bench/profileTop.ts reads it)
      profile: { type: 'string' },
      // Node's flags for the generic endpoint's process instead of the server's own, to compare
      // (`--generic-flags=--max-semi-space-size=2`; an empty value: none)
      'generic-flags': { type: 'string' },
    },
  });
  const base = values.url ?? process.env.DATABASE_URL ?? DEFAULT_BENCH_URL;
  const requests = Number(values.requests);
  await buildServer(BUILD_DIR, ['bench/apiServer.ts']);

  // every size at once, each on servers of its own, so that the machine's load, which comes and
  // goes, falls on all sizes alike: the requests go to the sizes in turn
  const databases: Array<{ size: number; rows: number; url: string; servers: Servers; token: string }> = [];
  for (const size of values.sizes.split(',').map(Number)) {
    const url = benchDatabaseUrl(base, size);
    const rows = await rowCount(url);
    if (rows === undefined) {
      console.log(`bench_${size}: missing; make it with npm run bench:data -- --rows ${size}`);
      continue;
    }
    const genericFlags = values['generic-flags']?.split(' ').filter(Boolean);
    const servers = await startServers(url, genericFlags, values.profile);
    databases.push({ size, rows, url, servers, token: await signIn(servers.generic.port) });
  }
  if (databases.length === 0) return;
  try {
    const results = new Map<string, Map<number, { p50: number; p95: number }>>();
    for (const c of values['throughput-only'] ? [] : CASES) {
      const taking = databases.filter((d) => c.minRows === undefined || d.rows >= c.minRows);
      const times = new Map(taking.map((d) => [d.size, [] as number[]]));
      const agents = new Map(taking.map((d) => [d.size, new http.Agent({ keepAlive: true, maxSockets: 1 })]));
      for (let i = 0; i < requests + 10; i++) {
        for (const d of taking) {
          const t = performance.now();
          const status = await get(agents.get(d.size)!, d.servers.generic.port, c.path, d.token);
          if (status !== 200) throw new Error(`${c.path} on ${d.size} rows: HTTP ${status}`);
          if (i >= 10) times.get(d.size)!.push(performance.now() - t);
        }
      }
      for (const agent of agents.values()) agent.destroy();
      const bySize = new Map<number, { p50: number; p95: number }>();
      for (const [size, list] of times) {
        list.sort((a, b) => a - b);
        bySize.set(size, { p50: median(list), p95: list[Math.floor(list.length * 0.95)] });
      }
      results.set(c.name, bySize);
    }
    const sizes = databases.map((d) => d.size);
    if (!values['throughput-only']) printLatency(sizes, results);

    // requests per second on the smallest: the two servers take turns (ABBA, so a drift in the
    // machine's load cancels), after a warm-up of both
    const smallest = databases[0];
    const common = {
      paths: ['/api/cms/contents?page=1&limit=20'],
      token: smallest.token,
      connections: Number(values.connections),
      seconds: Number(values.seconds),
      maxRequests: 200_000,
    };
    await sameAnswer(smallest.servers, common.paths[0], smallest.token);
    // a warm-up long enough for both to reach their steady CPU time a request: the generic
    // server's code is many times the hand-written route's, and V8 takes about 8 s of this load
    // to have optimised what a list request runs (docs/benchmarks.md, "Lists"). In slices of
    // 3 s, the servers in turn, so that neither waits idle longer before the first turn than
    // between turns later (an idle V8 shrinks its young generation)
    const slice = { ...common, seconds: 3 };
    for (let warmed = 0; warmed < Number(values.warmup); warmed += slice.seconds) {
      await load({ ...slice, port: smallest.servers.handwritten.port });
      await load({ ...slice, port: smallest.servers.generic.port });
    }
    const generic: number[] = [];
    const handwritten: number[] = [];
    const cpuPerRequest = { generic: [] as number[], 'hand-written': [] as number[] };
    console.log(`\nbench_${smallest.size}, ${common.connections} connections, ${common.seconds} s a turn:`);
    for (let round = 0; round < Number(values.rounds); round++) {
      const turns = [
        ['generic', smallest.servers.generic, generic],
        ['hand-written', smallest.servers.handwritten, handwritten],
      ] as const;
      for (const [name, server, into] of round % 2 === 0 ? turns : [...turns].reverse()) {
        const cpuBefore = await server.cpu();
        const r = await load({ ...common, port: server.port });
        const cpuMs = ((await server.cpu()) - cpuBefore) / r.requests;
        if (r.failed > 0) throw new Error(`${name}: ${r.failed} requests failed`);
        into.push(r.rps);
        cpuPerRequest[name].push(cpuMs);
        console.log(
          `  ${name}: ${r.rps.toFixed(0)} req/s (median ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, ${r.requests} requests, server CPU ${cpuMs.toFixed(2)} ms a request)`,
        );
      }
    }
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    // each round's two turns ran one right after the other: their ratio is the least disturbed by
    // a load that comes and goes over the run
    const byRound = generic.map((g, i) => g / handwritten[i]);
    console.log(
      `generic ${median(generic).toFixed(0)} req/s (median of turns) against hand-written ${median(handwritten).toFixed(0)} req/s: ` +
        `${(median(generic) / median(handwritten)).toFixed(2)}× (${(sum(generic) / sum(handwritten)).toFixed(2)}× over all turns; ` +
        `by round ${byRound.map((r) => r.toFixed(2)).join(', ')}, median ${median(byRound).toFixed(2)}×)`,
    );
    const g = median(cpuPerRequest.generic);
    const h = median(cpuPerRequest['hand-written']);
    console.log(
      `server CPU a request: generic ${g.toFixed(2)} ms, hand-written ${h.toFixed(2)} ms (hand-written / generic ${(h / g).toFixed(2)}×)`,
    );
  } finally {
    for (const d of databases) await stopServers(d.servers);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
