// The route list (spec §2 "Dynamic routes"): the directories and pages a session may open,
// nested. A directory is a Layout entry; a page at the top level is wrapped in one Layout
// entry at '/', since the app mounts every page inside the shell.
import type { RouteEntry } from '../../runtime/schema/types.ts';
import { type MenuRow, nestMenus, type TreeNode, withAncestors } from './menuTree.ts';

function routeName(menu: MenuRow): string {
  // seeded entries keep the manifest's names (page:users → users); staff-made ones get their id
  return menu.menu_key ? menu.menu_key.slice(menu.menu_key.lastIndexOf(':') + 1) : `menu${menu.id}`;
}

function toRoute(node: TreeNode<MenuRow>): RouteEntry | null {
  const menu = node.item;
  const entry: RouteEntry = {
    path: menu.path ?? '',
    name: routeName(menu),
    component: menu.menu_type === 'M' ? menu.component || 'Layout' : (menu.component ?? ''),
    meta: {
      title: menu.menu_name,
      titleI18n: { zh: menu.menu_name, en: menu.menu_name_en || menu.menu_name },
      icon: menu.icon ?? undefined,
      ...(menu.affix ? { affix: true } : {}),
      ...(menu.perms ? { permission: menu.perms } : {}),
    },
  };
  if (menu.hidden) entry.hidden = true;
  if (menu.always_show) entry.alwaysShow = true;
  const children = node.children.map(toRoute).filter((r): r is RouteEntry => r !== null);
  if (children.length > 0) entry.children = children;
  // a directory left with nothing the session may open would be an empty folder
  if (menu.menu_type === 'M' && children.length === 0) return null;
  return entry;
}

/** `menus`: every menu row; `granted`: ids the session holds (all of them for an administrator). */
export function buildRouteList(menus: MenuRow[], granted: Set<number>): RouteEntry[] {
  const visible = menus.filter((m) => m.menu_type !== 'F' && m.status === 0);
  const keep = withAncestors(
    visible,
    visible.filter((m) => granted.has(m.id)).map((m) => m.id),
  );
  const routes = nestMenus(visible.filter((m) => keep.has(m.id)))
    .map(toRoute)
    .filter((r): r is RouteEntry => r !== null);

  const out: RouteEntry[] = [];
  let root: RouteEntry | undefined;
  for (const route of routes) {
    if (route.component === 'Layout') {
      out.push(route);
      continue;
    }
    if (!root) {
      root = { path: '/', component: 'Layout', children: [] };
      out.push(root);
    }
    root.children!.push({ ...route, path: route.path.replace(/^\/+/, '') });
  }
  return out;
}
