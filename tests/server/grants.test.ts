// @vitest-environment node
// Permissions that cannot be escalated (docs/security.md, "Who may grant what"): every path that
// writes a user's roles, a role's menus or a menu's permission code, tried by a caller who should
// not get through, and each refusal checked to have written nothing.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import type { Manifest } from '../../runtime/schema/types.ts';
import { loadGrants } from '../../server/auth/grants.ts';
import { syncResourceTables } from '../../server/db/syncTables.ts';
import { systemHooks } from '../../server/sys/hooks.ts';
import {
  ADMIN_PASSWORD,
  backends,
  call,
  createUser,
  login,
  postFile,
  startServer,
  type TestServer,
} from './harness.ts';
import { createRole, menuIdsFor, menusOf, roleId, rolesOf } from './roleFixtures.ts';

const USERS = '/api/sys/users';
const ROLES = '/api/sys/roles';
const ASSIGN = 'sys:users:assignRoles';

/** A signed-in user holding one new role made of `codes`. */
async function caller(server: TestServer, name: string, codes: string[]) {
  await createRole(server, `${name}_role`, codes);
  const user = await createUser(server, name, [`${name}_role`]);
  return { id: user.id, token: await login(server.app, name, user.password) };
}

describe.each(backends)('who may grant what, on $name', (backend) => {
  let server: TestServer;
  let admin: string;
  let adminRole: number;
  let editorRole: number;
  beforeAll(async () => {
    server = await startServer(backend);
    admin = await login(server.app, 'admin', ADMIN_PASSWORD);
    adminRole = await roleId(server, 'admin');
    editorRole = await roleId(server, 'editor');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('makes assigning roles its own permission, apart from update, batch update and create', async () => {
    const hr = await caller(server, 'hr1', [
      'sys:users:list',
      'sys:users:create',
      'sys:users:update',
      'sys:users:batchUpdate',
    ]);
    const target = await createUser(server, 'target1', []);
    const refusals = [
      await call(server.app, 'PUT', USERS, {
        token: hr.token,
        body: { ids: [target.id], roleIds: [editorRole] },
      }),
      await call(server.app, 'PUT', `${USERS}/${target.id}`, {
        token: hr.token,
        body: { realName: 'Target', roleIds: [editorRole] },
      }),
      await call(server.app, 'POST', USERS, {
        token: hr.token,
        body: { userName: 'made1', realName: 'Made', password: 'Passw0rd!long', roleIds: [editorRole] },
      }),
      // the issue's own example: the caller makes themselves an administrator
      await call(server.app, 'PUT', USERS, { token: hr.token, body: { ids: [hr.id], roleIds: [adminRole] } }),
    ];
    for (const answer of refusals) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(403);
      expect(answer.body.meta.message).toContain(ASSIGN);
      expect(answer.body.data.missing).toEqual([ASSIGN]);
    }
    expect(await rolesOf(server, target.id)).toEqual([]);
    expect(await rolesOf(server, hr.id)).toEqual([await roleId(server, 'hr1_role')]);
    const made = await server.db
      .selectFrom('sys_users')
      .select('id')
      .where('user_name', '=', 'made1')
      .execute();
    expect(made).toEqual([]);

    // the rest of the account stays theirs to edit, and the roles are left as they were
    const small = await createRole(server, 'hr1_small', ['sys:users:list']);
    await server.db.insertInto('sys_user_roles').values({ user_id: target.id, role_id: small }).execute();
    const edit = await call(server.app, 'PUT', `${USERS}/${target.id}`, {
      token: hr.token,
      body: { realName: 'Target Renamed' },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.data).toMatchObject({ realName: 'Target Renamed', roleIds: [small] });
    const created = await call(server.app, 'POST', USERS, {
      token: hr.token,
      body: { userName: 'made2', realName: 'Made', password: 'Passw0rd!long' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data.roleIds).toEqual([]);
  });

  it('lets nobody give a role whose permissions they do not all hold, nor take one away', async () => {
    const small = await createRole(server, 'notes_reader', ['qa:notes:list']);
    const hr = await caller(server, 'hr2', ['sys:users:list', 'sys:users:update', ASSIGN, 'qa:notes:list']);
    const target = await createUser(server, 'target2', []);

    const editor = await call(server.app, 'PUT', `${USERS}/roles/${target.id}`, {
      token: hr.token,
      body: { roleIds: [editorRole] },
    });
    expect(editor.status, JSON.stringify(editor.body)).toBe(403);
    expect(editor.body.data.missing).toEqual(
      expect.arrayContaining(['cms:contents:list', 'qa:notes:export']),
    );
    expect(editor.body.data.missing).not.toContain('qa:notes:list');
    expect(editor.body.meta.message).toContain('cms:contents:list');
    const viaUpdate = await call(server.app, 'PUT', `${USERS}/${target.id}`, {
      token: hr.token,
      body: { realName: 'Target', roleIds: [small, editorRole] },
    });
    expect(viaUpdate.status).toBe(403);
    const admin = await call(server.app, 'PUT', `${USERS}/roles/${target.id}`, {
      token: hr.token,
      body: { roleIds: [adminRole] },
    });
    expect(admin.status).toBe(403);
    expect(admin.body.data.missing).toEqual(['admin']);
    expect(await rolesOf(server, target.id)).toEqual([]);

    // a role within the caller's own permissions may be given, and taken back
    const given = await call(server.app, 'PUT', `${USERS}/roles/${target.id}`, {
      token: hr.token,
      body: { roleIds: [small] },
    });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    expect(given.body.data.roleIds).toEqual([small]);
    expect(
      (
        await call(server.app, 'PUT', `${USERS}/roles/${target.id}`, {
          token: hr.token,
          body: { roleIds: [] },
        })
      ).status,
    ).toBe(200);

    // taking away a role they could not give is refused too
    const other = await createUser(server, 'target2b', ['editor']);
    const strip = await call(server.app, 'PUT', `${USERS}/roles/${other.id}`, {
      token: hr.token,
      body: { roleIds: [] },
    });
    expect(strip.status).toBe(403);
    expect(await rolesOf(server, other.id)).toEqual([editorRole]);
  });

  it('lets nobody change their own roles, the administrator included', async () => {
    const small = await createRole(server, 'notes_reader3', ['qa:notes:list']);
    const hr = await caller(server, 'hr3', [
      'sys:users:list',
      'sys:users:batchUpdate',
      ASSIGN,
      'qa:notes:list',
    ]);
    const own = await rolesOf(server, hr.id);
    const widen = await call(server.app, 'PUT', USERS, {
      token: hr.token,
      body: { ids: [hr.id], roleIds: [...own, small] },
    });
    expect(widen.status, JSON.stringify(widen.body)).toBe(403);
    expect(widen.body.meta.message).toMatch(/own roles/);
    expect(await rolesOf(server, hr.id)).toEqual(own);

    const adminId = 1;
    const strip = await call(server.app, 'PUT', `${USERS}/roles/${adminId}`, {
      token: admin,
      body: { roleIds: [] },
    });
    expect(strip.status).toBe(403);
    expect(await rolesOf(server, adminId)).toEqual([adminRole]);
    // sending one's own roles unchanged is no change
    const same = await call(server.app, 'PUT', `${USERS}/roles/${adminId}`, {
      token: admin,
      body: { roleIds: [adminRole] },
    });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
  });

  it('refuses every write on an account that holds more than the caller', async () => {
    const helpdesk = await caller(server, 'helpdesk', [
      'sys:users:list',
      'sys:users:update',
      'sys:users:delete',
      'sys:users:freeze',
      'sys:users:resetPassword',
    ]);
    const adminId = 1;
    const attempts = [
      await call(server.app, 'POST', `/api/sys/reset/users/${adminId}/password`, {
        token: helpdesk.token,
        body: { password: 'Taken-over-123' },
      }),
      await call(server.app, 'PUT', `${USERS}/freeze/${adminId}`, { token: helpdesk.token }),
      await call(server.app, 'PUT', `${USERS}/${adminId}`, {
        token: helpdesk.token,
        body: { realName: 'Owned' },
      }),
      await call(server.app, 'DELETE', `${USERS}/${adminId}`, { token: helpdesk.token }),
    ];
    for (const answer of attempts) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(403);
      expect(answer.body.data.missing).toEqual(['admin']);
    }
    const row = await server.db
      .selectFrom('sys_users')
      .select(['status', 'real_name', 'firstlogin'])
      .where('id', '=', adminId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 0, real_name: '系统管理员', firstlogin: false });
    expect(await login(server.app, 'admin', ADMIN_PASSWORD)).toEqual(expect.any(String));

    // an account holding nothing beyond the caller's permissions is theirs to help
    const plain = await createUser(server, 'plain4', []);
    expect(
      (await call(server.app, 'POST', `/api/sys/reset/users/${plain.id}/password`, { token: helpdesk.token }))
        .status,
    ).toBe(200);
    expect(
      (await call(server.app, 'PUT', `${USERS}/freeze/${plain.id}`, { token: helpdesk.token })).status,
    ).toBe(200);
  });

  it('keeps the last active administrator: never frozen, deleted or stripped of the admin role', async () => {
    const second = await createUser(server, 'admin5', ['admin']);
    const token = await login(server.app, 'admin5', second.password);
    // with two active administrators, one may freeze the other
    expect((await call(server.app, 'PUT', `${USERS}/freeze/1`, { token })).status).toBe(200);
    expect((await call(server.app, 'PUT', `${USERS}/restore/1`, { token })).status).toBe(200);
    // the freeze ended the administrator's sessions
    admin = await login(server.app, 'admin', ADMIN_PASSWORD);

    // a write made while admin5 is the only active administrator left: the rules hold on their own
    await server.db.updateTable('sys_users').set({ status: 1 }).where('id', '=', 1).execute();
    const auth = {
      sessionId: 0,
      userId: 1,
      userName: 'admin',
      realName: 'admin',
      roleId: null,
      firstlogin: false,
      token: '',
      grants: await loadGrants(server.db, 1, null),
    };
    const users = server.manifest.resources.find((r) => r.name === 'users')!;
    const ctx = {
      trx: server.db as never,
      resource: users,
      manifest: server.manifest,
      auth,
      security: {} as never,
      lang: 'en' as const,
    };
    try {
      await expect(systemHooks.users.beforeDelete!(ctx, [second.id])).rejects.toMatchObject({ status: 400 });
      await expect(systemHooks.users.beforeWrite!(ctx, [second.id], { roleIds: [] })).rejects.toMatchObject({
        status: 400,
      });
      await expect(systemHooks.users.beforeUpdate!(ctx, [second.id], { status: 1 })).rejects.toMatchObject({
        status: 400,
      });
    } finally {
      await server.db.updateTable('sys_users').set({ status: 0 }).where('id', '=', 1).execute();
    }
    await server.db.deleteFrom('sys_users').where('id', '=', second.id).execute();
  });

  it('lets a role be widened only with permissions the caller holds, and never their own role', async () => {
    const codes = ['sys:roles:list', 'sys:roles:create', 'sys:roles:update', 'sys:roles:batchUpdate'];
    const ra = await caller(server, 'roleadmin', [...codes, 'qa:notes:list']);
    const [assign] = await menuIdsFor(server, [ASSIGN]);
    const [notesPage] = await menuIdsFor(server, ['qa:notes:list']);
    const [notesExport] = await menuIdsFor(server, ['qa:notes:export']);

    const create = await call(server.app, 'POST', ROLES, {
      token: ra.token,
      body: { roleName: 'Sneaky', roleKey: 'sneaky', menuIds: [notesPage, assign] },
    });
    expect(create.status, JSON.stringify(create.body)).toBe(403);
    expect(create.body.data.missing).toEqual([ASSIGN]);
    expect(
      await server.db.selectFrom('sys_roles').select('id').where('role_key', '=', 'sneaky').execute(),
    ).toEqual([]);

    const made = await call(server.app, 'POST', ROLES, {
      token: ra.token,
      body: { roleName: 'Readers', roleKey: 'readers6', menuIds: [notesPage] },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const id = made.body.data.id as number;

    const widen = await call(server.app, 'PUT', `${ROLES}/${id}`, {
      token: ra.token,
      body: { roleName: 'Readers', roleKey: 'readers6', menuIds: [notesPage, notesExport] },
    });
    expect(widen.status).toBe(403);
    expect(widen.body.data.missing).toEqual(['qa:notes:export']);
    const batch = await call(server.app, 'PUT', ROLES, {
      token: ra.token,
      body: { ids: [id], menuIds: [assign] },
    });
    expect(batch.status).toBe(403);
    expect(await menusOf(server, id)).toEqual([notesPage]);

    // a role they hold themselves is not theirs to widen, even with what they hold elsewhere
    const ownRole = await roleId(server, 'roleadmin_role');
    const second = await createRole(server, 'roleadmin_extra', ['qa:notes:export']);
    await server.db.insertInto('sys_user_roles').values({ user_id: ra.id, role_id: second }).execute();
    const own = await menusOf(server, ownRole);
    const self = await call(server.app, 'PUT', `${ROLES}/${ownRole}`, {
      token: ra.token,
      body: { roleName: 'roleadmin_role', roleKey: 'roleadmin_role', menuIds: [...own, notesExport] },
    });
    expect(self.status, JSON.stringify(self.body)).toBe(403);
    expect(self.body.meta.message).toMatch(/own role/);
    expect(await menusOf(server, ownRole)).toEqual(own);

    // nor is a role holding more than they do, the administrator's above all
    for (const target of [editorRole, adminRole]) {
      const answer = await call(server.app, 'PUT', ROLES, {
        token: ra.token,
        body: { ids: [target], remark: 'mine' },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(403);
    }
    expect((await call(server.app, 'DELETE', `${ROLES}/${editorRole}`, { token: ra.token })).status).toBe(
      403,
    );
    expect(await roleId(server, 'editor')).toBe(editorRole);
  });

  it('keeps a granted page bringing its directory, on the server', async () => {
    const [notesPage] = await menuIdsFor(server, ['qa:notes:list']);
    const made = await call(server.app, 'POST', ROLES, {
      token: admin,
      body: { roleName: 'One page', roleKey: 'one_page7', menuIds: [notesPage] },
    });
    expect(made.status).toBe(200);
    const user = await createUser(server, 'onepage7', ['one_page7']);
    const token = await login(server.app, 'onepage7', user.password);
    const routes = (await call(server.app, 'GET', '/api/sys/routes', { token })).body.data;
    const notes = routes.find((r: { children?: unknown[] }) =>
      JSON.stringify(r.children ?? []).includes('"resource/notes"'),
    );
    expect(notes).toMatchObject({ component: 'Layout' });
  });

  it('refuses a menu change that would hand its roles a permission the caller lacks', async () => {
    const maintainer = await caller(server, 'menus8', [
      'sys:menus:list',
      'sys:menus:update',
      'qa:notes:export',
    ]);
    const [exportButton] = await menuIdsFor(server, ['qa:notes:export']);
    const row = (await call(server.app, 'GET', `/api/sys/menus/${exportButton}`, { token: admin })).body.data;
    const { id: _id, createTime: _c, updateTime: _u, ...form } = row;
    const renamed = await call(server.app, 'PUT', `/api/sys/menus/${exportButton}`, {
      token: maintainer.token,
      body: { ...form, perms: ASSIGN },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(403);
    expect(renamed.body.data.missing).toEqual([ASSIGN]);
    const after = await server.db
      .selectFrom('sys_menus')
      .select('perms')
      .where('id', '=', exportButton)
      .executeTakeFirstOrThrow();
    expect(after.perms).toBe('qa:notes:export');
    // the caller's own power still has its grant: their own role keeps the export code
    const grants = await loadGrants(server.db, maintainer.id, null);
    expect(grants.permissions.has(ASSIGN)).toBe(false);

    // a disabled entry switched back on gives its code back to its roles: the same rule
    const [deleteButton] = await menuIdsFor(server, ['qa:notes:delete']);
    await server.db.updateTable('sys_menus').set({ status: 1 }).where('id', '=', deleteButton).execute();
    const deleteRow = (await call(server.app, 'GET', `/api/sys/menus/${deleteButton}`, { token: admin })).body
      .data;
    const { id: _d, createTime: _dc, updateTime: _du, ...deleteForm } = deleteRow;
    const enable = await call(server.app, 'PUT', `/api/sys/menus/${deleteButton}`, {
      token: maintainer.token,
      body: { ...deleteForm, status: 0 },
    });
    expect(enable.status).toBe(403);
    expect(enable.body.data.missing).toEqual(['qa:notes:delete']);
    await server.db.updateTable('sys_menus').set({ status: 0 }).where('id', '=', deleteButton).execute();

    // a code the caller holds is theirs to move
    const ok = await call(server.app, 'PUT', `/api/sys/menus/${exportButton}`, {
      token: maintainer.token,
      body: { ...form, menuName: '导出表格' },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it('guards a field with a write permission in create, update, batch update, custom actions and import', async () => {
    // the notes test resource, its body written only with the archive button
    const guarded: Manifest = {
      ...server.manifest,
      resources: server.manifest.resources.map((r) =>
        r.name === 'notes'
          ? {
              ...r,
              fields: r.fields.map((f) =>
                f.name === 'body' ? { ...f, writePermission: 'qa:notes:archive' } : f,
              ),
              actions: r.actions.map((a) => (a.name === 'review' ? { ...a, form: ['rating', 'body'] } : a)),
            }
          : r,
      ),
    };
    await syncResourceTables(server.db, guarded);
    const app = await server.reopen({}, guarded);
    const codes = ['list', 'create', 'update', 'batchUpdate', 'import', 'review'].map((a) => `qa:notes:${a}`);
    const writer = await caller(server, 'writer9', codes);
    const token = await login(app, 'writer9', 'Passw0rd!long');
    expect(writer.id).toBeGreaterThan(0);
    const note = await call(app, 'POST', '/api/qa/notes', { token, body: { title: 'guarded9' } });
    expect(note.status, JSON.stringify(note.body)).toBe(200);
    const id = note.body.data.id as number;
    const refused = [
      await call(app, 'POST', '/api/qa/notes', { token, body: { title: 'guarded9b', body: 'x' } }),
      await call(app, 'PUT', `/api/qa/notes/${id}`, { token, body: { title: 'guarded9', body: 'x' } }),
      await call(app, 'PUT', '/api/qa/notes', { token, body: { ids: [id], body: 'x' } }),
      await call(app, 'PUT', '/api/qa/notes/review', { token, body: { ids: [id], rating: 3, body: 'x' } }),
      await postFile(
        app,
        '/api/qa/notes/import',
        token,
        'n.xlsx',
        await writeXlsxFile([
          ['title', 'body'],
          ['guarded9c', 'x'],
        ]).toBuffer(),
      ),
    ];
    for (const answer of refused) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(403);
      expect(answer.body.meta.message).toContain('qa:notes:archive');
    }
    const rows = await sql<{ title: string; body: string | null }>`
      select title, body from qa_notes where title like 'guarded9%'`.execute(server.db);
    expect(rows.rows).toEqual([{ title: 'guarded9', body: null }]);
    // an administrator holds every code
    const byAdmin = await call(app, 'PUT', '/api/qa/notes', { token: admin, body: { ids: [id], body: 'x' } });
    expect(byAdmin.status).toBe(200);
  });
});
