// The rules users, roles and menus add to the generic CRUD: an account an administrator
// creates must change its password at first login, nobody deletes their own account, the
// administrator role keeps its key and stays active, a deleted menu takes its subtree along.
import { type Kysely, sql } from 'kysely';
import { ADMIN_ROLE_KEY } from '../auth/grants.ts';
import { badRequest } from '../http/errors.ts';
import type { HooksByResource } from '../resources/hooks.ts';

async function includesAdminRole(trx: Kysely<any>, ids: number[]): Promise<boolean> {
  const admin = await trx
    .selectFrom('sys_roles')
    .select('id')
    .where('role_key', '=', ADMIN_ROLE_KEY)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return admin !== undefined;
}

export const systemHooks: HooksByResource = {
  users: {
    beforeCreate(_ctx, columns) {
      // the password was chosen by someone else (DESIGN §2: firstlogin)
      columns.firstlogin = true;
    },
    beforeDelete(ctx, ids) {
      if (ctx.auth && ids.includes(ctx.auth.userId))
        throw badRequest({ id: 'you cannot delete your own account' });
      return ids;
    },
  },
  roles: {
    async beforeUpdate(ctx, ids, columns) {
      if (!(await includesAdminRole(ctx.trx, ids))) return;
      if (columns.role_key !== undefined && columns.role_key !== ADMIN_ROLE_KEY) {
        throw badRequest({ roleKey: `the key of the administrator role stays ${ADMIN_ROLE_KEY}` });
      }
      if (columns.status !== undefined && columns.status !== 0) {
        throw badRequest({ status: 'the administrator role cannot be disabled' });
      }
    },
    async beforeDelete(ctx, ids) {
      if (await includesAdminRole(ctx.trx, ids))
        throw badRequest({ id: 'the administrator role cannot be deleted' });
      return ids;
    },
  },
  menus: {
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
