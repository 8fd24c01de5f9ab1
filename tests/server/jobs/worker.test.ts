// @vitest-environment node
// The job queue's connections: one the worker holds when the embedded database process goes away
// is reported, not left to end the server with an unheard 'error' event.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startPgliteProcess } from '../../../server/db/pgliteServer.ts';
import { queuePool } from '../../../server/jobs/worker.ts';

describe("the job queue's pool", () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('warns when a connection it has checked out loses its database, and the process goes on', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'schema-admin-'));
    dirs.push(dir);
    const database = await startPgliteProcess(join(dir, 'pglite'));
    const pool = queuePool(database.connection);
    let warned: () => void = () => {};
    const warning = new Promise<void>((resolve) => {
      warned = resolve;
    });
    const warnings = vi.spyOn(process, 'emitWarning').mockImplementation(() => warned());
    try {
      // checked out and idle, as the worker holds one between its queries
      const client = await pool.connect();
      expect((await client.query('select 1 as one')).rows[0].one).toBe(1);
      process.kill(database.pid, 'SIGKILL');
      await database.lost;
      // the client's 'error' event: unheard, it would have been thrown, ending the test process
      await warning;
      expect(warnings).toHaveBeenCalledWith(expect.stringMatching(/^job queue connection lost: /));
      client.release(true);
    } finally {
      warnings.mockRestore();
      await pool.end();
    }
  }, 120_000);
});
