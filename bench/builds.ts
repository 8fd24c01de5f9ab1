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

/** A browser benchmark's options: `--runs N` (`runs` by default), `--against DIR`, `--frames`. */
export function benchOptions(runs: number): { runs: number; against?: string; frames: boolean } {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: String(runs) },
      against: { type: 'string' },
      frames: { type: 'boolean' },
    },
  });
  return { runs: Number(values.runs), against: values.against, frames: values.frames === true };
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

/** Starts this build's server, the other build's when `against` is given, and the browser. */
export async function startBuilds(against: string | undefined, password: string): Promise<Builds> {
  const folder = against ? await projectWithDist(against) : undefined;
  const builds: Build[] = [];
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-gpu'],
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
