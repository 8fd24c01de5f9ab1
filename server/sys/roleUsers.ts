// A role's users (docs/api.md, "A role's users"), for the assign-users page: who holds the role
// and who does not, a searched page at a time however many users there are; and giving the role
// to some users and taking it from others in one call and one transaction. Every change passes
// the grant rules (roleAssignmentCheck.ts) before it is written; one refusal writes nothing.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { API_PATHS, LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT } from '../../runtime/contract.ts';
import { permissionCode } from '../../runtime/schema/manifest.ts';
import { VERSION_COLUMN } from '../../runtime/schema/reservedNames.ts';
import type { Resource } from '../../runtime/schema/types.ts';
import { writeAudit } from '../audit.ts';
import { retriedTransaction } from '../db/retriedTransaction.ts';
import { ok } from '../http/envelope.ts';
import { badRequest, rowNotFound, rowsMissing } from '../http/errors.ts';
import { readIdList } from '../http/idList.ts';
import { requestLang } from '../http/lang.ts';
import { asRecord, idParam } from '../http/params.ts';
import { routePath } from '../http/routePath.ts';
import { escapeLike } from '../resources/filterSql.ts';
import { checkRoleAssignment } from './roleAssignmentCheck.ts';

/** Most users one call may give the role to or take it from. */
export const MAX_ROLE_USERS = 500;

export interface RoleUser {
  id: number;
  userName: string;
  realName: string;
  status: number;
}

const UNKNOWN = { zh: '未知参数', en: 'unknown parameter' };

const single = (value: unknown): unknown => (Array.isArray(value) ? value[value.length - 1] : value);

function readListQuery(query: unknown) {
  const params = asRecord(query);
  const errors: Record<string, { zh: string; en: string }> = {};
  for (const key of Object.keys(params))
    if (!['holding', 'search', 'page', 'limit'].includes(key)) errors[key] = UNKNOWN;
  const holding = String(single(params.holding) ?? 'true');
  if (holding !== 'true' && holding !== 'false')
    errors.holding = { zh: 'holding 只能是 true 或 false', en: 'holding is true or false' };
  const page = Number(single(params.page) ?? 1);
  if (!Number.isInteger(page) || page < 1)
    errors.page = { zh: '页码必须是不小于 1 的整数', en: 'must be a whole number of at least 1' };
  const limit = Number(single(params.limit) ?? LIST_DEFAULT_LIMIT);
  if (!Number.isInteger(limit) || limit < 1 || limit > LIST_MAX_LIMIT)
    errors.limit = {
      zh: `每页条数必须是 1 到 ${LIST_MAX_LIMIT} 的整数`,
      en: `must be a whole number from 1 to ${LIST_MAX_LIMIT}`,
    };
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  const search = String(single(params.search) ?? '').trim();
  return { holding: holding === 'true', search, page, limit };
}

function readChange(body: unknown): { add: number[]; remove: number[] } {
  const values = asRecord(body);
  const unknown = Object.keys(values).filter((key) => key !== 'add' && key !== 'remove');
  if (unknown.length > 0) throw badRequest(Object.fromEntries(unknown.map((key) => [key, UNKNOWN])));
  const add = readIdList(values.add, 'add', MAX_ROLE_USERS, false);
  const remove = readIdList(values.remove, 'remove', MAX_ROLE_USERS, false);
  if (add.length + remove.length === 0)
    throw badRequest({
      add: {
        zh: '请给出要授予（add）或收回（remove）该角色的用户',
        en: 'name the users to add or to remove',
      },
    });
  if (add.length + remove.length > MAX_ROLE_USERS)
    throw badRequest({
      add: { zh: `一次最多 ${MAX_ROLE_USERS} 个用户`, en: `at most ${MAX_ROLE_USERS} users at a time` },
    });
  const both = add.filter((id) => remove.includes(id));
  if (both.length > 0)
    throw badRequest({
      remove: {
        zh: `用户 ${both.join(', ')} 不能同时授予和收回`,
        en: `users ${both.join(', ')} both added and removed`,
      },
    });
  return { add, remove };
}

