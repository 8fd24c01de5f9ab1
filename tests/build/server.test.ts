// @vitest-environment node
// The server's build (build/server.ts): every process the server forks is there beside the code
// that forks it, and runs with plain Node, no TypeScript loader.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../build/server.ts';

const run = promisify(execFile);

describe('the server build', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('writes each forked process as an entry beside its caller, which runs without tsx', async () => {
    const root = await mkdtemp(join(tmpdir(), 'schema-admin-build-'));
    dirs.push(root);
    // inside the project, so the bundle's packages resolve from its node_modules as dist-server's do
    const out = await mkdtemp(join(process.cwd(), 'node_modules', '.cache', 'server-build-'));
    dirs.push(out);
    await buildServer(out);

    const files = await readdir(out);
    expect(files).toContain('main.js');
    const forked = new Set<string>();
    for (const file of files.filter((name) => name.endsWith('.js'))) {
      const code = await readFile(join(out, file), 'utf8');
      for (const [, name] of code.matchAll(/siblingEntry\(import\.meta\.url, "(\w+)"[,)]/g)) forked.add(name);
    }
    expect([...forked].sort()).toEqual(['pgliteProcess', 'pgliteTemplateProcess']);
    for (const name of forked) expect(files).toContain(`${name}.js`);

    // the empty-cluster maker, run as the built server forks it: plain Node, the path to write
    const tarball = join(root, 'empty.tar.gz');
    await run(process.execPath, [join(out, 'pgliteTemplateProcess.js'), tarball]);
    expect(existsSync(tarball)).toBe(true);
  }, 120_000);
});
