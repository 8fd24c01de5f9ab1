// @vitest-environment node
// A role's users (docs/api.md, "A role's users"): a searched page of holders or non-holders at a
// time, and giving or taking the role for many users in one call and one transaction, through the
// grant rules, all or nothing, safe to run at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestAuth } from '../../server/auth/access.ts';
import { loadGrants } from '../../server/auth/grants.ts';
import { DEFAULT_SECURITY } from '../../server/security.ts';
import { checkRoleAssignment } from '../../server/sys/roleAssignmentCheck.ts';
import {
  ADMIN_PASSWORD,
  backends,
  call,
  createUser,
  login,
  startServer,
  type TestServer,
} from './harness.ts';
import { createRole, signedInWith } from './roleFixtures.ts';

describe.each(backends)("a role's users on $name", (backend) => {
  let server: TestServer;
  let admin: string;
  /** the code the write needs: role assignment's own where the schema has it */
  let writeCode: string;

  beforeAll(async () => {
    server = await startServer(backend);
    admin = await login(server.app, 'admin', ADMIN_PASSWORD);
    const codes = new Set(server.manifest.permissions.map((p) => p.code));
    writeCode = codes.has('sys:users:assignRoles') ? 'sys:users:assignRoles' : 'sys:users:update';
  });
  afterAll(async () => {
    await server?.close();
  });

  const url = (roleId: number) => `/api/sys/roles/${roleId}/users`;
  const users = async (prefix: string, count: number) => {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) ids.push((await createUser(server, `${prefix}${i}`, [])).id);
    return ids;
  };
  const holders = async (roleId: number) =>
    (await server.db.selectFrom('sys_user_roles').select('user_id').where('role_id', '=', roleId).execute())
      .map((r) => r.user_id)
      .sort((a, b) => a - b);
  /** A session of a user as the server builds it, for calling the rule directly. */
  const findAuth = async (userId: number): Promise<RequestAuth> => ({
    sessionId: 0,
    userId,
    userName: 'admin',
    realName: 'admin',
    roleId: null,
    firstlogin: false,
    token: '',
    grants: await loadGrants(server.db, userId, null),
  });
  const put = (roleId: number, body: Record<string, unknown>, token = admin, form = false) =>
    call(server.app, 'PUT', url(roleId), { token, body, form });

  it('lists who holds the role and who does not, a searched page at a time', async () => {
    const roleId = await createRole(server, 'list_role', []);
    const ids = await users('lister', 5);
    await server.db
      .insertInto('sys_user_roles')
      .values(ids.slice(0, 3).map((id) => ({ user_id: id, role_id: roleId })))
      .execute();
    const page = async (query: Record<string, string>) => {
      const answer = await call(server.app, 'GET', url(roleId), { token: admin, query });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.data as { rows: Array<{ id: number; userName: string }>; total: number };
    };
    const held = await page({ holding: 'true', limit: '2' });
    expect(held.total).toBe(3);
    expect(held.rows.map((r) => r.userName)).toEqual(['lister0', 'lister1']);
    expect((await page({ holding: 'true', limit: '2', page: '2' })).rows.map((r) => r.id)).toEqual([ids[2]]);
    const without = await page({ holding: 'false', search: 'LISTER' });
    expect(without.rows.map((r) => r.id)).toEqual([ids[3], ids[4]]);
    // the search is text, never a pattern
    expect((await page({ holding: 'false', search: 'lister_' })).total).toBe(0);
    expect(Object.keys(without.rows[0]).sort()).toEqual(['id', 'realName', 'status', 'userName']);

    const bad = await call(server.app, 'GET', url(roleId), {
      token: admin,
      query: { holding: 'maybe', limit: '501', sort: 'x' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data.errors).sort()).toEqual(['holding', 'limit', 'sort']);
    expect((await call(server.app, 'GET', url(987654), { token: admin })).status).toBe(404);
  });

  it('gives the role to some users and takes it from others in one call, keeping their other roles', async () => {
    const roleId = await createRole(server, 'swap_role', ['cms:weblinks:list']);
    const otherRole = await createRole(server, 'swap_other', []);
    const [a, b, c] = await users('swapper', 3);
    await server.db
      .insertInto('sys_user_roles')
      .values([
        { user_id: c, role_id: roleId },
        { user_id: c, role_id: otherRole },
        { user_id: a, role_id: otherRole },
      ])
      .execute();
    const answer = await put(roleId, { add: [a, b], remove: [c] }, admin, true);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toEqual({ added: 2, removed: 1 });
    expect(await holders(roleId)).toEqual([a, b]);
    expect(await holders(otherRole)).toEqual([a, c].sort((x, y) => x - y));
    // giving a role already held, or taking one not held, changes nothing
    expect((await put(roleId, { add: [a], remove: [c] })).body.data).toEqual({ added: 0, removed: 0 });
    const audit = await server.db
      .selectFrom('sys_audit_log')
      .select(['action', 'resource', 'target', 'detail'])
      .where('action', '=', 'assignUsers')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ resource: 'roles', target: String(roleId) });
    expect(audit.detail).toEqual({ added: [a, b], removed: [c] });
  });

  it('writes nothing when any user is missing or any id is bad', async () => {
    const roleId = await createRole(server, 'strict_role', []);
    const [a, b] = await users('strict', 2);
    const missing = await put(roleId, { add: [a, 987654, b] });
    expect(missing.status).toBe(404);
    expect(missing.body.data.missing).toEqual([987654]);
    const bad = await put(roleId, { add: [a, 'x'] });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors.add).toBe('第 2 项（"x"）不是有效的 id');
    for (const body of [
      {},
      { add: [] },
      { add: [a], remove: [a] },
      { add: [a], roleIds: [1] },
      { add: [a, a] },
    ]) {
      const answer = await put(roleId, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect((await put(987654, { add: [a] })).status).toBe(404);
    expect(await holders(roleId)).toEqual([]);
  });

  it('refuses without the assignment permission, and writes nothing', async () => {
    const roleId = await createRole(server, 'guarded_role', []);
    const [a] = await users('guarded', 1);
    const reader = await signedInWith(server, 'role_reader', ['sys:users:list', 'sys:roles:list']);
    const refused = await put(roleId, { add: [a] }, reader.token);
    expect(refused.status).toBe(403);
    expect(refused.body.meta.message).toContain(writeCode);
    expect(await holders(roleId)).toEqual([]);
    // reading who holds it needs the users list
    const blind = await signedInWith(server, 'role_blind', [writeCode]);
    expect((await call(server.app, 'GET', url(roleId), { token: blind.token })).status).toBe(403);
  });

  it('applies the grant rules to every user, and one refusal mid-way writes nothing', async () => {
    const giver = await signedInWith(server, 'giver', [
      'sys:users:list',
      writeCode,
      'cms:weblinks:list',
      'cms:weblinks:update',
    ]);
    const within = await createRole(server, 'within_role', ['cms:weblinks:list']);
    const beyond = await createRole(server, 'beyond_role', ['cms:weblinks:list', 'cms:weblinks:delete']);
    const [a, b, c] = await users('granted', 3);

    expect((await put(within, { add: [a, b] }, giver.token)).status).toBe(200);
    expect(await holders(within)).toEqual([a, b]);

    const widened = await put(beyond, { add: [a, b, c] }, giver.token);
    expect(widened.status).toBe(403);
    expect(widened.body.data.missing).toEqual(['cms:weblinks:delete']);
    expect(await holders(beyond)).toEqual([]);

    // mid-way: c (the lower id, written first) may get `within`, but d holds more than the
    // caller, so managing d is refused, and c's change is rolled back with it
    const d = (await createUser(server, 'granted_strong', ['beyond_role'])).id;
    expect(d).toBeGreaterThan(c);
    const midway = await put(within, { add: [c, d] }, giver.token);
    expect(midway.status).toBe(403);
    expect(midway.body.data.missing).toEqual(['cms:weblinks:delete']);
    expect(await holders(within)).toEqual([a, b]);

    // nor are the caller's own roles theirs to change
    const own = await put(within, { add: [c, giver.userId] }, giver.token);
    expect(own.status).toBe(403);
    expect(await holders(within)).toEqual([a, b]);

    const adminRole = await server.db
      .selectFrom('sys_roles')
      .select('id')
      .where('role_key', '=', 'admin')
      .executeTakeFirstOrThrow();
    // the administrator role is for administrators to give, and nobody takes their own
    const given = await put(adminRole.id, { add: [c] }, giver.token);
    expect(given.status).toBe(403);
    expect(given.body.data.missing).toEqual(['admin']);
    expect((await put(adminRole.id, { remove: [1] })).status).toBe(403);
    expect(await holders(adminRole.id)).toContain(1);
  });

  it('keeps the last active administrator an administrator', async () => {
    const other = await createUser(server, 'lone_admin', ['admin']);
    // through the call an administrator always remains (the caller); the rule is checked on its
    // own: with the seeded administrator frozen, `other` is the last active one
    await server.db.updateTable('sys_users').set({ status: 1 }).where('id', '=', 1).execute();
    try {
      const auth = await findAuth(1);
      const attempt = server.db.transaction().execute((trx) =>
        checkRoleAssignment(
          {
            trx,
            resource: server.manifest.resources.find((r) => r.name === 'users')!,
            auth,
            security: DEFAULT_SECURITY,
            lang: 'en',
            manifest: server.manifest,
          },
          other.id,
          [],
        ),
      );
      await expect(attempt).rejects.toMatchObject({ status: 400 });
      await server.db.updateTable('sys_users').set({ status: 0 }).where('id', '=', 1).execute();
      const allowed = server.db.transaction().execute((trx) =>
        checkRoleAssignment(
          {
            trx,
            resource: server.manifest.resources.find((r) => r.name === 'users')!,
            auth,
            security: DEFAULT_SECURITY,
            lang: 'en',
            manifest: server.manifest,
          },
          other.id,
          [],
        ),
      );
      await expect(allowed).resolves.toBeUndefined();
    } finally {
      await server.db.updateTable('sys_users').set({ status: 0 }).where('id', '=', 1).execute();
    }
  });

  it('runs overlapping calls one after another: no deadlock, every answer a 200', async () => {
    const roleId = await createRole(server, 'busy_role', []);
    const ids = await users('busy', 8);
    const calls = Array.from({ length: 10 }, (_, k) => {
      const add = ids.filter((_, i) => (i + k) % 3 !== 0);
      const remove = ids.filter((_, i) => (i + k) % 3 === 0).reverse();
      return put(roleId, { add: k % 2 ? add.reverse() : add, remove });
    });
    const answers = await Promise.all(calls);
    expect(answers.map((a) => a.status)).toEqual(calls.map(() => 200));
    // the last call to run decided each user; every holder is one of the users, once
    const held = await holders(roleId);
    expect(new Set(held).size).toBe(held.length);
    expect(held.every((id) => ids.includes(id))).toBe(true);
  });

  it('moves the version of each account whose roles change, so an edit that read it before is refused', async () => {
    const roleId = await createRole(server, 'version_role', []);
    const [a, b] = await users('versioned', 2);
    const read = async (id: number) =>
      (await call(server.app, 'GET', `/api/sys/users/${id}`, { token: admin })).body.data;
    const [va, vb] = [await read(a), await read(b)];
    const answer = await put(roleId, { add: [a] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((await read(a)).version).toBe(va.version + 1);
    expect((await read(b)).version).toBe(vb.version);
    const stale = await call(server.app, 'PUT', `/api/sys/users/${a}`, {
      token: admin,
      body: { realName: 'stale', version: va.version },
    });
    expect(stale.status).toBe(409);
  });
});
