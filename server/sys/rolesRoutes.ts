// Role switch (docs/api.md): a new server-side session limited to one role the user holds;
// the old session ends. Not the spec's demo trick of a token made from the role name.
import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '../../runtime/contract.ts';
import { writeAudit } from '../audit.ts';
import { createSession, revokeSession } from '../auth/sessions.ts';
import { ok } from '../http/envelope.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import { roleNotHeldMessage } from '../http/messages.ts';

export function registerRoleSwitch(app: FastifyInstance): void {
  app.post(API_PATHS.roleSwitch, { config: { access: { signedIn: true } } }, async (request) => {
    const auth = request.auth!;
    const body = (request.body ?? {}) as Record<string, unknown>;
    const roleKey = typeof body.roleKey === 'string' ? body.roleKey.trim() : '';
    if (!roleKey) throw badRequest({ roleKey: 'required' });
    const role = await app.db
      .selectFrom('sys_user_roles as ur')
      .innerJoin('sys_roles as r', 'r.id', 'ur.role_id')
      .select(['r.id', 'r.role_key'])
      .where('ur.user_id', '=', auth.userId)
      .where('r.role_key', '=', roleKey)
      .where('r.status', '=', 0)
      .executeTakeFirst();
    if (!role) throw forbidden(roleNotHeldMessage(roleKey));
    const token = await app.db.transaction().execute(async (trx) => {
      const next = await createSession(
        trx,
        {
          userId: auth.userId,
          roleId: role.id,
          address: request.ip,
          userAgent: request.headers['user-agent'],
        },
        app.security,
      );
      await revokeSession(trx, auth.sessionId);
      await writeAudit(trx, {
        userId: auth.userId,
        userName: auth.userName,
        action: 'switchRole',
        resource: 'roles',
        target: role.id,
        address: request.ip,
      });
      return next;
    });
    return ok({ token });
  });
}
