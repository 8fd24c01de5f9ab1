// The manifest: everything the server and the app need from the schemas, in one JSON file.
// It is committed and diffed, so its order is fixed: resources by module and name, menu groups
// and menu entries by their order, permissions by resource then declared action.
import type { Manifest, MenuGroup, PermissionEntry, Resource, RouteEntry } from './types.ts';

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byOrder = <T extends { order: number; name: string }>(a: T, b: T) =>
  a.order - b.order || byText(a.name, b.name);

export function permissionCode(resource: Resource, action: string): string {
  return `${resource.module}:${resource.name}:${action}`;
}

/** A Layout entry per menu group holding the pages of the resources placed in it (spec §2, "Dynamic routes"). */
export function buildRoutes(resources: Resource[], menuGroups: MenuGroup[]): RouteEntry[] {
  return [...menuGroups].sort(byOrder).flatMap((group) => {
    const pages = resources
      .filter((r) => r.menu?.parent === group.name)
      .sort((a, b) =>
        byOrder({ order: a.menu?.order ?? 0, name: a.name }, { order: b.menu?.order ?? 0, name: b.name }),
      );
    if (pages.length === 0) return [];
    const entry: RouteEntry = {
      path: `/${group.name}`,
      name: group.name,
      component: 'Layout',
      // a group stays a folder in the side menu even when it holds a single page
      alwaysShow: true,
      meta: { title: group.title.zh, titleI18n: group.title, icon: group.icon },
      children: pages.map((r) => ({
        path: r.name,
        name: r.name,
        component: `resource/${r.name}`,
        meta: {
          title: r.title.zh,
          titleI18n: r.title,
          icon: r.menu?.icon,
          permission: permissionCode(r, 'list'),
        },
      })),
    };
    return [entry];
  });
}

/** Every code the server checks: `list` (which also covers `get`) plus each declared action. */
export function buildPermissions(resources: Resource[]): PermissionEntry[] {
  return resources.flatMap((r) =>
    ['list', ...r.actions.map((a) => a.name)].map((action) => ({
      resource: r.name,
      action,
      code: permissionCode(r, action),
    })),
  );
}

export function buildManifest(resources: Resource[], menuGroups: MenuGroup[]): Manifest {
  const sorted = [...resources].sort((a, b) => byText(a.module, b.module) || byText(a.name, b.name));
  return {
    version: 1,
    resources: sorted,
    menuGroups: [...menuGroups].sort(byOrder),
    routes: buildRoutes(sorted, menuGroups),
    permissions: buildPermissions(sorted),
  };
}

/** The manifest as written to disk: stable key order from the builders, two-space indent, final newline. */
export function serializeManifest(manifest: Manifest): string {
  return `${JSON.stringify(manifest, null, 2)}\n`;
}
