// The menu entries the manifest describes, each with a stable key so a later start can tell
// which ones are already there: a directory per menu group (dir:…), a page per resource
// (page:…), a button per action (button:resource:action), and the dashboard page.
import { permissionCode } from '../../runtime/schema/manifest.ts';
import type { Manifest, Resource, RouteEntry } from '../../runtime/schema/types.ts';

export interface MenuEntry {
  key: string;
  parentKey: string | null;
  menuName: string;
  menuNameEn: string;
  menuType: 'M' | 'C' | 'F';
  path: string | null;
  component: string | null;
  perms: string | null;
  icon: string | null;
  orderNum: number;
  hidden: boolean;
  alwaysShow: boolean;
  affix: boolean;
}

export const DASHBOARD_KEY = 'page:dashboard';

const dashboard: MenuEntry = {
  key: DASHBOARD_KEY,
  parentKey: null,
  menuName: '首页',
  menuNameEn: 'Home',
  menuType: 'C',
  path: '/dashboard',
  component: 'views/dashboard/index',
  perms: null,
  icon: 'menu_icon1',
  orderNum: 0,
  hidden: false,
  alwaysShow: false,
  affix: true,
};

function buttons(resource: Resource, pageKey: string): MenuEntry[] {
  // self-scope actions (own profile, own password, the menu look-ups) need only a session
  return resource.actions
    .filter((a) => a.scope !== 'self')
    .map((action, index) => ({
      key: `button:${resource.name}:${action.name}`,
      parentKey: pageKey,
      menuName: action.title.zh,
      menuNameEn: action.title.en,
      menuType: 'F',
      path: null,
      component: null,
      perms: action.permission,
      icon: null,
      orderNum: index + 1,
      hidden: false,
      alwaysShow: false,
      affix: false,
    }));
}

/** A menu entry from a route entry of the manifest (or one made like it). */
function fromRoute(
  route: RouteEntry,
  key: string,
  parentKey: string | null,
  menuType: 'M' | 'C',
  orderNum: number,
): MenuEntry {
  return {
    key,
    parentKey,
    menuName: route.meta?.titleI18n?.zh ?? route.meta?.title ?? route.path,
    menuNameEn: route.meta?.titleI18n?.en ?? route.meta?.title ?? route.path,
    menuType,
    path: route.path,
    component: route.component,
    perms: route.meta?.permission ?? null,
    icon: route.meta?.icon ?? null,
    orderNum,
    hidden: route.hidden ?? false,
    alwaysShow: route.alwaysShow ?? false,
    affix: route.meta?.affix ?? false,
  };
}

/** Parents always come before their children. */
export function manifestMenuEntries(manifest: Manifest): MenuEntry[] {
  const entries: MenuEntry[] = [dashboard];
  const placed = new Set<string>();
  for (const route of manifest.routes) {
    const group = manifest.menuGroups.find((g) => g.name === route.name);
    const dirKey = `dir:${route.name ?? route.path}`;
    entries.push(fromRoute(route, dirKey, null, 'M', group?.order ?? 0));
    for (const child of route.children ?? []) {
      const resource = manifest.resources.find((r) => r.name === child.name);
      const pageKey = `page:${child.name ?? child.path}`;
      placed.add(child.name ?? '');
      entries.push(fromRoute(child, pageKey, dirKey, 'C', resource?.menu?.order ?? 0));
      if (resource) entries.push(...buttons(resource, pageKey));
    }
  }
  // A resource outside the menu still needs entries for its permission codes to be grantable:
  // a hidden page carries them.
  for (const resource of manifest.resources.filter((r) => !placed.has(r.name))) {
    const pageKey = `page:${resource.name}`;
    const page: RouteEntry = {
      path: resource.route,
      name: resource.name,
      component: `resource/${resource.name}`,
      hidden: true,
      meta: {
        title: resource.title.zh,
        titleI18n: resource.title,
        icon: resource.menu?.icon,
        permission: permissionCode(resource, 'list'),
      },
    };
    entries.push(fromRoute(page, pageKey, null, 'C', 1000));
    entries.push(...buttons(resource, pageKey));
  }
  return entries;
}
