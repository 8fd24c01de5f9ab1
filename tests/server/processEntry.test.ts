// A forked process's entry: beside the forking module, with its extension, and tsx only for TypeScript.
import { describe, expect, it } from 'vitest';
import { siblingEntry } from '../../server/processEntry.ts';

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
});
