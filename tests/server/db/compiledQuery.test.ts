// @vitest-environment node
// A compiled statement runs on the pool behind the database's own Kysely, and through Kysely on
// anything else: a transaction's statements stay on its connection.

import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { queryRows, registerPool } from '../../../server/db/compiledQuery.ts';
import { createPglite } from '../../../server/db/pglite.ts';
import { backends, withDatabase } from '../harness.ts';

describe.each(backends)('queryRows on $name', (backend) => {
  it('answers the rows a statement reads, with the pool’s type parsers', async () => {
    await withDatabase(backend, async (db) => {
      const rows = await queryRows<{ n: number; d: string; t: Date }>(
        db,
        CompiledQuery.raw(
          `select $1::int8 as n, date '2026-11-27' as d, timestamptz '2026-11-27 08:00Z' as t`,
          ['7'],
        ),
      );
      // int8 as a number and a date as its text: connect.ts's parsers, as through Kysely
      expect(rows).toEqual([{ n: 7, d: '2026-11-27', t: new Date('2026-11-27T08:00:00Z') }]);
    });
  });

  it('runs inside a transaction on that transaction’s connection', async () => {
    await withDatabase(backend, async (db) => {
      await sql`create table queried (id serial primary key)`.execute(db);
      const count = CompiledQuery.raw('select count(*)::int as n from queried', []);
      await db.transaction().execute(async (trx) => {
        await sql`insert into queried default values`.execute(trx);
        // on the embedded database the pool holds one connection, which the transaction has:
        // a statement sent to the pool would wait for it for ever
        expect(await queryRows(trx, count)).toEqual([{ n: 1 }]);
      });
      expect(await queryRows(db, count)).toEqual([{ n: 1 }]);
    });
  });

  it('fails as the statement fails, and leaves the pool usable', async () => {
    await withDatabase(backend, async (db) => {
      await expect(queryRows(db, CompiledQuery.raw('select * from no_such_table', []))).rejects.toThrow(
        /no_such_table/,
      );
      expect(await queryRows(db, CompiledQuery.raw('select 1 as one', []))).toEqual([{ one: 1 }]);
    });
  });
});

describe('registerPool', () => {
  it('sends a registered instance’s statements to its pool, and no other instance’s', async () => {
    const pglite = await createPglite();
    const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1 });
    const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
    const query = vi.spyOn(pool, 'query');
    try {
      expect(await queryRows(db, CompiledQuery.raw('select 1 as one', []))).toEqual([{ one: 1 }]);
      expect(query).not.toHaveBeenCalled();
      registerPool(db, pool);
      expect(await queryRows(db, CompiledQuery.raw('select $1::int as v', [5]))).toEqual([{ v: 5 }]);
      expect(query).toHaveBeenCalledWith('select $1::int as v', [5]);
      // an instance made from it with a plugin is another object, and goes through Kysely
      query.mockClear();
      expect(await queryRows(db.withoutPlugins(), CompiledQuery.raw('select 2 as two', []))).toEqual([
        { two: 2 },
      ]);
      expect(query).not.toHaveBeenCalled();
    } finally {
      await db.destroy();
      await pglite.close();
    }
  });
});
