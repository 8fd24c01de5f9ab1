// PostgreSQL keeps its tables' statistics and visibility maps current through autovacuum. PGlite
// runs PostgreSQL in single-user mode, where no autovacuum launcher runs: there the tables would
// never be analyzed (the planner would choose every list's plan and total from a table's size
// alone, docs/decisions.md "List totals") nor vacuumed (an edited row's old versions kept for
// good, and the index-only scans of deep pages reading the table after all). Where no launcher
// runs, the server does autovacuum's work itself, table by table, by autovacuum's own rule and
// settings (server/plugins/tableMaintenance.ts runs it every five minutes).
import { sql } from 'kysely';
import type { Db } from './tables.ts';

/**
 * Whether autovacuum is wanted (its setting on) but nothing does it: no launcher runs, as in
 * PGlite. A PostgreSQL server's launcher does the work; one whose operator turned autovacuum
 * off has chosen to vacuum otherwise, and is left alone too.
 */
export async function autovacuumMissing(db: Db): Promise<boolean> {
  const { rows } = await sql<{ missing: boolean }>`
    select current_setting('autovacuum')::bool
      and not exists (select from pg_stat_activity where backend_type = 'autovacuum launcher') as missing`.execute(
    db,
  );
  return rows[0].missing;
}

interface TableNeeds {
  schema: string;
  table: string;
  vacuum: boolean;
  analyze: boolean;
}

/** A table never analyzed has reltuples -1: it counts as empty, as autovacuum counts it. */
const greatest = (column: string) => sql`greatest(${sql.ref(column)}, 0)`;

const setting = (name: string) => sql`current_setting(${name})::float8`;

/**
 * Vacuums and analyzes the tables autovacuum would now: dead rows past
 * `autovacuum_vacuum_threshold + autovacuum_vacuum_scale_factor × rows`, inserted rows past the
 * insert threshold (so the visibility map lets index-only scans skip the table), changed rows
 * past the analyze threshold. The counts are the shared statistics, this backend's own flushed
 * into them first (PGlite's single backend made every change); one connection throughout, so the
 * flush is the reading backend's.
 */
export function maintainTables(db: Db): Promise<{ vacuumed: string[]; analyzed: string[] }> {
  return db.connection().execute((connection) => maintainOn(connection));
}

async function maintainOn(db: Db): Promise<{ vacuumed: string[]; analyzed: string[] }> {
  // the backend flushes its counts when it next goes idle, before the statement below
  await sql`select pg_stat_force_next_flush()`.execute(db);
  const rows = greatest('c.reltuples');
  const { rows: tables } = await sql<TableNeeds>`
    select s.schemaname as schema, s.relname as table,
      s.n_dead_tup > ${setting('autovacuum_vacuum_threshold')} + ${setting('autovacuum_vacuum_scale_factor')} * ${rows}
        or s.n_ins_since_vacuum > ${setting('autovacuum_vacuum_insert_threshold')}
          + ${setting('autovacuum_vacuum_insert_scale_factor')} * ${rows} as vacuum,
      s.n_mod_since_analyze > ${setting('autovacuum_analyze_threshold')}
        + ${setting('autovacuum_analyze_scale_factor')} * ${rows} as analyze
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    order by s.schemaname, s.relname`.execute(db);
  const vacuumed: string[] = [];
  const analyzed: string[] = [];
  for (const t of tables) {
    if (!t.vacuum && !t.analyze) continue;
    const name = sql.table(`${t.schema}.${t.table}`);
    if (t.vacuum) await sql`vacuum (analyze ${sql.raw(t.analyze ? 'true' : 'false')}) ${name}`.execute(db);
    else await sql`analyze ${name}`.execute(db);
    if (t.vacuum) vacuumed.push(t.table);
    if (t.analyze) analyzed.push(t.table);
  }
  return { vacuumed, analyzed };
}
