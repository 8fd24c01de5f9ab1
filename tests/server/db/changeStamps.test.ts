// @vitest-environment node
// Change stamps: every statement that writes a table raises its stamp once, in the writer's
// transaction; a table nothing would tell about (made since, disabled trigger, another schema)
// has none; the server's start keeps them on the embedded database and takes them away on a
// PostgreSQL server.
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  installChangeStamps,
  prepareChangeStamps,
  readChangeStamps,
  removeChangeStamps,
} from '../../../server/db/changeStamps.ts';
import type { Db } from '../../../server/db/tables.ts';
import { backends, withDatabase } from '../harness.ts';

const stampOf = async (db: Db, table: string) => (await readChangeStamps(db, [table]))?.[0];

const triggers = async (db: Db) =>
  Number(
    (
      await sql<{
        n: number;
      }>`select count(*)::int as n from pg_trigger where tgname = 'sys_change_stamp'`.execute(db)
    ).rows[0].n,
  );

describe.each(backends)('change stamps on $name', (backend) => {
  it('raise a table’s stamp once for each statement that writes it, and only when it commits', async () => {
    await withDatabase(backend, async (db) => {
      await sql`create table stamped (id serial primary key, v int)`.execute(db);
      await sql`create table beside (id serial primary key)`.execute(db);
      await installChangeStamps(db);
      expect(await readChangeStamps(db, ['stamped', 'beside'])).toEqual(['0', '0']);

      // one statement of many rows is one change
      await sql`insert into stamped (v) select g from generate_series(1, 50) g`.execute(db);
      expect(await stampOf(db, 'stamped')).toBe('1');
      await sql`update stamped set v = v + 1 where id <= 10`.execute(db);
      expect(await stampOf(db, 'stamped')).toBe('2');
      await sql`delete from stamped where id = 1`.execute(db);
      expect(await stampOf(db, 'stamped')).toBe('3');
      await sql`truncate stamped`.execute(db);
      expect(await stampOf(db, 'stamped')).toBe('4');
      // a statement that matched nothing still ran; a read is no change
      await sql`update stamped set v = 0 where id = -1`.execute(db);
      await sql`select * from stamped`.execute(db);
      expect(await stampOf(db, 'stamped')).toBe('5');
      // the other table's stamp never moved
      expect(await stampOf(db, 'beside')).toBe('0');

      // a write rolled back leaves the stamp where it was
      await db
        .transaction()
        .execute(async (tx) => {
          await sql`insert into stamped (v) values (1)`.execute(tx);
          expect(await stampOf(tx, 'stamped')).toBe('6');
          throw new Error('roll back');
        })
        .catch(() => {});
      expect(await stampOf(db, 'stamped')).toBe('5');

      // running it again changes nothing and keeps the stamps
      await installChangeStamps(db);
      expect(await triggers(db)).toBeGreaterThan(0);
      expect(await stampOf(db, 'stamped')).toBe('5');
    });
  });

  it('have no stamp for a table nothing would tell about: made since, its trigger disabled, another schema, or gone', async () => {
    await withDatabase(backend, async (db) => {
      await sql`create table kept (id serial primary key)`.execute(db);
      await sql`create schema elsewhere`.execute(db);
      await sql`create table elsewhere.outside (id serial primary key)`.execute(db);
      await installChangeStamps(db);
      await sql`create table later (id serial primary key)`.execute(db);

      expect(await readChangeStamps(db, ['kept'])).toEqual(['0']);
      expect(await readChangeStamps(db, ['kept', 'later'])).toBeUndefined();
      expect(await readChangeStamps(db, ['outside'])).toBeUndefined();
      expect(await readChangeStamps(db, ['no_such_table'])).toBeUndefined();

      await sql`alter table kept disable trigger sys_change_stamp`.execute(db);
      expect(await readChangeStamps(db, ['kept'])).toBeUndefined();
      await sql`alter table kept enable trigger sys_change_stamp`.execute(db);

      // the next start takes in the new table; one dropped and made again is new, not the old one
      await installChangeStamps(db);
      expect(await readChangeStamps(db, ['kept', 'later'])).toEqual(['0', '0']);
      await sql`insert into kept default values`.execute(db);
      await sql`drop table kept`.execute(db);
      await sql`create table kept (id serial primary key)`.execute(db);
      expect(await readChangeStamps(db, ['kept'])).toBeUndefined();
      await installChangeStamps(db);
      expect(await readChangeStamps(db, ['kept'])).toEqual(['0']);
      // the dropped table's stamp went with it
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from sys_change_stamps s where not exists (select from pg_class c where c.oid = s.rel)`.execute(
        db,
      );
      expect(rows[0].n).toBe(0);
    });
  });

  it('are kept by the start on the embedded database only, and taken away on a server', async () => {
    await withDatabase(backend, async (db) => {
      await sql`create table counted (id serial primary key)`.execute(db);
      expect(await prepareChangeStamps(db, 'pglite')).toBe(true);
      expect(await triggers(db)).toBeGreaterThan(0);
      expect(await prepareChangeStamps(db, 'postgres')).toBe(false);
      expect(await triggers(db)).toBe(0);
      const { rows } = await sql<{ t: string | null; f: string | null }>`
      select to_regclass('sys_change_stamps')::text as t, to_regproc('sys_raise_change_stamp')::text as f`.execute(
        db,
      );
      expect(rows[0]).toEqual({ t: null, f: null });
      // a database that never had them
      await removeChangeStamps(db);
      await sql`insert into counted default values`.execute(db);
    });
  });
});

// two connections at once: a PostgreSQL server's
describe.each(backends.filter((b) => b.name === 'postgresql'))(
  'change stamps on $name, seen from another connection',
  (backend) => {
    it('show another connection a stamp only with the rows it stands for', async () => {
      const { handle, dispose, url } = await backend.open();
      const db = handle.db;
      const writer = new pg.Client({ connectionString: url });
      try {
        await sql`create table shared_rows (id serial primary key)`.execute(db);
        await installChangeStamps(db);
        await writer.connect();
        await writer.query('begin');
        await writer.query('insert into shared_rows default values');
        // uncommitted: neither the row nor the raised stamp is seen
        expect(await stampOf(db, 'shared_rows')).toBe('0');
        expect((await sql`select * from shared_rows`.execute(db)).rows).toHaveLength(0);
        await writer.query('commit');
        expect(await stampOf(db, 'shared_rows')).toBe('1');
        expect((await sql`select * from shared_rows`.execute(db)).rows).toHaveLength(1);
      } finally {
        await writer.end();
        await dispose();
      }
    });
  },
);
