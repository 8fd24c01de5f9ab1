// @vitest-environment node
// Autovacuum's work where no autovacuum runs (PGlite): a table past autovacuum's thresholds is
// vacuumed and analyzed, one below them is left, and PostgreSQL (its launcher at work, or autovacuum
// turned off by its operator) is left to itself.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { autovacuumMissing, maintainTables } from '../../../server/db/maintenance.ts';
import type { Db } from '../../../server/db/tables.ts';
import { backends } from '../harness.ts';

const stats = async (db: Db, table: string) =>
  (
    await sql<{ reltuples: number; vacuumed: boolean; analyzed: boolean }>`
      select c.reltuples::float8 as reltuples, s.last_vacuum is not null as vacuumed,
        s.last_analyze is not null as analyzed
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = ${table}`.execute(db)
  ).rows[0];

describe.each(backends)('table maintenance on $name', (backend) => {
  it('vacuums and analyzes by autovacuum’s rule, and is called for only where autovacuum is on but no launcher runs', async () => {
    const { handle, dispose } = await backend.open();
    const db = handle.db;
    try {
      expect(await autovacuumMissing(db)).toBe(backend.name === 'pglite');
      await sql`create table upkeep_busy (id serial primary key, v int)`.execute(db);
      await sql`create table upkeep_quiet (id serial primary key, v int)`.execute(db);
      await sql`insert into upkeep_busy (v) select g from generate_series(1, 10000) g`.execute(db);
      await sql`update upkeep_busy set v = v + 1 where id <= 5000`.execute(db);
      // below every threshold: 50 changed rows on an empty table are not "more than 50"
      await sql`insert into upkeep_quiet (v) select g from generate_series(1, 10) g`.execute(db);

      const first = await maintainTables(db);
      expect(first.vacuumed).toContain('upkeep_busy');
      expect(first.analyzed).toContain('upkeep_busy');
      expect(first.vacuumed).not.toContain('upkeep_quiet');
      expect(first.analyzed).not.toContain('upkeep_quiet');
      expect(await stats(db, 'upkeep_busy')).toEqual({ reltuples: 10000, vacuumed: true, analyzed: true });
      expect(await stats(db, 'upkeep_quiet')).toMatchObject({ vacuumed: false, analyzed: false });

      // nothing changed since: nothing to do
      const second = await maintainTables(db);
      expect(second.vacuumed).not.toContain('upkeep_busy');
      expect(second.analyzed).not.toContain('upkeep_busy');
    } finally {
      await dispose();
    }
  });
});
