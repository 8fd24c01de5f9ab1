// Where a process the server forks starts, and how. The entry lies beside the module that forks
// it, with that module's own extension: `.ts`, loaded through tsx, where the server runs from its
// TypeScript (the tests, the CLI, `npm run dev`), and `.js` where it runs from the build
// (`npm start`, `npm run serve`: build/server.ts bundles every entry into one folder), which
// needs no loader: tsx's hooks alone hold about 50 MB in each process (docs/benchmarks.md).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ProcessEntry {
  path: string;
  execArgv: string[];
}

/**
 * The built server's own Node flags on the embedded database, on each command that starts it
 * (server/run.sh, which `npm start` and `npm run serve` run; the browser suite's helper;
 * tests/server/processEntry.test.ts holds them to this list). A young generation of 2 MB a half
 * instead of 16: a request's garbage is small and short-lived, and under the list load of
 * `npm run bench:pglite` the larger one only held about 25 MB more resident for no more requests
 * a second (docs/benchmarks.md).
 */
export const EMBEDDED_SERVER_NODE_FLAGS = ['--max-semi-space-size=2'];

/**
 * The built server's Node flags for the database it serves: on PostgreSQL (`DATABASE_URL`) none.
 * There the server's own CPU is what limits a list's requests a second, and the small young
 * generation, collected every few requests, cost about a fifth of them (docs/benchmarks.md,
 * "Lists"); the memory goal it serves is the embedded default's.
 */
export function serverNodeFlags(databaseUrl: string | undefined): string[] {
  return databaseUrl ? [] : EMBEDDED_SERVER_NODE_FLAGS;
}

/**
 * The embedded database's process's flags (pgliteServer.ts): the server's, and PostgreSQL's
 * WebAssembly run as Liftoff, V8's baseline compiler, makes it, never tiered up to TurboFan. The
 * optimised code and what compiling it held were 60–90 MB of a process that lives as long as the
 * server, for 10–20 % more list requests a second (docs/benchmarks.md, "The embedded
 * database"). The empty-cluster maker runs a few seconds and exits, and keeps TurboFan.
 */
export const DATABASE_NODE_FLAGS = [
  ...EMBEDDED_SERVER_NODE_FLAGS,
  '--no-wasm-tier-up',
  '--no-wasm-dynamic-tiering',
];

/** `flags`: Node's flags for the process (DATABASE_NODE_FLAGS), besides the loader's. */
export function siblingEntry(moduleUrl: string, name: string, flags: readonly string[] = []): ProcessEntry {
  // from the module's own path, not `new URL(…)`: a page test's jsdom replaces the global URL
  const here = fileURLToPath(moduleUrl);
  const built = here.endsWith('.js');
  return {
    path: join(dirname(here), `${name}${built ? '.js' : '.ts'}`),
    // explicit, so a child never inherits the server's own flags (a profiler's, an inspector's)
    execArgv: [...(built ? [] : ['--import', 'tsx']), ...flags],
  };
}
