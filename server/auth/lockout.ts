// Failed-login counting in the login_attempts table, so a lock holds across restarts and
// across processes sharing one database. Attempts are counted by the name typed, whether or
// not such a user exists, so a lock does not reveal which names are real.
import { sql } from 'kysely';
import type { Db } from '../db/tables.ts';
import type { SecurityConfig } from '../security.ts';

export type LockState = { locked: false } | { locked: 'account' | 'address'; retryAfterSeconds: number };

/** One account is one name, whatever its letter case. */
export function attemptKey(userName: string): string {
  return userName.trim().toLowerCase();
}

export async function checkLock(
  db: Db,
  userName: string,
  address: string,
  security: SecurityConfig,
): Promise<LockState> {
  const byAddress = await db
    .selectFrom('sys_login_attempts')
    .select([
      sql<number>`count(*)::int`.as('n'),
      sql<number>`extract(epoch from (min(created_at) + ${security.lockoutWindowMs} * interval '1 millisecond' - now()))`.as(
        'wait',
      ),
    ])
    .where('address', '=', address)
    .where('success', '=', false)
    .where('created_at', '>', sql<Date>`now() - ${security.lockoutWindowMs} * interval '1 millisecond'`)
    .executeTakeFirstOrThrow();
  if (byAddress.n >= security.addressFailureLimit) {
    return { locked: 'address', retryAfterSeconds: Math.max(1, Math.ceil(Number(byAddress.wait))) };
  }

  // The last `threshold` failures since the last success: a lock is `threshold` failures
  // inside one window, and it lasts lockoutMs from the newest of them.
  const key = attemptKey(userName);
  const recent = await sql<{ n: number; span_ms: number | null; wait_ms: number | null }>`
    with failures as (
      select created_at from sys_login_attempts
      where user_name = ${key} and not success
        and created_at > coalesce(
          (select max(created_at) from sys_login_attempts where user_name = ${key} and success), '-infinity')
      order by created_at desc
      limit ${security.lockoutThreshold}
    )
    select count(*)::int as n,
      (extract(epoch from (max(created_at) - min(created_at))) * 1000)::float8 as span_ms,
      (extract(epoch from (max(created_at) - now())) * 1000 + ${security.lockoutMs})::float8 as wait_ms
    from failures`.execute(db);
  const row = recent.rows[0];
  if (
    row &&
    row.n >= security.lockoutThreshold &&
    Number(row.span_ms) <= security.lockoutWindowMs &&
    Number(row.wait_ms) > 0
  ) {
    return { locked: 'account', retryAfterSeconds: Math.ceil(Number(row.wait_ms) / 1000) };
  }
  return { locked: false };
}

export async function recordAttempt(
  db: Db,
  userName: string,
  address: string,
  success: boolean,
): Promise<void> {
  await db
    .insertInto('sys_login_attempts')
    .values({ user_name: attemptKey(userName), address, success })
    .execute();
}
