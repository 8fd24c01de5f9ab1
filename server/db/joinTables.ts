// Multi-valued references of system resources live in join tables the migrations create
// (a user's roles, a role's menus), so the database enforces them with foreign keys. Every
// other multi-valued reference is a jsonb array column on the resource's own table.

export interface JoinTable {
  table: 'sys_user_roles' | 'sys_role_menus';
  /** column pointing at the row being written */
  ownerColumn: 'user_id' | 'role_id';
  /** column holding the referenced ids */
  refColumn: 'role_id' | 'menu_id';
}

/** By resource table, then by field name. */
export const JOIN_TABLES: Record<string, Record<string, JoinTable>> = {
  sys_users: { roleIds: { table: 'sys_user_roles', ownerColumn: 'user_id', refColumn: 'role_id' } },
  sys_roles: { menuIds: { table: 'sys_role_menus', ownerColumn: 'role_id', refColumn: 'menu_id' } },
};

export function joinTableFor(table: string, field: string): JoinTable | undefined {
  return JOIN_TABLES[table]?.[field];
}
