// Change stamps: a number per table that every statement writing the table raises, inside the
// writer's own transaction (a statement trigger). A reader that reads a table's stamp and then
// reads the table knows that, while the stamp it finds later is the same, nothing has changed
// what it read: a write not yet committed when the stamp was read is seen neither in the stamp nor
// in the rows, and one committed after it raised the stamp. The list totals' cache
// (resources/countCache.ts) keeps exact counts by them.
//
// They are kept on the embedded database only. PGlite runs one transaction at a time, so the
// trigger's update of its table's stamp row waits on nothing. On a PostgreSQL server the writers of
// one table would queue on that row until each commits, and two writers of two tables in opposite
// orders could deadlock; there the count runs beside other work, and is not cached.
import { sql } from 'kysely';
import type { Db } from './tables.ts';

export const CHANGE_STAMPS_TABLE = 'sys_change_stamps';
const TRIGGER = 'sys_change_stamp';
const FUNCTION = 'sys_raise_change_stamp';

/**
 * Gives every table of the public schema a stamp and the trigger that raises it (the tables it
 * finds without one: a start after new resources, or the first), and forgets the stamps of tables
 * that are gone. Run on each start after the tables are level with the schemas; idempotent.
 */
export async function installChangeStamps(db: Db): Promise<void> {
  await sql`create table if not exists ${sql.table(CHANGE_STAMPS_TABLE)} (
    rel oid primary key,
    stamp bigint not null default 0
  )`.execute(db);
  // keyed by the table's oid: a table dropped and made again is a new table, untracked until this
  // runs again, never one that keeps an old stamp without the trigger
  await sql`create or replace function ${sql.raw(FUNCTION)}() returns trigger language plpgsql as $$
    begin
      update ${sql.table(CHANGE_STAMPS_TABLE)} set stamp = stamp + 1 where rel = tg_relid;
      return null;
    end $$`.execute(db);
  await sql`do $$
    declare t record;
    begin
      for t in
        select c.oid, c.oid::regclass as name from pg_class c
          join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relname <> ${sql.lit(CHANGE_STAMPS_TABLE)}
          and not exists (select from pg_trigger g where g.tgrelid = c.oid and g.tgname = ${sql.lit(TRIGGER)})
      loop
        execute format('create trigger ${sql.raw(TRIGGER)} after insert or update or delete or truncate on %s for each statement execute function ${sql.raw(FUNCTION)}()', t.name);
        insert into ${sql.table(CHANGE_STAMPS_TABLE)} (rel) values (t.oid) on conflict (rel) do nothing;
      end loop;
      delete from ${sql.table(CHANGE_STAMPS_TABLE)} s where not exists (select from pg_class c where c.oid = s.rel);
    end $$`.execute(db);
}

/**
 * Takes the triggers, the function and the stamps away again: a database that came from the
 * embedded one to a PostgreSQL server (a dump and restore) would otherwise keep making its
 * writers queue on the stamps. Nothing is done where there are none.
 */
export async function removeChangeStamps(db: Db): Promise<void> {
  await sql`do $$
    declare t record;
    begin
      -- if exists: servers starting at once on one database each drop what the other may have
      for t in select g.tgrelid::regclass as name from pg_trigger g where g.tgname = ${sql.lit(TRIGGER)} loop
        execute format('drop trigger if exists ${sql.raw(TRIGGER)} on %s', t.name);
      end loop;
    end $$`.execute(db);
  await sql`drop function if exists ${sql.raw(FUNCTION)}()`.execute(db);
  await sql`drop table if exists ${sql.table(CHANGE_STAMPS_TABLE)}`.execute(db);
}

/** Stamps for the embedded database, none for a server; says whether stamps are kept. */
export async function prepareChangeStamps(db: Db, backend: 'pglite' | 'postgres'): Promise<boolean> {
  if (backend === 'pglite') await installChangeStamps(db);
  else await removeChangeStamps(db);
  return backend === 'pglite';
}

/**
 * The stamps of the tables named (as EXPLAIN names them: unqualified, found on the search path),
 * in their order; undefined when one of them has no working trigger (a table of another schema,
 * one made since the last start, one whose trigger a maintainer disabled), whose changes nothing
 * would tell.
 */
export async function readChangeStamps(db: Db, tables: readonly string[]): Promise<string[] | undefined> {
  const { rows } = await sql<{ stamp: string | null }>`
    select s.stamp::text as stamp
    from unnest(${[...tables]}::text[]) with ordinality as r(name, n)
      left join pg_trigger g on g.tgrelid = to_regclass(r.name) and g.tgname = ${TRIGGER} and g.tgenabled <> 'D'
      left join ${sql.table(CHANGE_STAMPS_TABLE)} s on s.rel = g.tgrelid
    order by r.n`.execute(db);
  if (rows.some((r) => r.stamp === null)) return undefined;
  return rows.map((r) => r.stamp as string);
}
