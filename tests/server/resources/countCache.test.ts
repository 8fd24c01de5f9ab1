// @vitest-environment node
// The kept list totals: a count asked again while its tables are unchanged is not run again; any
// committed write to one of them, from anywhere, makes the next one count; a count that reads the
// clock, reads a table without a stamp, or was over the caller's cost line is never answered from
// the cache; the cache holds a bounded number of totals.
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { installChangeStamps } from '../../../server/db/changeStamps.ts';
import type { Db } from '../../../server/db/tables.ts';
import { CountCache } from '../../../server/resources/countCache.ts';
import {
  ADMIN_PASSWORD,
  type Backend,
  backends,
  call,
  login,
  startServer,
  withDatabase,
} from '../harness.ts';

const countOf = (db: Db, where: RawBuilder<SqlBool> = sql<SqlBool>`true`) =>
  (db as unknown as Kysely<any>)
    .selectFrom('tallied')
    .where(where)
    .select(sql<number>`count(*)::int`.as('total'))
    .compile();

/** A promise and its resolve (Promise.withResolvers needs Node 22). */
function signal(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const run = async (db: Db, where?: RawBuilder<SqlBool>) =>
  Number((await db.executeQuery<{ total: number }>(countOf(db, where))).rows[0].total);

/** A fresh database with the table `tallied` of these columns, its stamps kept, for one test. */
async function withTallied(
  backend: Backend,
  columns: string,
  body: (db: Db) => Promise<void>,
): Promise<void> {
  await withDatabase(backend, async (db) => {
    await sql`create table tallied (id serial primary key, ${sql.raw(columns)})`.execute(db);
    await installChangeStamps(db);
    await body(db);
  });
}

/** A plan as EXPLAIN would give it, counted in calls. */
const planOf = (cost: number, tables = ['tallied']) => vi.fn(async () => ({ rows: 0, cost, tables }));

describe.each(backends)('the count cache on $name', (backend) => {
  it('answers a count again from its kept total until a write to one of its tables commits', async () => {
    await withTallied(backend, 'v int', async (db) => {
      await sql`create table other (id serial primary key)`.execute(db);
      await sql`insert into tallied (v) select g from generate_series(1, 30) g`.execute(db);
      const cache = new CountCache(db);
      const plan = planOf(10);
      const counting = vi.fn(() => run(db));
      const total = () => cache.total(countOf(db), 4000, plan, counting);

      expect(await total()).toEqual({ total: 30 });
      expect(await total()).toEqual({ total: 30 });
      expect(await total()).toEqual({ total: 30 });
      expect(counting).toHaveBeenCalledTimes(1);
      expect(plan).toHaveBeenCalledTimes(1);

      // another table's write leaves it; a rolled-back write to its own leaves it too
      await sql`insert into other default values`.execute(db);
      await db
        .transaction()
        .execute(async (tx) => {
          await sql`delete from tallied`.execute(tx);
          throw new Error('roll back');
        })
        .catch(() => {});
      expect(await total()).toEqual({ total: 30 });
      expect(counting).toHaveBeenCalledTimes(1);

      // each kind of write makes the next one count, once
      const writes = [
        { write: sql`insert into tallied (v) values (0)`, after: 31 },
        { write: sql`update tallied set v = v + 1 where id = 2`, after: 31 },
        { write: sql`delete from tallied where id = 3`, after: 30 },
        { write: sql`truncate tallied`, after: 0 },
      ];
      for (const [i, { write, after }] of writes.entries()) {
        await write.execute(db);
        expect(await total()).toEqual({ total: after });
        expect(await total()).toEqual({ total: after });
        expect(counting).toHaveBeenCalledTimes(2 + i);
      }
    });
  });

  it('keeps no count that reads the clock or a table without a stamp, and answers none past the caller’s cost line', async () => {
    await withTallied(backend, 'at timestamptz', async (db) => {
      await sql`create table unstamped (id serial primary key)`.execute(db);
      await sql`insert into tallied (at) values (now() - interval '1 day'), (now() + interval '1 day')`.execute(
        db,
      );
      const cache = new CountCache(db);

      const past = sql<SqlBool>`at <= now()`;
      const dated = vi.fn(() => run(db, past));
      await cache.total(countOf(db, past), 4000, planOf(10), dated);
      expect(await cache.total(countOf(db, past), 4000, planOf(10), dated)).toEqual({ total: 1 });
      expect(dated).toHaveBeenCalledTimes(2);

      const unstamped = vi.fn(() => run(db));
      const both = planOf(10, ['tallied', 'unstamped']);
      await cache.total(countOf(db), 4000, both, unstamped);
      expect(await cache.total(countOf(db), 4000, both, unstamped)).toEqual({ total: 2 });
      expect(unstamped).toHaveBeenCalledTimes(2);

      // kept at a cost of 500: a caller whose line is 100 is told to estimate, and nothing is counted
      const dear = planOf(500, ['tallied']);
      const costly = vi.fn(() => run(db, sql<SqlBool>`id > 0`));
      expect(await cache.total(countOf(db, sql<SqlBool>`id > 0`), 4000, dear, costly)).toEqual({ total: 2 });
      const answer = await cache.total(countOf(db, sql<SqlBool>`id > 0`), 100, dear, costly);
      expect(answer).toEqual({ overCost: { rows: 0, cost: 500, tables: ['tallied'] } });
      expect(costly).toHaveBeenCalledTimes(1);
      expect(await cache.total(countOf(db, sql<SqlBool>`id > 0`), 4000, dear, costly)).toEqual({ total: 2 });
      expect(costly).toHaveBeenCalledTimes(1);
    });
  });

  it('lets the lists that ask while a count runs wait for it, and forgets a count that failed', async () => {
    await withTallied(backend, 'v int', async (db) => {
      const cache = new CountCache(db);
      const total = (counting: () => Promise<number>) => cache.total(countOf(db), 4000, planOf(10), counting);
      expect(await total(() => run(db))).toEqual({ total: 0 });

      // after a write, four lists at once: the first to find the stamps moved counts, the rest wait
      await sql`insert into tallied (v) values (1)`.execute(db);
      const started = signal();
      let finish: (n: number) => void = () => {};
      const counting = vi.fn(() => {
        started.resolve();
        return new Promise<number>((resolve) => (finish = resolve));
      });
      const four = Promise.all([total(counting), total(counting), total(counting), total(counting)]);
      await started.promise;
      finish(1);
      expect(await four).toEqual([{ total: 1 }, { total: 1 }, { total: 1 }, { total: 1 }]);
      expect(counting).toHaveBeenCalledTimes(1);

      // a count that fails is not kept: the one waiting counts for itself, and so does the next
      await sql`insert into tallied (v) values (2)`.execute(db);
      const begun = signal();
      let fail: (e: Error) => void = () => {};
      const failing = total(() => {
        begun.resolve();
        return new Promise<number>((_, reject) => (fail = reject));
      });
      const waiter = vi.fn(() => run(db));
      await begun.promise;
      const waiting = total(waiter);
      fail(new Error('canceled'));
      await expect(failing).rejects.toThrow('canceled');
      expect(await waiting).toEqual({ total: 2 });
      expect(waiter).toHaveBeenCalledTimes(1);
      const next = vi.fn(() => run(db));
      expect(await total(next)).toEqual({ total: 2 });
      expect(next).toHaveBeenCalledTimes(0);
    });
  });

  it('holds at most its limit of totals, letting the least recently used go first', async () => {
    await withTallied(backend, 'v int', async (db) => {
      await sql`insert into tallied (v) select g from generate_series(1, 9) g`.execute(db);
      const cache = new CountCache(db, 2);
      const counted: number[] = [];
      const over = (n: number) =>
        cache.total(countOf(db, sql<SqlBool>`v > ${n}`), 4000, planOf(10), () => {
          counted.push(n);
          return run(db, sql<SqlBool>`v > ${n}`);
        });
      await over(1);
      await over(2);
      // the first is used again, so the second is the one let go for a third
      expect(await over(1)).toEqual({ total: 8 });
      await over(3);
      expect(await over(2)).toEqual({ total: 7 });
      expect(counted).toEqual([1, 2, 3, 2]);
    });
  });
});

describe.each(backends)('list totals through the API on $name', (backend) => {
  it('stay exact when rows are written beside the server, and are counted once while nothing changes', async () => {
    const server = await startServer(backend);
    try {
      const token = await login(server.app, 'admin', ADMIN_PASSWORD);
      const list = async () => {
        const answer = await call(server.app, 'GET', '/api/qa/notes', {
          token,
          query: { page: '1', limit: '2' },
        });
        expect(answer.status).toBe(200);
        return answer.body.data.total as number;
      };
      await sql`insert into qa_notes (title, version) select 'n' || g, 1 from generate_series(1, 5) g`.execute(
        server.db,
      );
      expect(await list()).toBe(5);
      // a write as a maintainer's psql makes it: the next list counts again
      await sql`insert into qa_notes (title, version) values ('six', 1)`.execute(server.db);
      expect(await list()).toBe(6);
      await sql`delete from qa_notes where title = 'six'`.execute(server.db);
      expect(await list()).toBe(5);

      // a row written where no trigger fires (replication's apply mode) is unknown to the stamps: a
      // total that moves with it was counted again, one that stays was kept
      await server.db.transaction().execute(async (tx) => {
        await sql`set local session_replication_role = replica`.execute(tx);
        await sql`insert into qa_notes (title, version) values ('unseen', 1)`.execute(tx);
      });
      expect(await list()).toBe(server.app.counts ? 5 : 6);
      expect(server.app.counts !== undefined).toBe(backend.name === 'pglite');
    } finally {
      await server.close();
    }
  });
});
