// Server-side sessions. Expiry is computed with the database clock, so several processes on
// one PostgreSQL agree on it, and nothing about a session lives in a process's memory.
import { sql } from 'kysely';
import type { Db } from '../db/tables.ts';
import type { SecurityConfig } from '../security.ts';
import { hashToken, newToken } from './tokens.ts';

export interface SessionUser {
  sessionId: number;
  userId: number;
  userName: string;
  realName: string;
  /** set after a role switch: the session acts with this role only */
  roleId: number | null;
  firstlogin: boolean;
}

export interface NewSession {
  userId: number;
  roleId?: number | null;
  address?: string | null;
  userAgent?: string | null;
}

/** Last-seen is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 60_000;

const ms = (n: number) => sql`(${n} * interval '1 millisecond')`;

/** Returns the token; only its hash is stored. */
export async function createSession(db: Db, session: NewSession, security: SecurityConfig): Promise<string> {
  const token = newToken();
  await db
    .insertInto('sys_sessions')
    .values({
      token_hash: hashToken(token),
      user_id: session.userId,
      role_id: session.roleId ?? null,
      address: session.address ?? null,
      user_agent: session.userAgent?.slice(0, 300) ?? null,
      expires_at: sql<Date>`now() + ${ms(security.sessionAbsoluteMs)}`,
    })
    .execute();
  return token;
}

/** The live session behind a token, or null when it is unknown, revoked, idle too long or past its end. */
export async function findSession(
  db: Db,
  token: string,
  security: SecurityConfig,
): Promise<SessionUser | null> {
  const row = await db
    .selectFrom('sys_sessions as s')
    .innerJoin('sys_users as u', 'u.id', 's.user_id')
    .select([
      's.id',
      's.user_id',
      's.role_id',
      'u.user_name',
      'u.real_name',
      'u.firstlogin',
      sql<boolean>`s.last_seen_at < now() - ${ms(TOUCH_EVERY_MS)}`.as('stale'),
    ])
    .where('s.token_hash', '=', hashToken(token))
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', sql<Date>`now()`)
    .where('s.last_seen_at', '>', sql<Date>`now() - ${ms(security.sessionIdleMs)}`)
    .where('u.status', '=', 0)
    .executeTakeFirst();
  if (!row) return null;
  if (row.stale)
    await db.updateTable('sys_sessions').set({ last_seen_at: sql`now()` }).where('id', '=', row.id).execute();
  return {
    sessionId: row.id,
    userId: row.user_id,
    userName: row.user_name,
    realName: row.real_name,
    roleId: row.role_id,
    firstlogin: row.firstlogin,
  };
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db
    .updateTable('sys_sessions')
    .set({ revoked_at: sql`now()` })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every live session of a user, optionally keeping one (the caller's own). */
export async function revokeUserSessions(db: Db, userId: number, keepSessionId?: number): Promise<number> {
  let query = db
    .updateTable('sys_sessions')
    .set({ revoked_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepSessionId !== undefined) query = query.where('id', '!=', keepSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Sessions still usable now, for the dashboard. */
export async function countActiveSessions(db: Db, security: SecurityConfig): Promise<number> {
  const row = await db
    .selectFrom('sys_sessions')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .where('last_seen_at', '>', sql<Date>`now() - ${ms(security.sessionIdleMs)}`)
    .executeTakeFirstOrThrow();
  return row.n;
}
