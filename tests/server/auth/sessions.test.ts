// @vitest-environment node
// The session and its grants in one statement: the same answer as findSession() + loadGrants()
// for every kind of session, in one round trip, with the last-seen touch when it is due.
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGrants } from '../../../server/auth/grants.ts';
import {
  createSession,
  findSession,
  findSessionGrants,
  revokeSession,
} from '../../../server/auth/sessions.ts';
import type { Db } from '../../../server/db/tables.ts';
import { DEFAULT_SECURITY } from '../../../server/security.ts';
import { ageSessions, backends, createUser, startServer, type TestServer } from '../harness.ts';
import { createRole } from '../roleFixtures.ts';

/** The database handle, counting the statements sent through it. */
function counting(db: Db): { db: Db; count: () => number } {
  let n = 0;
  // counted as their results come back: a statement run already compiled (findSessionGrants's)
  // passes no transformQuery
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      n++;
      return args.result;
    },
  };
  return { db: db.withPlugin(plugin), count: () => n };
}

describe.each(backends)('session grants on $name', (backend) => {
  let server: TestServer;
  const security = DEFAULT_SECURITY;

  beforeAll(async () => {
    server = await startServer(backend);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function both(token: string) {
    const session = await findSession(server.db, token, security);
    const combined = await findSessionGrants(server.db, token, security);
    const grants = session ? await loadGrants(server.db, session.userId, session.roleId) : null;
    return { session, grants, combined };
  }

  it('answers as findSession and loadGrants do, for an administrator, an editor, a switched role, a user without roles', async () => {
    const admin = await server.db
      .selectFrom('sys_users')
      .select('id')
      .where('user_name', '=', 'admin')
      .executeTakeFirstOrThrow();
    const writerRole = await createRole(server, 'sg_writer', ['cms:contents:list', 'cms:contents:update']);
    const readerRole = await createRole(server, 'sg_reader', ['cms:contents:list']);
    const two = await createUser(server, 'sg_two', ['sg_writer', 'sg_reader']);
    const none = await createUser(server, 'sg_none', []);
    const editor = await createUser(server, 'sg_editor', ['editor']);
    const tokens = [
      await createSession(server.db, { userId: admin.id }, security),
      await createSession(server.db, { userId: two.id }, security),
      await createSession(server.db, { userId: two.id, roleId: readerRole }, security),
      await createSession(server.db, { userId: none.id }, security),
      await createSession(server.db, { userId: editor.id }, security),
    ];
    for (const token of tokens) {
      const { session, grants, combined } = await both(token);
      expect(session).not.toBeNull();
      const { grants: combinedGrants, ...combinedSession } = combined!;
      expect(combinedSession).toEqual(session);
      expect(combinedGrants.isAdmin).toBe(grants!.isAdmin);
      expect(combinedGrants.roles).toEqual(grants!.roles);
      expect([...combinedGrants.permissions].sort()).toEqual([...grants!.permissions].sort());
      expect([...combinedGrants.menuIds].sort((a, b) => a - b)).toEqual(
        [...grants!.menuIds].sort((a, b) => a - b),
      );
    }
    const switched = await findSessionGrants(server.db, tokens[2], security);
    expect(switched!.grants.roles.map((r) => r.id)).toEqual([readerRole]);
    expect(switched!.grants.permissions.has('cms:contents:update')).toBe(false);
    const both2 = await findSessionGrants(server.db, tokens[1], security);
    expect(both2!.grants.roles.map((r) => r.id).sort()).toEqual([writerRole, readerRole].sort());
    expect(both2!.grants.permissions.has('cms:contents:update')).toBe(true);
    expect((await findSessionGrants(server.db, tokens[0], security))!.grants.isAdmin).toBe(true);
  });

  it('sees a change of grants, a disabled role and a revoked session at the next call', async () => {
    const role = await createRole(server, 'sg_changing', ['cms:contents:list']);
    const user = await createUser(server, 'sg_changing', ['sg_changing']);
    const token = await createSession(server.db, { userId: user.id }, security);
    expect(
      (await findSessionGrants(server.db, token, security))!.grants.permissions.has('cms:contents:list'),
    ).toBe(true);
    await server.db.updateTable('sys_roles').set({ status: 1 }).where('id', '=', role).execute();
    const disabled = await findSessionGrants(server.db, token, security);
    expect(disabled!.grants.roles).toEqual([]);
    expect(disabled!.grants.permissions.size).toBe(0);
    const session = await findSession(server.db, token, security);
    await revokeSession(server.db, session!.sessionId);
    expect(await findSessionGrants(server.db, token, security)).toBeNull();
    expect(await findSessionGrants(server.db, 'no such token', security)).toBeNull();
  });

  it('takes one statement, touching last-seen in it when due', async () => {
    const user = await createUser(server, 'sg_touch', ['editor']);
    const token = await createSession(server.db, { userId: user.id }, security);
    await ageSessions(server.db, user.id, 'last_seen_at', 120_000);
    const before = await server.db
      .selectFrom('sys_sessions')
      .select('last_seen_at')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const db = counting(server.db);
    expect(await findSessionGrants(db.db, token, security)).not.toBeNull();
    expect(db.count()).toBe(1);
    const after = await server.db
      .selectFrom('sys_sessions')
      .select('last_seen_at')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(new Date(after.last_seen_at as Date).getTime()).toBeGreaterThan(
      new Date(before.last_seen_at as Date).getTime(),
    );
  });
});
