// Keeps the sessions and login-attempts tables from growing without end: sessions a day past
// their end or revocation, and attempts older than a day (the lockout looks back 15 minutes),
// are deleted. The audit log is never pruned here.
import { sql } from 'kysely';
import type { Db } from '../db/tables.ts';

const RETENTION = sql`interval '1 day'`;

export async function pruneExpired(db: Db): Promise<{ sessions: number; attempts: number }> {
  const sessions = await db
    .deleteFrom('sys_sessions')
    .where((eb) =>
      eb.or([
        eb('expires_at', '<', sql<Date>`now() - ${RETENTION}`),
        eb('revoked_at', '<', sql<Date>`now() - ${RETENTION}`),
      ]),
    )
    .executeTakeFirst();
  const attempts = await db
    .deleteFrom('sys_login_attempts')
    .where('created_at', '<', sql<Date>`now() - ${RETENTION}`)
    .executeTakeFirst();
  return { sessions: Number(sessions.numDeletedRows), attempts: Number(attempts.numDeletedRows) };
}
