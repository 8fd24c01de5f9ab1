// A forked process's entry: beside the forking module, with its extension, and tsx only for TypeScript.
import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATABASE_NODE_FLAGS,
  EMBEDDED_SERVER_NODE_FLAGS,
  serverNodeFlags,
  siblingEntry,
} from '../../server/processEntry.ts';

describe('siblingEntry', () => {
  it('runs the TypeScript entry through tsx when the server runs from its sources', () => {
    expect(siblingEntry('file:///app/server/db/pgliteServer.ts', 'pgliteProcess')).toEqual({
      path: '/app/server/db/pgliteProcess.ts',
      execArgv: ['--import', 'tsx'],
    });
  });

  it("runs the built entry with plain Node, passing none of the server's own flags", () => {
    expect(siblingEntry('file:///app/dist-server/chunk-ABC.js', 'pgliteProcess')).toEqual({
      path: '/app/dist-server/pgliteProcess.js',
      execArgv: [],
    });
  });

  it('adds the flags asked for after the loader', () => {
    expect(siblingEntry('file:///app/server/db/pgliteServer.ts', 'pgliteProcess', ['--x']).execArgv).toEqual([
      '--import',
      'tsx',
      '--x',
    ]);
    expect(
      siblingEntry('file:///app/dist-server/main.js', 'pgliteProcess', DATABASE_NODE_FLAGS).execArgv,
    ).toEqual(DATABASE_NODE_FLAGS);
  });
});

describe("the built server's Node flags", () => {
  // server/run.sh with a `node` of our own first on the PATH, which prints what it was given
  let bin: string;
  beforeAll(async () => {
    bin = await mkdtemp(join(tmpdir(), 'schema-admin-run-'));
    await writeFile(join(bin, 'node'), '#!/bin/sh\nfor a in "$@"; do echo "$a"; done\n');
    await chmod(join(bin, 'node'), 0o755);
  });
  afterAll(() => rm(bin, { recursive: true, force: true }));

  const run = async (env: Record<string, string>) => {
    const { DATABASE_URL: _, ...rest } = process.env;
    const { stdout } = await promisify(execFile)('sh', ['server/run.sh', '--port', '8080'], {
      env: { ...rest, ...env, PATH: `${bin}:${process.env.PATH}` },
    });
    return stdout.trim().split('\n');
  };

  it('keep a small young generation on the embedded database', async () => {
    expect(serverNodeFlags(undefined)).toEqual(EMBEDDED_SERVER_NODE_FLAGS);
    expect(await run({})).toEqual([...EMBEDDED_SERVER_NODE_FLAGS, 'dist-server/main.js', '--port', '8080']);
  });

  it("leave V8's default on PostgreSQL", async () => {
    const url = 'postgres://postgres@127.0.0.1:5432/test';
    expect(serverNodeFlags(url)).toEqual([]);
    expect(await run({ DATABASE_URL: url })).toEqual(['dist-server/main.js', '--port', '8080']);
  });

  it('are what every command that starts the built server runs', async () => {
    const packageJson = JSON.parse(await readFile('package.json', 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(packageJson.scripts.serve).toBe('sh server/run.sh');
    expect(await readFile('server/start.sh', 'utf8')).toMatch(/\nexec sh server\/run\.sh "\$@"\n$/);
  });
});
