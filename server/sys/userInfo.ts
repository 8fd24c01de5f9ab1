// The user-info answer (spec §3 "User info response"): profile values the app keeps in
// session storage, the roles and the permission codes the UI uses to hide what the user may
// not do. An administrator's list is every code there is.
import type { Kysely } from 'kysely';
import type { UserInfo } from '../../runtime/contract.ts';
import type { Manifest } from '../../runtime/schema/types.ts';
import type { Grants } from '../auth/grants.ts';
import type { Db } from '../db/tables.ts';
import type { ApiRow } from '../resources/rows.ts';

const text = (value: unknown): string | null =>
  value === undefined || value === null ? null : String(value);
const num = (value: unknown): number | null => (typeof value === 'number' ? value : null);

export async function allPermissionCodes(db: Db, manifest: Manifest): Promise<string[]> {
  const menus = await db.selectFrom('sys_menus').select('perms').where('perms', 'is not', null).execute();
  return [
    ...new Set([...manifest.permissions.map((p) => p.code), ...menus.map((m) => m.perms as string)]),
  ].sort();
}

const DEPARTMENT_FIELDS = ['dpmtId', 'departmentId'];

/** The label of the user's department, through the users schema's department reference. */
async function departmentName(db: Db, manifest: Manifest, row: ApiRow): Promise<string | null> {
  const users = manifest.resources.find((r) => r.system && r.name === 'users');
  const field = users?.fields.find(
    (f) => DEPARTMENT_FIELDS.includes(f.name) && f.type === 'ref' && !f.multiple,
  );
  const target = manifest.resources.find((r) => r.name === field?.ref);
  const label = target?.fields.find((f) => f.name === field?.refLabel);
  const id = field ? row[field.name] : null;
  if (!target || !label || typeof id !== 'number') return null;
  const found = await (db as unknown as Kysely<any>)
    .selectFrom(target.table)
    .select(label.column)
    .where('id', '=', id)
    .executeTakeFirst();
  return text(found?.[label.column]);
}

export async function buildUserInfo(
  db: Db,
  manifest: Manifest,
  row: ApiRow,
  grants: Grants,
  activeRole: string | null,
  heldRoles: Grants['roles'] = grants.roles,
): Promise<UserInfo> {
  const permissions = grants.isAdmin
    ? await allPermissionCodes(db, manifest)
    : [...grants.permissions].sort();
  return {
    userId: row.id,
    userName: String(row.userName),
    realName: String(row.realName ?? ''),
    // the spec's profile keys; filled when the users schema declares such fields
    departmentId: num(row.dpmtId ?? row.departmentId),
    departmentName: await departmentName(db, manifest, row),
    rank: text(row.rank),
    positionId: num(row.positionId),
    positionRankId: num(row.positionRankId),
    classifiedGrades: text(row.classifiedGrades),
    personImage: text(row.personImage),
    permissions,
    roles: grants.roles,
    activeRole,
    heldRoles,
    firstlogin: Boolean(row.firstlogin),
  };
}