export function registerRoleUsers(app: FastifyInstance, users: Resource, roles: Resource): void {
  const path = routePath(API_PATHS.roleUsers('{id}'));
  // role assignment is its own permission where the schema has it; else editing users
  const assignCode = permissionCode(users, 'assignRoles');
  const writeCode = app.manifest.permissions.some((p) => p.code === assignCode)
    ? assignCode
    : permissionCode(users, 'update');

  // a role deleted meanwhile would take its links along: the write holds it for its duration
  const requireRole = async (db: typeof app.db, id: number, lock: boolean) => {
    let query = db.selectFrom('sys_roles').select('id').where('id', '=', id);
    if (lock) query = query.forShare();
    if (!(await query.executeTakeFirst())) throw rowNotFound(roles, id);
  };

  app.get(path, { config: { access: { permission: permissionCode(users, 'list') } } }, async (request) => {
    const roleId = idParam(request, roles.name);
    const { holding, search, page, limit } = readListQuery(request.query);
    await requireRole(app.db, roleId, false);
    const holds = sql<boolean>`exists (select 1 from sys_user_roles ur where ur.user_id = u.id and ur.role_id = ${roleId})`;
    let query = app.db.selectFrom('sys_users as u').where(holding ? holds : sql<boolean>`not ${holds}`);
    if (search) {
      const like = `%${escapeLike(search)}%`;
      query = query.where((eb) =>
        eb.or([eb('u.user_name', 'ilike', like), eb('u.real_name', 'ilike', like)]),
      );
    }
    const { total } = await query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
    const rows = await query
      .select(['u.id', 'u.user_name', 'u.real_name', 'u.status'])
      .orderBy('u.user_name')
      .orderBy('u.id')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
    const out: RoleUser[] = rows.map((r) => ({
      id: r.id,
      userName: r.user_name,
      realName: r.real_name,
      status: r.status,
    }));
    return ok({ rows: out, total });
  });

  app.put(path, { config: { access: { permission: writeCode } } }, async (request) => {
    const roleId = idParam(request, roles.name);
    const lang = requestLang(request);
    const { add, remove } = readChange(request.body);
    const auth = request.auth!;
    return ok(
      await retriedTransaction(app.db, { lang, attempts: app.security.writeAttempts }, async (trx) => {
        await requireRole(trx, roleId, true);
        const ids = [...add, ...remove].sort((a, b) => a - b);
        // the accounts whose roles change, locked in id order
        const found = await trx
          .selectFrom('sys_users')
          .select('id')
          .where('id', 'in', ids)
          .orderBy('id')
          .forUpdate()
          .execute();
        const present = new Set(found.map((r) => Number(r.id)));
        const missing = ids.filter((id) => !present.has(id));
        if (missing.length > 0) throw rowsMissing(users, missing);
        const links = await trx
          .selectFrom('sys_user_roles')
          .select(['user_id', 'role_id'])
          .where('user_id', 'in', ids)
          .execute();
        const ctx = { trx, resource: users, auth, security: app.security, lang, manifest: app.manifest };
        const added: number[] = [];
        const removed: number[] = [];
        for (const userId of ids) {
          const held = links.filter((l) => Number(l.user_id) === userId).map((l) => Number(l.role_id));
          const holds = held.includes(roleId);
          const giving = add.includes(userId);
          if (holds === giving) continue;
          const next = giving ? [...held, roleId] : held.filter((r) => r !== roleId);
          await checkRoleAssignment(ctx, userId, next);
          if (giving) {
            await trx.insertInto('sys_user_roles').values({ user_id: userId, role_id: roleId }).execute();
            added.push(userId);
          } else {
            await trx
              .deleteFrom('sys_user_roles')
              .where('user_id', '=', userId)
              .where('role_id', '=', roleId)
              .execute();
            removed.push(userId);
          }
        }
        const changed = [...added, ...removed];
        if (changed.length > 0) {
          // the account changed: an edit form that read it before is told (docs/api.md, "Concurrent edits")
          await trx
            .updateTable('sys_users')
            .set({ update_time: sql`now()`, [VERSION_COLUMN]: sql`${sql.ref(VERSION_COLUMN)} + 1` })
            .where('id', 'in', changed)
            .execute();
          await writeAudit(trx, {
            userId: auth.userId,
            userName: auth.userName,
            action: 'assignUsers',
            resource: roles.name,
            target: roleId,
            detail: { added, removed },
            address: request.ip,
          });
        }
        return { added: added.length, removed: removed.length };
      }),
    );
  });
}
