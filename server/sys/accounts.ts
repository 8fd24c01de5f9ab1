// Account changes outside plain CRUD: freezing and restoring, an administrator's password
// reset and a user's own password change. Each is one transaction with its audit entry, and
// each ends the sessions it must. An account holding more than the caller is not theirs to
// freeze or reset (docs/security.md), and the last active administrator stays active.
import { sql } from 'kysely';
import { writeAudit } from '../audit.ts';
import { keepActiveAdministrator, requireHoldsAccounts } from '../auth/grantRules.ts';
import { generatePassword, hashPassword } from '../auth/password.ts';
import { revokeUserSessions } from '../auth/sessions.ts';
import type { Db } from '../db/tables.ts';
import { notFound } from '../http/errors.ts';
import type { WriteActor } from '../resources/store.ts';
import type { SecurityConfig } from '../security.ts';

const FROZEN = 1;
const ACTIVE = 0;

async function requireUser(db: Db, id: number): Promise<void> {
  const user = await db.selectFrom('sys_users').select('id').where('id', '=', id).executeTakeFirst();
  if (!user) throw notFound({ zh: `用户 ${id} 不存在`, en: `users ${id} not found` });
}

export async function setUserStatus(db: Db, id: number, frozen: boolean, actor: WriteActor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await requireUser(trx, id);
    await requireHoldsAccounts(trx, actor.auth.grants, [id]);
    if (frozen) await keepActiveAdministrator(trx, [id], 'id');
    await trx
      .updateTable('sys_users')
      .set({ status: frozen ? FROZEN : ACTIVE, update_time: sql`now()`, version: sql`version + 1` })
      .where('id', '=', id)
      .execute();
    // a frozen user is signed out everywhere at once
    if (frozen) await revokeUserSessions(trx, id);
    await writeAudit(trx, {
      userId: actor.auth.userId,
      userName: actor.auth.userName,
      action: frozen ? 'freeze' : 'restore',
      resource: 'users',
      target: id,
      address: actor.address,
    });
  });
}

/** Sets the given password or a generated one (returned); the user must change it at next login. */
export async function resetPassword(
  db: Db,
  id: number,
  password: string | undefined,
  actor: WriteActor,
  security: SecurityConfig,
): Promise<string | undefined> {
  const generated = password === undefined ? generatePassword() : undefined;
  const hash = await hashPassword(password ?? (generated as string), security.scrypt);
  await db.transaction().execute(async (trx) => {
    await requireUser(trx, id);
    // a password reset on a stronger account would be a way into it
    if (id !== actor.auth.userId) await requireHoldsAccounts(trx, actor.auth.grants, [id]);
    await trx
      .updateTable('sys_users')
      .set({ password: hash, firstlogin: true, update_time: sql`now()`, version: sql`version + 1` })
      .where('id', '=', id)
      .execute();
    await revokeUserSessions(trx, id);
    await writeAudit(trx, {
      userId: actor.auth.userId,
      userName: actor.auth.userName,
      action: 'resetPassword',
      resource: 'users',
      target: id,
      address: actor.address,
    });
  });
  return generated;
}

/** The caller's own new password: other sessions end, this one stays, firstlogin is cleared. */
export async function changeOwnPassword(
  db: Db,
  password: string,
  actor: WriteActor,
  security: SecurityConfig,
): Promise<void> {
  const hash = await hashPassword(password, security.scrypt);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('sys_users')
      .set({ password: hash, firstlogin: false, update_time: sql`now()`, version: sql`version + 1` })
      .where('id', '=', actor.auth.userId)
      .execute();
    await revokeUserSessions(trx, actor.auth.userId, actor.auth.sessionId);
    await writeAudit(trx, {
      userId: actor.auth.userId,
      userName: actor.auth.userName,
      action: 'changePassword',
      resource: 'users',
      target: actor.auth.userId,
      address: actor.address,
    });
  });
}
