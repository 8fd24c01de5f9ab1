// Who may grant what (docs/security.md, "Who may grant what"): a role gives its holders the codes
// of its menu entries, so giving a role, taking it away, widening its menus or managing an account
// that holds it is for someone whose own permissions include all of them. The administrator role
// gives everything: only an administrator may give it, take it or manage one who holds it.

import type { Kysely } from 'kysely';
import type { I18n } from '../../runtime/schema/types.ts';
import { ApiError, badRequest } from '../http/errors.ts';
import { ADMIN_ROLE_KEY, type Grants } from './grants.ts';

/** What a role gives its holders. */
export interface RolePower {
  id: number;
  /** the administrator role: every code there is */
  everything: boolean;
  codes: Set<string>;
}

/**
 * The powers of the given roles. Disabled menu entries count: switching one back on would hand
 * its code to every holder again.
 */
export async function rolePowers(trx: Kysely<any>, roleIds: readonly number[]): Promise<RolePower[]> {
  if (roleIds.length === 0) return [];
  const roles = await trx
    .selectFrom('sys_roles')
    .select(['id', 'role_key'])
    .where('id', 'in', [...roleIds])
    .execute();
  const menus = await trx
    .selectFrom('sys_role_menus as rm')
    .innerJoin('sys_menus as m', 'm.id', 'rm.menu_id')
    .select(['rm.role_id', 'm.perms'])
    .where('rm.role_id', 'in', [...roleIds])
    .where('m.perms', 'is not', null)
    .execute();
  return roles.map((r) => ({
    id: Number(r.id),
    everything: r.role_key === ADMIN_ROLE_KEY,
    codes: new Set(menus.filter((m) => Number(m.role_id) === Number(r.id)).map((m) => String(m.perms))),
  }));
}

/** The roles each of the given users holds, by user id (a user holding none is absent). */
export async function rolesOfUsers(
  trx: Kysely<any>,
  userIds: readonly number[],
): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (userIds.length === 0) return out;
  const rows = await trx
    .selectFrom('sys_user_roles')
    .select(['user_id', 'role_id'])
    .where('user_id', 'in', [...userIds])
    .execute();
  for (const row of rows)
    out.set(Number(row.user_id), [...(out.get(Number(row.user_id)) ?? []), Number(row.role_id)]);
  return out;
}

/**
 * What the caller lacks of these powers: `admin` alone when one of them is the administrator
 * role (nothing short of being an administrator covers it), else the codes, sorted.
 */
export function missingFrom(grants: Grants, powers: readonly RolePower[]): string[] {
  if (grants.isAdmin) return [];
  if (powers.some((p) => p.everything)) return [ADMIN_ROLE_KEY];
  const missing = new Set(
    powers.flatMap((p) => [...p.codes].filter((code) => !grants.permissions.has(code))),
  );
  return [...missing].sort();
}

/** The codes of `codes` the caller does not hold. */
export function missingCodes(grants: Grants, codes: Iterable<string>): string[] {
  if (grants.isAdmin) return [];
  return [...new Set([...codes].filter((code) => !grants.permissions.has(code)))].sort();
}

/** A refused grant: 403 naming what the caller lacks (`data.missing`); nothing is written. */
export function grantRefused(what: I18n, missing: readonly string[]): ApiError {
  const named = (lang: 'zh' | 'en') =>
    missing.map((m) =>
      m === ADMIN_ROLE_KEY
        ? lang === 'zh'
          ? '超级管理员角色（admin）'
          : 'the administrator role (admin)'
        : m,
    );
  return new ApiError(
    403,
    {
      zh: `${what.zh}需要你没有的权限：${named('zh').join('、')}`,
      en: `${what.en} needs permissions you do not hold: ${named('en').join(', ')}`,
    },
    { missing: [...missing] },
  );
}

/** 403 unless the caller holds everything the accounts hold; one's own account is one's own. */
export async function requireHoldsAccounts(trx: Kysely<any>, grants: Grants, userIds: readonly number[]) {
  if (grants.isAdmin || userIds.length === 0) return;
  const held = await rolesOfUsers(trx, userIds);
  const missing = missingFrom(grants, await rolePowers(trx, [...new Set([...held.values()].flat())]));
  if (missing.length > 0)
    throw grantRefused(
      { zh: '管理一个权限多于你的账号', en: 'managing an account that holds more than you' },
      missing,
    );
}

/** Ids of the active users holding the administrator role. */
async function activeAdministrators(trx: Kysely<any>): Promise<number[]> {
  const rows = await trx
    .selectFrom('sys_users as u')
    .innerJoin('sys_user_roles as ur', 'ur.user_id', 'u.id')
    .innerJoin('sys_roles as r', 'r.id', 'ur.role_id')
    .select('u.id')
    .where('u.status', '=', 0)
    .where('r.role_key', '=', ADMIN_ROLE_KEY)
    .where('r.status', '=', 0)
    .execute();
  return [...new Set(rows.map((r) => Number(r.id)))];
}

/**
 * 400 on `field` when the write would leave no active administrator: `leaving` are the users that
 * stop being one (frozen, deleted, or stripped of the administrator role).
 */
export async function keepActiveAdministrator(
  trx: Kysely<any>,
  leaving: readonly number[],
  field: string,
): Promise<void> {
  if (leaving.length === 0) return;
  const active = await activeAdministrators(trx);
  const gone = new Set(leaving);
  if (active.some((id) => gone.has(id)) && active.every((id) => gone.has(id))) {
    throw badRequest({ [field]: 'the last active administrator must stay an active administrator' });
  }
}
