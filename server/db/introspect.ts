// What the live database holds, read from the catalogue of the current schema, so a schema
// change can be compared with the tables as they are rather than as a migration log says.
import { sql } from 'kysely';
import type { CatalogType } from './columns.ts';
import type { Db } from './tables.ts';

export interface LiveTable {
  columns: Map<string, CatalogType>;
  /** columns with a single-column unique index or constraint */
  unique: Set<string>;
}

export async function readLiveTables(db: Db): Promise<Map<string, LiveTable>> {
  const columns = await sql<{
    table_name: string;
    column_name: string;
    data_type: string;
    character_maximum_length: number | null;
  }>`
    select table_name, column_name, data_type, character_maximum_length
    from information_schema.columns
    where table_schema = current_schema()`.execute(db);
  const unique = await sql<{ table_name: string; column_name: string }>`
    select t.relname as table_name, a.attname as column_name
    from pg_index i
    join pg_class t on t.oid = i.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    join pg_attribute a on a.attrelid = t.oid and a.attnum = i.indkey[0]
    where i.indisunique and i.indnatts = 1 and n.nspname = current_schema()`.execute(db);

  const tables = new Map<string, LiveTable>();
  const tableOf = (name: string): LiveTable => {
    let table = tables.get(name);
    if (!table) {
      table = { columns: new Map(), unique: new Set() };
      tables.set(name, table);
    }
    return table;
  };
  for (const row of columns.rows) {
    tableOf(row.table_name).columns.set(row.column_name, {
      dataType: row.data_type,
      length: row.character_maximum_length === null ? null : Number(row.character_maximum_length),
    });
  }
  for (const row of unique.rows) tableOf(row.table_name).unique.add(row.column_name);
  return tables;
}

/** `table.column` for every column that leads an index (a lookup by it needs no other). */
export async function readLeadingIndexColumns(db: Db): Promise<Set<string>> {
  const result = await sql<{ table_name: string; column_name: string }>`
    select t.relname as table_name, a.attname as column_name
    from pg_index i
    join pg_class t on t.oid = i.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    join pg_attribute a on a.attrelid = t.oid and a.attnum = i.indkey[0]
    where n.nspname = current_schema()`.execute(db);
  return new Set(result.rows.map((r) => `${r.table_name}.${r.column_name}`));
}

/** The names of the indexes of each table of the current schema. */
export async function readLiveIndexes(db: Db): Promise<Map<string, Set<string>>> {
  const result = await sql<{ table_name: string; index_name: string }>`
    select tablename as table_name, indexname as index_name
    from pg_indexes where schemaname = current_schema()`.execute(db);
  const out = new Map<string, Set<string>>();
  for (const row of result.rows) {
    const names = out.get(row.table_name) ?? new Set<string>();
    names.add(row.index_name);
    out.set(row.table_name, names);
  }
  return out;
}

/** Whether a function of this name exists in the current schema. */
export async function functionExists(db: Db, name: string): Promise<boolean> {
  const result = await sql<{ found: boolean }>`
    select exists (
      select 1 from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where p.proname = ${name} and n.nspname = current_schema()
    ) as found`.execute(db);
  return result.rows[0]?.found === true;
}
