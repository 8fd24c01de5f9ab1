// The builds a browser benchmark opens: this one's dist/, and with `--against DIR` another build's
// beside it (e.g. `npx vite build --outDir /tmp/before` at an earlier commit), each served by a
// server of its own as the browser suite starts one, so that a run can open the two in turns and
// both meet the same load. And the browser: Debian's Chromium, headless.
import { mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type Browser, chromium } from 'playwright-core';
import { type ServerProcess, startServerProcess } from '../tests/e2e/serverProcess.ts';
import { lowerOwnPriority } from './lowPriority.ts';

export interface Build {
  /** `dist/`, or the other build's folder as given */
  name: string;
  server: ServerProcess;
}

export interface Builds {
  builds: Build[];
  browser: Browser;
  /** stops the servers and the browser, and removes the other build's folder */
  close(): Promise<void>;
}

/**
 * A browser benchmark's options: `--runs N` (`runs` by default), `--against DIR`, `--frames`, and
 * `--js-flags=FLAGS`, V8 flags for the browser's pages (e.g. `--js-flags=--single-threaded-gc`),
 * to tell what the engine's own work, its garbage collector's above all, makes of the frames.
 */
export function benchOptions(
  runs: number,
  /** the bench's own switches beside these (bench:reloads' `--trace`), given back in `on` */
  switches: readonly string[] = [],
  /** the bench's own numbers, with their defaults (bench:reloads' `--idle MS`), given back in `numbers` */
  numbered: Readonly<Record<string, number>> = {},
  /** the command line's arguments, the process's by default */
  args: string[] = process.argv.slice(2),
): {
  runs: number;
  against?: string;
  frames: boolean;
  jsFlags?: string;
  on: Set<string>;
  numbers: Record<string, number>;
} {
  const { values } = parseArgs({
    args,
    options: {
      runs: { type: 'string', default: String(runs) },
      against: { type: 'string' },
      frames: { type: 'boolean' },
      'js-flags': { type: 'string' },
      ...Object.fromEntries(switches.map((name) => [name, { type: 'boolean' as const }])),
      ...Object.fromEntries(
        Object.entries(numbered).map(([name, value]) => [
          name,
          { type: 'string' as const, default: String(value) },
        ]),
      ),
    },
  });
  const given = values as Record<string, unknown>;
  const numbers = Object.fromEntries(Object.keys(numbered).map((name) => [name, Number(given[name])]));
  const runsGiven = Number(values.runs);
  for (const [name, value] of Object.entries({ runs: runsGiven, ...numbers }))
    if (!Number.isFinite(value) || value < 0) throw new Error(`--${name}: expected a number of 0 or more`);
  return {
    runs: runsGiven,
    against: values.against as string | undefined,
    frames: values.frames === true,
    jsFlags: values['js-flags'] as string | undefined,
    on: new Set(switches.filter((name) => given[name] === true)),
    numbers,
  };
}

/**
 * A copy of the project (links to its entries) whose dist/ is `dir`: the server serves the dist/
 * of the folder it runs in, and takes the rest (its build, the schemas) from there too.
 */
async function projectWithDist(dir: string): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'schema-admin-build-'));
  for (const entry of await readdir('.')) {
    if (entry !== 'dist') await symlink(resolve(entry), join(root, entry));
  }
  await symlink(resolve(dir), join(root, 'dist'));
  return root;
}

/** Starts this build's server, the other build's when `against` is given, and the browser (its
 * pages' V8 run with `jsFlags`, when given). */
export async function startBuilds(
  against: string | undefined,
  password: string,
  jsFlags?: string,
): Promise<Builds> {
  const folder = against ? await projectWithDist(against) : undefined;
  const builds: Build[] = [];
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-gpu',
      ...(jsFlags ? [`--js-flags=${jsFlags}`] : []),
    ],
  });
  const close = async () => {
    await browser.close();
    for (const build of builds) await build.server.stop();
    if (folder) await rm(folder, { recursive: true, force: true });
  };
  try {
    const here = process.cwd();
    for (const [name, from] of [['dist/', undefined], ...(against ? [[against, folder]] : [])]) {
      // the server's child process starts in the current folder
      if (from) process.chdir(from);
      try {
        builds.push({ name: name as string, server: await startServerProcess({ ADMIN_PASSWORD: password }) });
      } finally {
        process.chdir(here);
      }
    }
    lowerOwnPriority();
    for (const { server } of builds)
      if ((await fetch(`${server.baseUrl}/`)).status !== 200)
        throw new Error('no built page: run `npm run build` first');
  } catch (error) {
    await close();
    throw error;
  }
  return { builds, browser, close };
}
