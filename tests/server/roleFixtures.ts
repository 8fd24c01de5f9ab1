// Roles for the permission tests, written straight into the database so a test's set-up does not
// depend on the very checks it is testing: a role granted the menu entries that carry the given
// permission codes, and the menu ids behind codes.
import { createUser, login, type TestServer } from './harness.ts';

/** Ids of the menu entries whose `perms` is one of `codes`. */
export async function menuIdsFor(server: TestServer, codes: readonly string[]): Promise<number[]> {
  if (codes.length === 0) return [];
  const rows = await server.db
    .selectFrom('sys_menus')
    .select(['id', 'perms'])
    .where('perms', 'in', codes)
    .execute();
  const found = new Set(rows.map((r) => r.perms));
  const missing = codes.filter((code) => !found.has(code));
  if (missing.length > 0) throw new Error(`no menu entry carries ${missing.join(', ')}`);
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** A role granted exactly the entries carrying `codes`; returns its id. */
export async function createRole(
  server: TestServer,
  roleKey: string,
  codes: readonly string[],
): Promise<number> {
  const role = await server.db
    .insertInto('sys_roles')
    .values({ role_name: roleKey, role_key: roleKey, sort_order: 10 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const menuIds = await menuIdsFor(server, codes);
  if (menuIds.length > 0) {
    await server.db
      .insertInto('sys_role_menus')
      .values(menuIds.map((menuId) => ({ role_id: role.id, menu_id: menuId })))
      .execute();
  }
  return role.id;
}

export async function roleId(server: TestServer, roleKey: string): Promise<number> {
  const row = await server.db
    .selectFrom('sys_roles')
    .select('id')
    .where('role_key', '=', roleKey)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The role ids a user holds, ascending. */
export async function rolesOf(server: TestServer, userId: number): Promise<number[]> {
  const rows = await server.db
    .selectFrom('sys_user_roles')
    .select('role_id')
    .where('user_id', '=', userId)
    .orderBy('role_id')
    .execute();
  return rows.map((r) => r.role_id);
}

/** The menu ids a role is granted, ascending. */
export async function menusOf(server: TestServer, role: number): Promise<number[]> {
  const rows = await server.db
    .selectFrom('sys_role_menus')
    .select('menu_id')
    .where('role_id', '=', role)
    .orderBy('menu_id')
    .execute();
  return rows.map((r) => r.menu_id);
}

/** A user holding a new role of exactly these codes, signed in. */
export async function signedInWith(
  server: TestServer,
  userName: string,
  codes: readonly string[],
): Promise<{ token: string; userId: number; roleId: number }> {
  const id = await createRole(server, `${userName}_role`, codes);
  const user = await createUser(server, userName, [`${userName}_role`]);
  return { token: await login(server.app, userName, user.password), userId: user.id, roleId: id };
}
