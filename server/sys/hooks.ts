// The rules users, roles and menus add to the generic CRUD: an account an administrator
// creates must change its password at first login, nobody deletes their own account, the
// administrator role keeps its key and stays active, a deleted menu takes its subtree along.
// And who may grant what (docs/security.md): every write of a user's roles, a role's menus or a
// menu's code, through any route (create, update, batch update, import, actions), passes here.
import { type Kysely, sql } from 'kysely';
import type { RequestAuth } from '../auth/access.ts';
import {
  grantRefused,
  keepActiveAdministrator,
  missingCodes,
  missingFrom,
  requireHoldsAccounts,
  rolePowers,
  rolesOfUsers,
} from '../auth/grantRules.ts';
import { ADMIN_ROLE_KEY } from '../auth/grants.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import { adminRoleKeyMessage, SERVER_MESSAGES } from '../http/messages.ts';
import type { HooksByResource, WriteContext } from '../resources/hooks.ts';
import { checkMenuComponent } from './menuComponent.ts';

const FROZEN = 1;

async function includesAdminRole(trx: Kysely<any>, ids: number[]): Promise<boolean> {
  const admin = await trx
    .selectFrom('sys_roles')
    .select('id')
    .where('role_key', '=', ADMIN_ROLE_KEY)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return admin !== undefined;
}

/** System tables are written by staff only; the public content service never reaches them. */
function staff(ctx: WriteContext): RequestAuth {
  if (!ctx.auth) throw forbidden('a session is needed');
  return ctx.auth;
}

const idList = (value: unknown): number[] => (Array.isArray(value) ? value.map(Number) : []);

/** The change of role lists: nobody changes their own, and every role given or taken must be within the caller's power. */
async function checkRoleChange(ctx: WriteContext, ids: number[], next: number[]): Promise<void> {
  const auth = staff(ctx);
  const current = await rolesOfUsers(ctx.trx, ids);
  const wanted = new Set(next);
  const changed = new Set<number>();
  const losing: number[] = [];
  const adminRoles = new Set(
    (await rolePowers(ctx.trx, [...new Set([...next, ...[...current.values()].flat()])]))
      .filter((p) => p.everything)
      .map((p) => p.id),
  );
  for (const id of ids.length > 0 ? ids : [null]) {
    const held = id === null ? [] : (current.get(id) ?? []);
    const added = next.filter((r) => !held.includes(r));
    const removed = held.filter((r) => !wanted.has(r));
    if (id === auth.userId && added.length + removed.length > 0)
      throw forbidden('nobody changes their own roles');
    for (const r of [...added, ...removed]) changed.add(r);
    if (id !== null && removed.some((r) => adminRoles.has(r)) && !next.some((r) => adminRoles.has(r)))
      losing.push(id);
  }
  const missing = missingFrom(auth.grants, await rolePowers(ctx.trx, [...changed]));
  if (missing.length > 0)
    throw grantRefused({ zh: '授予或收回这些角色', en: 'giving or taking these roles' }, missing);
  await keepActiveAdministrator(ctx.trx, losing, 'roleIds');
}

/** The codes of the menu entries a write adds to the roles `ids` (or to a new role). */
async function addedMenuCodes(ctx: WriteContext, ids: number[], next: number[]): Promise<string[] | null> {
  const rows =
    ids.length === 0
      ? []
      : await ctx.trx
          .selectFrom('sys_role_menus')
          .select(['role_id', 'menu_id'])
          .where('role_id', 'in', ids)
          .execute();
  const added = new Set<number>();
  for (const id of ids.length > 0 ? ids : [null]) {
    const held = new Set(rows.filter((r) => Number(r.role_id) === id).map((r) => Number(r.menu_id)));
    for (const menu of next) if (!held.has(menu)) added.add(menu);
  }
  if (added.size === 0) return null;
  const menus = await ctx.trx
    .selectFrom('sys_menus')
    .select('perms')
    .where('id', 'in', [...added])
    .where('perms', 'is not', null)
    .execute();
  return menus.map((m) => String(m.perms));
}

