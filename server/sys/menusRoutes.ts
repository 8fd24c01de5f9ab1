// The menus endpoints beyond CRUD (spec §7 "Menus"): the caller's own menus, and for role
// editing the whole tree with a role's granted entries, the granted and the not granted ones.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { permissionCode } from '../../runtime/schema/manifest.ts';
import type { Resource } from '../../runtime/schema/types.ts';
import { ok } from '../http/envelope.ts';
import { notFound } from '../http/errors.ts';
import { routePath } from '../http/routePath.ts';
import { parseId } from '../resources/coerce.ts';
import { findAction } from '../resources/fields.ts';
import { type ApiRow, toApiRows } from '../resources/rows.ts';
import { type MenuRow, nestMenus, type TreeNode } from './menuTree.ts';

type MenuNode = ApiRow & { children?: MenuNode[] };

export function registerMenusRoutes(
  app: FastifyInstance,
  menus: Resource,
  roles: Resource | undefined,
): void {
  const allMenus = () => app.db.selectFrom('sys_menus').selectAll().execute();

  async function nested(rows: MenuRow[]): Promise<MenuNode[]> {
    const apiRows = new Map((await toApiRows(app.db, menus, rows)).map((r) => [r.id, r]));
    const convert = (node: TreeNode<MenuRow>): MenuNode => {
      const row: MenuNode = { ...apiRows.get(node.item.id)! };
      if (node.children.length > 0) row.children = node.children.map(convert);
      return row;
    };
    return nestMenus(rows).map(convert);
  }

  /** Menu ids granted to a role; 404 for an unknown role; role id 0 means "no role yet". */
  async function grantedTo(request: FastifyRequest): Promise<Set<number>> {
    const raw = (request.params as { id?: string }).id;
    if (raw === '0') return new Set();
    const id = parseId(raw);
    const role =
      id === null
        ? undefined
        : await app.db.selectFrom('sys_roles').select('id').where('id', '=', id).executeTakeFirst();
    if (!role) throw notFound({ zh: `角色 ${raw} 不存在`, en: `roles ${raw} not found` });
    const rows = await app.db
      .selectFrom('sys_role_menus')
      .select('menu_id')
      .where('role_id', '=', role.id)
      .execute();
    return new Set(rows.map((r) => r.menu_id));
  }

  // Role editing reads the menu tree: those who may list menus or edit roles may read it.
  const roleEditing = [
    permissionCode(menus, 'list'),
    ...(roles ? [permissionCode(roles, 'create'), permissionCode(roles, 'update')] : []),
  ];
  const action = (name: string) => findAction(menus, name);

  const mine = action('users');
  if (mine) {
    app.get(
      routePath(mine.path),
      { config: { access: { signedIn: true, beforePasswordChange: true } } },
      async (request) => {
        const { grants } = request.auth!;
        const rows = (await allMenus()).filter((m) => m.status === 0 && grants.menuIds.has(m.id));
        return ok(await nested(rows));
      },
    );
  }

  const tree = action('tree');
  if (tree) {
    app.get(routePath(tree.path), { config: { access: { permission: roleEditing } } }, async (request) => {
      const granted = await grantedTo(request);
      return ok({ menus: await nested(await allMenus()), checkedKeys: [...granted].sort((a, b) => a - b) });
    });
  }

  for (const [name, wanted] of [
    ['auth', true],
    ['unauth', false],
  ] as const) {
    const a = action(name);
    if (!a) continue;
    app.get(routePath(a.path), { config: { access: { permission: roleEditing } } }, async (request) => {
      const granted = await grantedTo(request);
      const rows = (await allMenus())
        .filter((m) => granted.has(m.id) === wanted)
        .sort((x, y) => x.order_num - y.order_num || x.id - y.id);
      return ok(await toApiRows(app.db, menus, rows));
    });
  }
}
