// A compiled statement run on the pool behind a Kysely instance, without Kysely's executor.
// A list request sends the same four statements every time (the session and its grants, the
// page, the planner's estimate, the count), each compiled once per shape. Through
// `db.executeQuery` each goes through Kysely's connection provider, driver and result mapping:
// some promises and objects more than pg's own `pool.query`, about 6–9 µs a statement on the
// machine of docs/benchmarks.md ("Lists"), which the list's throughput is measured against.
// The pool is the one Kysely itself uses (connect.ts registers it), so the statement meets the
// same connections, type parsers and limits.
//
// Only the root instance is registered: a transaction (or a Kysely made `withPlugin`, which
// could rewrite results) is another object, is not found, and runs through Kysely as before, so
// a statement inside a transaction stays on that transaction's connection.
import type { CompiledQuery, Kysely } from 'kysely';
import type pg from 'pg';

const pools = new WeakMap<Kysely<any>, pg.Pool>();

/** Says that `db`'s statements, outside a transaction, may go straight to `pool`. */
export function registerPool(db: Kysely<any>, pool: pg.Pool): void {
  pools.set(db, pool);
}

/**
 * The rows of a compiled statement, run on `db` (its pool when it has one registered). `types`
 * parses its values otherwise than the pool does (typeParsers.ts); through Kysely (a
 * transaction) the pool's own parsers apply, so a caller takes either.
 */
export async function queryRows<R>(
  db: Kysely<any>,
  compiled: CompiledQuery,
  types?: pg.CustomTypesConfig,
): Promise<R[]> {
  const pool = pools.get(db);
  if (!pool) return (await db.executeQuery<R>(compiled)).rows;
  if (!types) return (await pool.query(compiled.sql, compiled.parameters as unknown[])).rows as R[];
  return (await pool.query({ text: compiled.sql, values: compiled.parameters as unknown[], types }))
    .rows as R[];
}
