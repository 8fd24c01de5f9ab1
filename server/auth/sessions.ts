// Server-side sessions. Expiry is computed with the database clock, so several processes on
// one PostgreSQL agree on it, and nothing about a session lives in a process's memory.
import { CompiledQuery, sql } from 'kysely';
import { queryRows } from '../db/compiledQuery.ts';
import type { Db } from '../db/tables.ts';
import type { SecurityConfig } from '../security.ts';
import { ADMIN_ROLE_KEY, type Grants } from './grants.ts';
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

/** A session and its grants as findSessionGrants() reads them. */
interface SessionGrantsRow {
  id: number;
  user_id: number;
  role_id: number | null;
  user_name: string;
  real_name: string;
  firstlogin: boolean;
  is_admin: boolean;
  roles: Array<{ id: number; roleKey: string; roleName: string }> | string;
  /** JSON arrays as text, parsed only when read (lazyGrants) */
  menu_ids: string;
  perms: string;
}

/**
 * findSessionGrants()'s statement, written once (it runs on every signed-in request): $1 how
 * often last-seen is written, $2 the token's hash, $3 the idle limit, both in ms, $4 the
 * administrators' role key. The list benchmark's hand-written route sends it too.
 */
export const SESSION_GRANTS_SQL = `    with s as (
      select s.id, s.user_id, s.role_id, u.user_name, u.real_name, u.firstlogin,
             s.last_seen_at < now() - ($1 * interval '1 millisecond') as stale
      from sys_sessions s join sys_users u on u.id = s.user_id
      where s.token_hash = $2 and s.revoked_at is null and s.expires_at > now()
        and s.last_seen_at > now() - ($3 * interval '1 millisecond') and u.status = 0
    ),
    touched as (
      update sys_sessions set last_seen_at = now() where id in (select id from s where stale) returning id
    ),
    r as (
      select r.id, r.role_key, r.role_name, r.sort_order
      from s join sys_user_roles ur on ur.user_id = s.user_id join sys_roles r on r.id = ur.role_id
      where r.status = 0 and (s.role_id is null or r.id = s.role_id)
    ),
    a as (select exists (select 1 from r where r.role_key = $4) as is_admin),
    m as (
      select m.id, m.perms from sys_menus m, a
      where m.status = 0 and (a.is_admin or m.id in (
        select rm.menu_id from sys_role_menus rm where rm.role_id in (select id from r)))
    )
    select s.id, s.user_id, s.role_id, s.user_name, s.real_name, s.firstlogin, a.is_admin,
      coalesce((select json_agg(json_build_object('id', r.id, 'roleKey', r.role_key, 'roleName', r.role_name)
        order by r.sort_order, r.id) from r), '[]'::json) as roles,
      coalesce((select json_agg(m.id order by m.id) from m), '[]')::text as menu_ids,
      coalesce((select json_agg(m.perms) from m where m.perms is not null and m.perms <> ''), '[]')::text as perms
    from s, a`;

/**
 * The live session behind a token and what it may do, in one statement and so one round trip
 * per request: the session and its user, the last-seen touch when it is due (a data-modifying
 * WITH runs whether or not the rest reads it), the roles and the granted menus. The same rules as
 * findSession() and loadGrants(), which the tests hold this to; nothing is cached, so a change of
 * roles, grants or sessions counts from the next request in every process.
 */
export async function findSessionGrants(
  db: Db,
  token: string,
  security: SecurityConfig,
): Promise<(SessionUser & { grants: Grants }) | null> {
  const [row] = await queryRows<SessionGrantsRow>(
    db,
    CompiledQuery.raw(SESSION_GRANTS_SQL, [
      TOUCH_EVERY_MS,
      hashToken(token),
      security.sessionIdleMs,
      ADMIN_ROLE_KEY,
    ]),
  );
  if (!row) return null;
  const roles = typeof row.roles === 'string' ? JSON.parse(row.roles) : row.roles;
  return {
    sessionId: row.id,
    userId: row.user_id,
    userName: row.user_name,
    realName: row.real_name,
    roleId: row.role_id,
    firstlogin: row.firstlogin,
    grants: lazyGrants(row.is_admin, roles, row.perms, row.menu_ids),
  };
}

/**
 * Grants whose sets are made when first read: most requests only ask whether a code is allowed,
 * which an administrator's grants answer without them, and an administrator holds every menu
 * (some hundred codes and ids a request would otherwise put in sets and throw away). The codes
 * and ids come as JSON text, parsed here when first read: as PostgreSQL arrays pg parsed them on
 * every request, a character at a time (about 130 kB of garbage for an administrator's).
 */
function lazyGrants(isAdmin: boolean, roles: Grants['roles'], perms: string, menuIds: string): Grants {
  let permissions: Set<string> | undefined;
  let menus: Set<number> | undefined;
  return {
    isAdmin,
    roles,
    get permissions() {
      permissions ??= new Set(JSON.parse(perms) as string[]);
      return permissions;
    },
    get menuIds() {
      menus ??= new Set(JSON.parse(menuIds) as number[]);
      return menus;
    },
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
