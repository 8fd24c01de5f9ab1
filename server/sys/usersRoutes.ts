// The users endpoints beyond CRUD (docs/api.md, "Users"): freeze, restore, role assignment, own
// profile, own password, password reset and user info.
import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '../../runtime/contract.ts';
import { permissionCode } from '../../runtime/schema/manifest.ts';
import { toServerValidator } from '../../runtime/schema/serverValidator.ts';
import type { Resource } from '../../runtime/schema/types.ts';
import { allows, loadGrants, loadRoles } from '../auth/grants.ts';
import { checkLock, recordAttempt } from '../auth/lockout.ts';
import { verifyPassword } from '../auth/password.ts';
import { actorOf } from '../http/actor.ts';
import { ok } from '../http/envelope.ts';
import { badRequest, forbidden, locked, missingPermission } from '../http/errors.ts';
import { requestLang } from '../http/lang.ts';
import { SERVER_MESSAGES } from '../http/messages.ts';
import { asRecord, idParam } from '../http/params.ts';
import { routePath } from '../http/routePath.ts';
import { findAction } from '../resources/fields.ts';
import { readInput } from '../resources/input.ts';
import { changeOwnPassword, resetPassword, setUserStatus } from './accounts.ts';
import { buildUserInfo } from './userInfo.ts';

/** The rules of the users schema's password field, applied to a new password. */
function checkNewPassword(users: Resource, password: unknown, lang: 'zh' | 'en'): string {
  const result = toServerValidator(users, 'create', lang)({ password });
  const message = result.ok ? undefined : result.errors.password;
  if (message) throw badRequest({ password: message });
  if (typeof password !== 'string') throw badRequest({ password: 'required' });
  return password;
}

export function registerUsersRoutes(app: FastifyInstance, users: Resource): void {
  const store = app.stores.get(users.name)!;
  const action = (name: string) => findAction(users, name);

  for (const [name, frozen] of [
    ['freeze', true],
    ['restore', false],
  ] as const) {
    const a = action(name);
    if (!a) continue;
    app.put(routePath(a.path), { config: { access: { permission: a.permission } } }, async (request) => {
      const id = idParam(request, users.name);
      if (frozen && id === request.auth!.userId)
        throw badRequest({ id: SERVER_MESSAGES.ownAccountFreeze }, SERVER_MESSAGES.ownAccountFreeze);
      await setUserStatus(app.db, id, frozen, actorOf(request));
      return ok(await store.get(id));
    });
  }

  // The roles of one user: a write of the roleIds field through the store, so the grant rules
  // (server/sys/hooks.ts) apply exactly as they do to create, update and batch update.
  const assign = action('assignRoles');
  if (assign) {
    app.put(
      routePath(assign.path),
      { config: { access: { permission: assign.permission } } },
      async (request) => {
        const id = idParam(request, users.name);
        const values = readInput(users, { action: assign.name }, request.body, requestLang(request));
        return ok(await store.update(id, values, actorOf(request)));
      },
    );
  }

  const self = action('self');
  if (self) {
    app.put(routePath(self.path), { config: { access: { signedIn: true } } }, async (request) => {
      const values = readInput(users, { action: self.name }, request.body, requestLang(request));
      return ok(await store.update(request.auth!.userId, values, actorOf(request)));
    });
  }

  const password = action('password');
  if (password) {
    app.post(
      routePath(password.path),
      { config: { access: { signedIn: true, beforePasswordChange: true } } },
      async (request) => {
        const auth = request.auth!;
        if (idParam(request, users.name) !== auth.userId) throw forbidden(SERVER_MESSAGES.ownPasswordOnly);
        const body = asRecord(request.body);
        const next = checkNewPassword(users, body.password, requestLang(request));
        // a stolen session must not become a way to guess the password: failures count
        // towards the same lockout as failed logins
        const lock = await checkLock(app.db, auth.userName, request.ip, app.security);
        if (lock.locked) throw locked(lock.retryAfterSeconds);
        const row = await app.db
          .selectFrom('sys_users')
          .select('password')
          .where('id', '=', auth.userId)
          .executeTakeFirstOrThrow();
        if (typeof body.oldPassword !== 'string' || !(await verifyPassword(body.oldPassword, row.password))) {
          await recordAttempt(app.db, auth.userName, request.ip, false);
          throw badRequest({ oldPassword: SERVER_MESSAGES.wrongCurrentPassword });
        }
        if (body.oldPassword === next) throw badRequest({ password: SERVER_MESSAGES.samePassword });
        await changeOwnPassword(app.db, next, actorOf(request), app.security);
        return ok(null);
      },
    );
  }

  const reset = action('resetPassword');
  if (reset) {
    app.post(
      routePath(reset.path),
      { config: { access: { permission: reset.permission } } },
      async (request) => {
        const body = asRecord(request.body);
        const given = body.password === undefined || body.password === '' ? undefined : body.password;
        const chosen =
          given === undefined
            ? undefined
            : (readInput(users, { action: reset.name }, { password: given }, requestLang(request))
                .password as string);
        const generated = await resetPassword(
          app.db,
          idParam(request, users.name),
          chosen,
          actorOf(request),
          app.security,
        );
        return ok(generated === undefined ? null : { password: generated });
      },
    );
  }

  const listCode = permissionCode(users, 'list');
  app.get(
    API_PATHS.userInfo(':id'),
    { config: { access: { signedIn: true, beforePasswordChange: true } } },
    async (request) => {
      const auth = request.auth!;
      const id = idParam(request, users.name);
      const own = id === auth.userId;
      if (!own && !allows(auth.grants, [listCode])) throw missingPermission([listCode]);
      const row = await store.get(id);
      const grants = own ? auth.grants : await loadGrants(app.db, id, null);
      const activeRole = own && auth.roleId !== null ? (grants.roles[0]?.roleKey ?? null) : null;
      // after a switch the session holds one role; the menu still offers every role held
      const held = activeRole === null ? grants.roles : await loadRoles(app.db, id);
      return ok(await buildUserInfo(app.db, app.manifest, row, grants, activeRole, held));
    },
  );
}
