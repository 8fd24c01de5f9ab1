// What a session may do: the permission codes (menu `perms`) of the menu entries granted to
// its roles. A role with the key `admin` may do everything. Read from the database on every
// request, so a change of roles or grants takes effect at once, in every process.
import type { Db } from '../db/tables.ts';

export const ADMIN_ROLE_KEY = 'admin';

export interface Grants {
  isAdmin: boolean;
  roles: Array<{ id: number; roleKey: string; roleName: string }>;
  permissions: Set<string>;
  /** menu ids granted to the roles (all menus for an administrator) */
  menuIds: Set<number>;
}

/** The user's roles in use, in their order; roleId: that one alone (a session after a role switch). */
export async function loadRoles(
  db: Db,
  userId: number,
  roleId: number | null = null,
): Promise<Grants['roles']> {
  let query = db
    .selectFrom('sys_user_roles as ur')
    .innerJoin('sys_roles as r', 'r.id', 'ur.role_id')
    .select(['r.id', 'r.role_key', 'r.role_name'])
    .where('ur.user_id', '=', userId)
    .where('r.status', '=', 0)
    .orderBy('r.sort_order')
    .orderBy('r.id');
  if (roleId !== null) query = query.where('r.id', '=', roleId);
  return (await query.execute()).map((r) => ({ id: r.id, roleKey: r.role_key, roleName: r.role_name }));
}

/** roleId limits the grants to that one role (a session after a role switch). */
export async function loadGrants(db: Db, userId: number, roleId: number | null): Promise<Grants> {
  const roles = await loadRoles(db, userId, roleId);
  const isAdmin = roles.some((r) => r.roleKey === ADMIN_ROLE_KEY);

  let menus = db.selectFrom('sys_menus as m').select(['m.id', 'm.perms']).where('m.status', '=', 0);
  if (!isAdmin) {
    if (roles.length === 0) return { isAdmin, roles, permissions: new Set(), menuIds: new Set() };
    menus = menus.where(
      'm.id',
      'in',
      db
        .selectFrom('sys_role_menus')
        .select('menu_id')
        .where(
          'role_id',
          'in',
          roles.map((r) => r.id),
        ),
    );
  }
  const rows = await menus.execute();
  return {
    isAdmin,
    roles,
    permissions: new Set(rows.flatMap((r) => (r.perms ? [r.perms] : []))),
    menuIds: new Set(rows.map((r) => r.id)),
  };
}

export function allows(grants: Grants, codes: readonly string[]): boolean {
  return grants.isAdmin || codes.some((code) => grants.permissions.has(code));
}