export const systemHooks: HooksByResource = {
  users: {
    beforeCreate(_ctx, columns) {
      // the password was chosen by someone else (DESIGN §2: firstlogin)
      columns.firstlogin = true;
    },
    async beforeWrite(ctx, ids, values) {
      const auth = staff(ctx);
      await requireHoldsAccounts(
        ctx.trx,
        auth.grants,
        ids.filter((id) => id !== auth.userId),
      );
      if (values.roleIds !== undefined) await checkRoleChange(ctx, ids, idList(values.roleIds));
    },
    async beforeUpdate(ctx, ids, columns) {
      // an action that freezes through the generic path keeps an administrator active too
      if (columns.status !== undefined && columns.status === FROZEN)
        await keepActiveAdministrator(ctx.trx, ids, 'status');
    },
    async beforeDelete(ctx, ids) {
      const auth = staff(ctx);
      if (ids.includes(auth.userId))
        throw badRequest({ id: SERVER_MESSAGES.ownAccountDelete }, SERVER_MESSAGES.ownAccountDelete);
      await requireHoldsAccounts(ctx.trx, auth.grants, ids);
      await keepActiveAdministrator(ctx.trx, ids, 'id');
      return ids;
    },
  },
  roles: {
    async beforeWrite(ctx, ids, values) {
      const auth = staff(ctx);
      if (auth.grants.isAdmin) return;
      // a role giving more than the caller holds is not theirs to change in any way
      const above = missingFrom(auth.grants, await rolePowers(ctx.trx, ids));
      if (above.length > 0)
        throw grantRefused(
          { zh: '修改一个权限多于你的角色', en: 'changing a role that holds more than you' },
          above,
        );
      if (values.menuIds === undefined) return;
      const codes = await addedMenuCodes(ctx, ids, idList(values.menuIds));
      if (codes === null) return;
      const own = (await rolesOfUsers(ctx.trx, [auth.userId])).get(auth.userId) ?? [];
      if (ids.some((id) => own.includes(id))) throw forbidden('nobody widens their own role (one they hold)');
      const missing = missingCodes(auth.grants, codes);
      if (missing.length > 0) throw grantRefused({ zh: '授予这些菜单', en: 'granting these menus' }, missing);
    },
    beforeCreate(_ctx, columns) {
      if (columns.role_key === ADMIN_ROLE_KEY)
        throw badRequest({ roleKey: `the key ${ADMIN_ROLE_KEY} belongs to the administrator role` });
    },
    async beforeUpdate(ctx, ids, columns) {
      if (!(await includesAdminRole(ctx.trx, ids))) {
        if (columns.role_key === ADMIN_ROLE_KEY)
          throw badRequest({ roleKey: `the key ${ADMIN_ROLE_KEY} belongs to the administrator role` });
        return;
      }
      if (columns.role_key !== undefined && columns.role_key !== ADMIN_ROLE_KEY) {
        throw badRequest({ roleKey: adminRoleKeyMessage(ADMIN_ROLE_KEY) });
      }
      if (columns.status !== undefined && columns.status !== 0) {
        throw badRequest({ status: SERVER_MESSAGES.adminRoleDisabled });
      }
    },
    async beforeDelete(ctx, ids) {
      if (await includesAdminRole(ctx.trx, ids))
        throw badRequest({ id: SERVER_MESSAGES.adminRoleDeleted }, SERVER_MESSAGES.adminRoleDeleted);
      const auth = staff(ctx);
      const above = missingFrom(auth.grants, await rolePowers(ctx.trx, ids));
      if (above.length > 0)
        throw grantRefused(
          { zh: '删除一个权限多于你的角色', en: 'deleting a role that holds more than you' },
          above,
        );
      return ids;
    },
  },
  menus: {
    // An entry's code is what every role granted the entry gives: a new or re-enabled code on a
    // granted entry is a grant, for which the caller must hold the code. A new entry is granted
    // to no role yet.
    async beforeWrite(ctx, ids, values) {
      const auth = staff(ctx);
      if (auth.grants.isAdmin || ids.length === 0) return;
      const rows = await ctx.trx
        .selectFrom('sys_menus')
        .select(['perms', 'status'])
        .where('id', 'in', ids)
        .execute();
      const given = rows.flatMap((row) => {
        const perms = values.perms !== undefined ? (values.perms as string | null) : row.perms;
        const status = values.status !== undefined ? Number(values.status) : Number(row.status);
        const gives = perms && status === 0 && (perms !== row.perms || Number(row.status) !== 0);
        return gives ? [String(perms)] : [];
      });
      const missing = missingCodes(auth.grants, given);
      if (missing.length > 0) throw grantRefused({ zh: '这次菜单修改', en: 'this menu change' }, missing);
    },
    // a component names a view the app has (server/sys/menuComponent.ts)
    beforeCreate: (ctx, columns) => checkMenuComponent(ctx, [], columns),
    beforeUpdate: (ctx, ids, columns) => checkMenuComponent(ctx, ids, columns),
    async beforeDelete(ctx, ids) {
      const subtree = await sql<{ id: number }>`
        with recursive below(id) as (
          select unnest(${ids}::int[])
          union
          select m.id from sys_menus m join below b on m.parent_id = b.id
        )
        select id from below`.execute(ctx.trx);
      return subtree.rows.map((r) => Number(r.id));
    },
  },
};
