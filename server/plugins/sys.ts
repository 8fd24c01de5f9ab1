// Users, roles and menus beyond their generic CRUD, plus the calls the shell makes after
// login: user info, the route list, role switch, the dashboard figures and the licence.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { API_PATHS } from '../../runtime/contract.ts';
import { permissionCode } from '../../runtime/schema/manifest.ts';
import { failure, ok } from '../http/envelope.ts';
import { badRequest } from '../http/errors.ts';
import { requestLang } from '../http/lang.ts';
import { asRecord } from '../http/params.ts';
import { calendarMonth, dashboardFigures, MONTH_PATTERN } from '../sys/dashboard.ts';
import { licenseMessage, licenseState } from '../sys/license.ts';
import { registerMenusRoutes } from '../sys/menusRoutes.ts';
import { registerRoleSwitch } from '../sys/rolesRoutes.ts';
import { registerRoleUsers } from '../sys/roleUsers.ts';
import { buildRouteList } from '../sys/routeList.ts';
import { registerUsersRoutes } from '../sys/usersRoutes.ts';
import './types.ts';

async function sys(app: FastifyInstance): Promise<void> {
  const resource = (name: string) => app.manifest.resources.find((r) => r.system && r.name === name);
  const users = resource('users');
  const roles = resource('roles');
  const menus = resource('menus');
  if (users) registerUsersRoutes(app, users);
  if (menus) registerMenusRoutes(app, menus, roles);
  registerRoleSwitch(app);
  if (users && roles) registerRoleUsers(app, users, roles);

  app.get(
    API_PATHS.routes,
    { config: { access: { signedIn: true, beforePasswordChange: true } } },
    async (request) => {
      const menuRows = await app.db.selectFrom('sys_menus').selectAll().execute();
      return ok(buildRouteList(menuRows, request.auth!.grants.menuIds));
    },
  );

  app.get(API_PATHS.dashboard, { config: { access: { signedIn: true } } }, async (request) =>
    ok(await dashboardFigures(app.db, app.manifest, app.security, request.auth!.grants)),
  );

  // another month of the home page's calendar (this month comes with the figures above), for
  // those who may list the contents it counts
  const contents = app.manifest.resources.find((r) => r.name === 'contents');
  if (contents)
    app.get(
      API_PATHS.dashboardCalendar,
      { config: { access: { permission: permissionCode(contents, 'list') } } },
      async (request) => {
        const month = asRecord(request.query).month;
        if (typeof month !== 'string' || !MONTH_PATTERN.test(month))
          throw badRequest({ month: { zh: '应为 YYYY-MM 形式的月份', en: 'expected a month as YYYY-MM' } });
        return ok(await calendarMonth(app.db as unknown as Kysely<any>, app.manifest, month));
      },
    );

  // Public: the licence page sits outside the sign-in (spec §2), and the state names only the
  // school, an edition and a date. An invalid licence answers success false with the spec's
  // 'license…' message, and still gives the state for the page to show.
  app.get(API_PATHS.license, { config: { access: { public: true } } }, async (request) => {
    const state = await licenseState(app.db, app.manifest);
    return state.valid ? ok(state) : failure(licenseMessage(state, requestLang(request)), state);
  });
}

export default fp(sys, { name: 'sys', fastify: '5.x', dependencies: ['context', 'auth', 'resources'] });
