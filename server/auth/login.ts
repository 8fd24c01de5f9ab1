// Signing in: limits first, then the password, then the session. Every way a password can be
// wrong ends in the same message, and an unknown name costs the same scrypt work as a known
// one, so neither the answer nor its timing tells whether the account exists.
import type { LoginResult } from '../../runtime/contract.ts';
import { writeAudit } from '../audit.ts';
import type { Db } from '../db/tables.ts';
import { ApiError, badRequest, forbidden, locked, tooManyRequests } from '../http/errors.ts';
import { SERVER_MESSAGES } from '../http/messages.ts';
import type { SecurityConfig } from '../security.ts';
import { checkLock, recordAttempt } from './lockout.ts';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from './password.ts';
import { createSession } from './sessions.ts';

export interface LoginRequest {
  userName: unknown;
  password: unknown;
  address: string;
  userAgent?: string;
}

export async function login(db: Db, security: SecurityConfig, request: LoginRequest): Promise<LoginResult> {
  const userName = typeof request.userName === 'string' ? request.userName.trim() : '';
  const password = typeof request.password === 'string' ? request.password : '';
  const errors: Record<string, string> = {};
  if (!userName) errors.userName = 'required';
  if (!password) errors.password = 'required';
  if (userName.length > 200) errors.userName = 'too long';
  if (password.length > 1024) errors.password = 'too long';
  // no account name holds one, and PostgreSQL text cannot: refused before any lookup
  if (userName.includes('\u0000')) errors.userName = 'must not contain a NUL character';
  if (Object.keys(errors).length > 0) throw badRequest(errors);

  const lock = await checkLock(db, userName, request.address, security);
  if (lock.locked === 'address') {
    throw tooManyRequests(lock.retryAfterSeconds, SERVER_MESSAGES.tooManyLogins);
  }
  if (lock.locked === 'account') throw locked(lock.retryAfterSeconds);

  const user = await db
    .selectFrom('sys_users')
    .select(['id', 'user_name', 'password', 'status', 'firstlogin'])
    .where('user_name', '=', userName)
    .executeTakeFirst();
  const valid = await verifyPassword(password, user?.password ?? (await dummyHash(security.scrypt)));
  if (!user || !valid) {
    await recordAttempt(db, userName, request.address, false);
    throw new ApiError(401, SERVER_MESSAGES.loginFailed);
  }
  // Told only to someone who knows the password, so it reveals nothing to a guesser.
  if (user.status !== 0) throw forbidden(SERVER_MESSAGES.accountFrozen);

  await recordAttempt(db, userName, request.address, true);
  if (needsRehash(user.password, security.scrypt)) await rehash(db, user, password, security);
  const token = await createSession(
    db,
    { userId: user.id, address: request.address, userAgent: request.userAgent },
    security,
  );
  await writeAudit(db, {
    userId: user.id,
    userName: user.user_name,
    action: 'login',
    resource: 'sessions',
    address: request.address,
  });
  return { token, userId: user.id, firstlogin: user.firstlogin };
}

/**
 * A password stored under other scrypt parameters than the configured ones is hashed again with
 * them while its owner signs in, the one moment the password is at hand. Written only over the
 * hash it replaces: a password changed meanwhile stays as changed.
 */
async function rehash(
  db: Db,
  user: { id: number; password: string },
  password: string,
  security: SecurityConfig,
): Promise<void> {
  const hash = await hashPassword(password, security.scrypt);
  await db
    .updateTable('sys_users')
    .set({ password: hash })
    .where('id', '=', user.id)
    .where('password', '=', user.password)
    .execute();
}
