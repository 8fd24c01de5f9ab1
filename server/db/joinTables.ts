// Every multi-valued reference lives in a join table with a foreign key on each side, so the
// database enforces it like a single reference column. The system resources' join tables (a
// user's roles, a role's menus) are made by the migrations under their historical names; every
// other one is made by the schema diff as `<table>__<column>` (owner_id, ref_id).
import type { Field, Resource } from '../../runtime/schema/types.ts';

export interface JoinTable {
  table: string;
  /** column pointing at the row being written */
  ownerColumn: string;
  /** column holding the referenced ids */
  refColumn: string;
  /** made by the system migrations rather than the schema diff */
  system: boolean;
}

/** The system join tables, by resource table, then by field name. */
const SYSTEM_JOIN_TABLES: Record<string, Record<string, Omit<JoinTable, 'system'>>> = {
  sys_users: { roleIds: { table: 'sys_user_roles', ownerColumn: 'user_id', refColumn: 'role_id' } },
  sys_roles: { menuIds: { table: 'sys_role_menus', ownerColumn: 'role_id', refColumn: 'menu_id' } },
};

export function joinTableFor(resource: Resource, field: Field): JoinTable | undefined {
  if (field.type !== 'ref' || !field.multiple) return undefined;
  const system = SYSTEM_JOIN_TABLES[resource.table]?.[field.name];
  if (system) return { ...system, system: true };
  return {
    table: `${resource.table}__${field.column}`,
    ownerColumn: 'owner_id',
    refColumn: 'ref_id',
    system: false,
  };
}
