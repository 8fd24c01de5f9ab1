// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOGIN_FAILED_MESSAGE,
  PASSWORD_CHANGE_REQUIRED_MESSAGE,
  TOKEN_FAILED_MESSAGE,
  TOKEN_FAILED_MESSAGES,
} from '../../runtime/contract.ts';
import { pruneExpired } from '../../server/auth/housekeeping.ts';
import { hashPassword, OWASP_SCRYPT, verifyPassword } from '../../server/auth/password.ts';
import { hashToken } from '../../server/auth/tokens.ts';
import { SERVER_MESSAGES } from '../../server/http/messages.ts';
import {
  ADMIN_PASSWORD,
  ageSessions,
  backends,
  call,
  createUser,
  login,
  startServer,
  TEST_SECURITY,
  type TestServer,
} from './harness.ts';

describe.each(backends)('auth on $name', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(backend);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('logs in with a form body, trims the user name and returns token, userId and firstlogin', async () => {
    const answer = await call(server.app, 'POST', '/api/sys/login', {
      body: { userName: '  admin ', password: ADMIN_PASSWORD },
      form: true,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.meta.success).toBe(true);
    expect(answer.body.data).toMatchObject({ userId: expect.any(Number), firstlogin: false });
    expect(answer.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // the database holds only the token's hash
    const stored = await server.db
      .selectFrom('sys_sessions')
      .select('token_hash')
      .where('token_hash', '=', hashToken(answer.body.data.token))
      .executeTakeFirst();
    expect(stored).toBeDefined();
    const plain = await server.db
      .selectFrom('sys_sessions')
      .select('id')
      .where('token_hash', '=', answer.body.data.token)
      .executeTakeFirst();
    expect(plain).toBeUndefined();
  });

  it('accepts a JSON body too', async () => {
    const answer = await call(server.app, 'POST', '/api/sys/login', {
      body: { userName: 'admin', password: ADMIN_PASSWORD },
    });
    expect(answer.status).toBe(200);
  });

  it('answers a wrong password and an unknown user with the same message', async () => {
    await createUser(server, 'wrongpw', []);
    const wrong = await call(server.app, 'POST', '/api/sys/login', {
      body: { userName: 'wrongpw', password: 'nope-nope' },
    });
    const unknown = await call(server.app, 'POST', '/api/sys/login', {
      body: { userName: 'nobody-here', password: 'nope-nope' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    // in the product's default language, Chinese, unless the request asks for English
    expect(wrong.body.meta.message).toBe(SERVER_MESSAGES.loginFailed.zh);
    expect(unknown.body.meta.message).toBe(SERVER_MESSAGES.loginFailed.zh);
    expect(wrong.body.meta.message).not.toContain(TOKEN_FAILED_MESSAGES.zh);
    const english = await call(server.app, 'POST', '/api/sys/login', {
      body: { userName: 'wrongpw', password: 'nope-nope' },
      headers: { 'accept-language': 'en' },
    });
    expect(english.body.meta.message).toBe(LOGIN_FAILED_MESSAGE);
    expect(english.body.meta.message).not.toContain(TOKEN_FAILED_MESSAGE);
  });

  it('rejects a login without user name or password as a 400 naming the fields', async () => {
    const answer = await call(server.app, 'POST', '/api/sys/login', { body: { userName: '  ' }, form: true });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.data.errors).sort()).toEqual(['password', 'userName']);
  });

  it('locks an account after 5 failures within 15 minutes, even for the right password, across processes', async () => {
    const { password } = await createUser(server, 'locky', []);
    for (let i = 0; i < 5; i++) {
      const answer = await call(server.app, 'POST', '/api/sys/login', {
        body: { userName: 'locky', password: 'bad-guess' },
      });
      expect(answer.status).toBe(401);
    }
    const locked = await call(server.app, 'POST', '/api/sys/login', {
      body: { userName: 'locky', password },
    });
    expect(locked.status).toBe(423);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    // another process on the same database sees the same lock
    const other = await server.reopen();
    const elsewhere = await call(other, 'POST', '/api/sys/login', { body: { userName: 'LOCKY', password } });
    expect(elsewhere.status).toBe(423);
    // once the failures are 15 minutes old the lock is over
    await server.db
      .updateTable('sys_login_attempts')
      .set({ created_at: new Date(Date.now() - 16 * 60_000) })
      .where('user_name', '=', 'locky')
      .execute();
    expect(
      (await call(server.app, 'POST', '/api/sys/login', { body: { userName: 'locky', password } })).status,
    ).toBe(200);
  });

  it('locks names that do not exist the same way, so a lock reveals nothing', async () => {
    for (let i = 0; i < 5; i++) {
      await call(server.app, 'POST', '/api/sys/login', {
        body: { userName: 'ghost', password: 'bad-guess' },
      });
    }
    const answer = await call(server.app, 'POST', '/api/sys/login', {
      body: { userName: 'ghost', password: 'x' },
    });
    expect(answer.status).toBe(423);
  });

  it('refuses an address after too many failures from it', async () => {
    const strict = await server.reopen({ addressFailureLimit: 3 });
    await server.db.deleteFrom('sys_login_attempts').execute();
    for (let i = 0; i < 3; i++) {
      await call(strict, 'POST', '/api/sys/login', {
        body: { userName: `spray${i}`, password: 'bad-guess' },
      });
    }
    const answer = await call(strict, 'POST', '/api/sys/login', {
      body: { userName: 'admin', password: ADMIN_PASSWORD },
    });
    expect(answer.status).toBe(429);
    await server.db.deleteFrom('sys_login_attempts').execute();
  });

  it('rate-limits login requests per address', async () => {
    const limited = await server.reopen({ loginRequestsPerMinute: 2 });
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      statuses.push(
        (
          await call(limited, 'POST', '/api/sys/login', {
            body: { userName: 'admin', password: ADMIN_PASSWORD },
          })
        ).status,
      );
    }
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('does not let a frozen user log in, and freezing ends their sessions', async () => {
    const { id, password } = await createUser(server, 'frosty', []);
    const token = await login(server.app, 'frosty', password);
    expect((await call(server.app, 'GET', `/api/sys/users/${id}/info`, { token })).status).toBe(200);
    const admin = await login(server.app, 'admin', ADMIN_PASSWORD);
    expect((await call(server.app, 'PUT', `/api/sys/users/freeze/${id}`, { token: admin })).status).toBe(200);
    const after = await call(server.app, 'GET', `/api/sys/users/${id}/info`, { token });
    expect(after.status).toBe(401);
    expect(after.body.meta.message).toBe(TOKEN_FAILED_MESSAGES.zh);
    const again = await call(server.app, 'POST', '/api/sys/login', {
      body: { userName: 'frosty', password },
    });
    expect(again.status).toBe(403);
    expect(again.body.meta.message).toBe('账号已被冻结');
    expect((await call(server.app, 'PUT', `/api/sys/users/restore/${id}`, { token: admin })).status).toBe(
      200,
    );
    expect(
      (await call(server.app, 'POST', '/api/sys/login', { body: { userName: 'frosty', password } })).status,
    ).toBe(200);
  });

  it('logs out: the old token then gets 401 with the fixed message', async () => {
    const token = await login(server.app, 'admin', ADMIN_PASSWORD);
    expect((await call(server.app, 'GET', '/api/sys/logout', { token })).status).toBe(200);
    const after = await call(server.app, 'GET', '/api/sys/routes', { token });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ meta: { success: false, message: TOKEN_FAILED_MESSAGES.zh }, data: null });
    const english = await call(server.app, 'GET', '/api/sys/routes', {
      token,
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(english.body).toEqual({ meta: { success: false, message: TOKEN_FAILED_MESSAGE }, data: null });
  });

  it('sends API answers with no-store, nosniff and no framing', async () => {
    const answer = await call(server.app, 'POST', '/api/sys/login', {
      body: { userName: 'admin', password: ADMIN_PASSWORD },
    });
    expect(answer.headers).toMatchObject({
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
  });

  it('answers no token, an unknown token and a cookie alone with 401', async () => {
    expect((await call(server.app, 'GET', '/api/sys/routes')).status).toBe(401);
    expect((await call(server.app, 'GET', '/api/sys/routes', { token: 'made-up' })).status).toBe(401);
    const token = await login(server.app, 'admin', ADMIN_PASSWORD);
    const cookieOnly = await server.app.inject({
      method: 'GET',
      url: '/api/sys/routes',
      headers: { cookie: `token=${token}` },
    });
    expect(cookieOnly.statusCode).toBe(401);
  });

  it('ends a session after 2 hours idle and after 12 hours in any case', async () => {
    const { id, password } = await createUser(server, 'sleepy', []);
    let token = await login(server.app, 'sleepy', password);
    await ageSessions(server.db, id, 'last_seen_at', 119 * 60_000);
    expect((await call(server.app, 'GET', '/api/sys/routes', { token })).status).toBe(200);
    await ageSessions(server.db, id, 'last_seen_at', 121 * 60_000);
    expect((await call(server.app, 'GET', '/api/sys/routes', { token })).body.meta.message).toBe(
      TOKEN_FAILED_MESSAGES.zh,
    );

    token = await login(server.app, 'sleepy', password);
    const session = await server.db
      .selectFrom('sys_sessions')
      .select(['created_at', 'expires_at'])
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    expect(new Date(session.expires_at).getTime() - new Date(session.created_at).getTime()).toBe(
      12 * 3600_000,
    );
    await ageSessions(server.db, id, 'expires_at', 12 * 3600_000 + 1000);
    expect((await call(server.app, 'GET', '/api/sys/routes', { token })).status).toBe(401);
  });

  it('prunes sessions and login attempts a day past their use, keeping live ones', async () => {
    const { id, password } = await createUser(server, 'oldtimer', []);
    const token = await login(server.app, 'oldtimer', password);
    await call(server.app, 'POST', '/api/sys/login', {
      body: { userName: 'oldtimer', password: 'wrong-one' },
    });
    const stale = await login(server.app, 'oldtimer', password);
    await call(server.app, 'GET', '/api/sys/logout', { token: stale });
    await server.db
      .updateTable('sys_sessions')
      .set({ revoked_at: new Date(Date.now() - 2 * 86_400_000) })
      .where('token_hash', '=', hashToken(stale))
      .execute();
    await server.db
      .updateTable('sys_login_attempts')
      .set({ created_at: new Date(Date.now() - 2 * 86_400_000) })
      .where('user_name', '=', 'oldtimer')
      .execute();
    const pruned = await pruneExpired(server.db);
    expect(pruned.sessions).toBeGreaterThanOrEqual(1);
    expect(pruned.attempts).toBeGreaterThanOrEqual(3);
    const left = await server.db
      .selectFrom('sys_sessions')
      .select('token_hash')
      .where('user_id', '=', id)
      .execute();
    expect(left.map((s) => s.token_hash)).toEqual([hashToken(token)]);
    expect((await call(server.app, 'GET', '/api/sys/routes', { token })).status).toBe(200);
  });

  it('stores password hashes, never passwords', async () => {
    const rows = await server.db.selectFrom('sys_users').select(['user_name', 'password']).execute();
    for (const row of rows) {
      expect(row.password).toMatch(/^scrypt\$\d+\$8\$\d+\$/);
      expect(row.password).not.toContain(ADMIN_PASSWORD);
    }
  });

  it('hashes with the OWASP scrypt cost by default and verifies in constant time', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash.startsWith(`scrypt$${OWASP_SCRYPT.N}$${OWASP_SCRYPT.r}$${OWASP_SCRYPT.p}$`)).toBe(true);
    // 128·N·r bytes of memory a hash, and at least OWASP's N=2^15 r=8 p=3
    expect(128 * OWASP_SCRYPT.N * OWASP_SCRYPT.r).toBe(32 * 1024 * 1024);
    expect(OWASP_SCRYPT.p).toBeGreaterThanOrEqual(3);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsE', hash)).toBe(false);
    expect(await verifyPassword('x', 'not-a-hash')).toBe(false);
  });

  it('rehashes a password stored under other scrypt parameters when its owner signs in', async () => {
    const { id } = await createUser(server, 'oldhash', []);
    const old = await hashPassword('Older-pass-123', { N: 2 ** 10, r: 8, p: 1 });
    await server.db.updateTable('sys_users').set({ password: old }).where('id', '=', id).execute();

    const wrong = await call(server.app, 'POST', '/api/sys/login', {
      body: { userName: 'oldhash', password: 'not-it' },
    });
    expect(wrong.status).toBe(401);
    const stored = async () =>
      (
        await server.db
          .selectFrom('sys_users')
          .select('password')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).password;
    // a wrong password changes nothing
    expect(await stored()).toBe(old);

    const right = await call(server.app, 'POST', '/api/sys/login', {
      body: { userName: 'oldhash', password: 'Older-pass-123' },
    });
    expect(right.status).toBe(200);
    const { N, r, p } = TEST_SECURITY.scrypt!;
    const now = await stored();
    expect(now.startsWith(`scrypt$${N}$${r}$${p}$`)).toBe(true);
    expect(await verifyPassword('Older-pass-123', now)).toBe(true);
    // and the next sign-in finds it current
    const again = await call(server.app, 'POST', '/api/sys/login', {
      body: { userName: 'oldhash', password: 'Older-pass-123' },
    });
    expect(again.status).toBe(200);
    expect(await stored()).toBe(now);
  });

  it('makes a user with a password someone else chose change it before anything else', async () => {
    const { id, password } = await createUser(server, 'newbie', ['editor'], 'Given-pass-123', true);
    const answer = await call(server.app, 'POST', '/api/sys/login', {
      body: { userName: 'newbie', password },
    });
    expect(answer.body.data.firstlogin).toBe(true);
    const token = answer.body.data.token;
    const blocked = await call(server.app, 'GET', '/api/sys/dashboard', { token });
    expect(blocked.status).toBe(403);
    expect(blocked.body.meta.message).toBe(SERVER_MESSAGES.passwordChangeRequired.zh);
    const english = await call(server.app, 'GET', '/api/sys/dashboard', {
      token,
      headers: { 'accept-language': 'en' },
    });
    expect(english.body.meta.message).toBe(PASSWORD_CHANGE_REQUIRED_MESSAGE);
    expect((await call(server.app, 'GET', `/api/sys/users/${id}/info`, { token })).body.data.firstlogin).toBe(
      true,
    );
    expect((await call(server.app, 'GET', '/api/sys/routes', { token })).status).toBe(200);

    const other = await login(server.app, 'newbie', password);
    const wrongOld = await call(server.app, 'POST', `/api/sys/users/password/${id}`, {
      token,
      body: { oldPassword: 'not-it', password: 'Mine-now-456' },
      form: true,
    });
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body.data.errors).toEqual({ oldPassword: '当前密码不正确' });
    const tooShort = await call(server.app, 'POST', `/api/sys/users/password/${id}`, {
      token,
      body: { oldPassword: password, password: 'short' },
    });
    expect(tooShort.status).toBe(400);
    expect(Object.keys(tooShort.body.data.errors)).toEqual(['password']);

    const changed = await call(server.app, 'POST', `/api/sys/users/password/${id}`, {
      token,
      body: { oldPassword: password, password: 'Mine-now-456' },
      form: true,
    });
    expect(changed.status).toBe(200);
    expect((await call(server.app, 'GET', '/api/sys/dashboard', { token })).status).toBe(200);
    // the other session is over; the old password no longer works
    expect((await call(server.app, 'GET', '/api/sys/routes', { token: other })).status).toBe(401);
    expect(
      (await call(server.app, 'POST', '/api/sys/login', { body: { userName: 'newbie', password } })).status,
    ).toBe(401);
    expect((await call(server.app, 'GET', `/api/sys/users/${id}/info`, { token })).body.data.firstlogin).toBe(
      false,
    );
  });

  it('lets a user change only their own password', async () => {
    const { id: victim } = await createUser(server, 'victim', []);
    const { password } = await createUser(server, 'mallory', []);
    const token = await login(server.app, 'mallory', password);
    const answer = await call(server.app, 'POST', `/api/sys/users/password/${victim}`, {
      token,
      body: { oldPassword: password, password: 'Taken-over-789' },
    });
    expect(answer.status).toBe(403);
  });

  it('switches role: a new session limited to a role the user holds, the old one revoked', async () => {
    const { id, password } = await createUser(server, 'twohats', ['admin', 'editor']);
    const token = await login(server.app, 'twohats', password);
    expect((await call(server.app, 'GET', '/api/sys/users', { token })).status).toBe(200);
    const refused = await call(server.app, 'POST', '/api/sys/roles/switch', {
      token,
      body: { roleKey: 'nonexistent' },
    });
    expect(refused.status).toBe(403);
    const switched = await call(server.app, 'POST', '/api/sys/roles/switch', {
      token,
      body: { roleKey: 'editor' },
      form: true,
    });
    expect(switched.status).toBe(200);
    const next = switched.body.data.token;
    expect(next).not.toBe(token);
    expect((await call(server.app, 'GET', '/api/sys/routes', { token })).status).toBe(401);
    const users = await call(server.app, 'GET', '/api/sys/users', { token: next });
    expect(users.status).toBe(403);
    expect(users.body.meta.message).toContain('sys:users:list');
    const info = await call(server.app, 'GET', `/api/sys/users/${id}/info`, { token: next });
    expect(info.body.data.activeRole).toBe('editor');
    expect(info.body.data.roles.map((r: { roleKey: string }) => r.roleKey)).toEqual(['editor']);
    // the roles held stay on offer, to switch back
    expect(info.body.data.heldRoles.map((r: { roleKey: string }) => r.roleKey).sort()).toEqual([
      'admin',
      'editor',
    ]);
  });
});
