// A forked process's entry: beside the forking module, with its extension, and tsx only for TypeScript.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { DATABASE_NODE_FLAGS, SERVER_NODE_FLAGS, siblingEntry } from '../../server/processEntry.ts';

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
  it('are the same on every command that starts it', async () => {
    const flags = SERVER_NODE_FLAGS.join(' ');
    const packageJson = JSON.parse(await readFile('package.json', 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(packageJson.scripts.serve).toBe(`node ${flags} dist-server/main.js`);
    expect(await readFile('server/start.sh', 'utf8')).toContain(
      `exec node ${flags} dist-server/main.js "$@"`,
    );
  });
});
