// @vitest-environment node
// The plugin that does autovacuum's work where none runs: on PGlite its timer maintains a busy
// table (the test waits for the run's log line, its interval shortened), and it closes cleanly.
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { connectDatabase } from '../../../server/db/connect.ts';
import tableMaintenance from '../../../server/plugins/tableMaintenance.ts';

describe('table maintenance plugin', () => {
  it('vacuums and analyzes a busy PGlite table on its timer, and logs what it did', async () => {
    const handle = await connectDatabase();
    let resolveRun: (entry: { vacuumed: string[]; analyzed: string[] }) => void = () => undefined;
    const maintained = new Promise<{ vacuumed: string[]; analyzed: string[] }>((resolve) => {
      resolveRun = resolve;
    });
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) {
          const entry = JSON.parse(line);
          if (entry.msg === 'tables maintained') resolveRun(entry);
        }
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream } });
    // the one thing the plugin takes from the app's context
    await app.register(
      fp(
        async (instance) => {
          instance.decorate('db', handle.db);
        },
        { name: 'context' },
      ),
    );
    await app.register(tableMaintenance, { everyMs: 20 });
    try {
      await sql`create table upkeep_plugin (id serial primary key, v int)`.execute(handle.db);
      await sql`insert into upkeep_plugin (v) select g from generate_series(1, 5000) g`.execute(handle.db);
      await app.ready();
      const entry = await maintained;
      expect(entry.vacuumed).toContain('upkeep_plugin');
      expect(entry.analyzed).toContain('upkeep_plugin');
      const { rows } = await sql<{ reltuples: number }>`
        select reltuples::float8 as reltuples from pg_class where relname = 'upkeep_plugin'`.execute(
        handle.db,
      );
      expect(rows).toEqual([{ reltuples: 5000 }]);
    } finally {
      await app.close();
      await handle.close();
    }
  });
});
