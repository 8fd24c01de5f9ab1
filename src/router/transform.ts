// The server's route list becomes the app's route table (spec §2 "Dynamic routes").

import type { RouteEntry } from '../../runtime/schema/types.ts';
import { NOT_FOUND_PATH } from '../config.ts';
import { joinPath } from './paths.ts';
import type { AppRoute } from './types.ts';

/**
 * Drops redirect and alwaysShow, removes empty children lists, and resolves every child path
 * against its parent so the rest of the app works with absolute paths only. Recursive.
 */
export function transformServerRoutes(entries: RouteEntry[], parentPath = ''): AppRoute[] {
  return entries.map((entry) => {
    const { redirect: _redirect, alwaysShow: _alwaysShow, children, ...kept } = entry;
    const route: AppRoute = { ...kept, path: joinPath(parentPath, entry.path) };
    const transformed = children ? transformServerRoutes(children, route.path) : [];
    if (transformed.length > 0) route.children = transformed;
    return route;
  });
}

/** Unknown paths go to /404; it must come after every other route. */
export const CATCH_ALL_ROUTE: AppRoute = {
  path: '*',
  component: '',
  redirect: NOT_FOUND_PATH,
  hidden: true,
};

/**
 * The dynamic part of the route table: the transformed server routes less the pages the app
 * already serves, then the catch-all.
 */
export function buildDynamicRoutes(
  entries: RouteEntry[],
  served: ReadonlySet<string> = new Set(),
): AppRoute[] {
  return [...withoutServedPaths(transformServerRoutes(entries), served), CATCH_ALL_ROUTE];
}

/**
 * The app's constant routes win over server pages at the same path: the server lists the
 * dashboard as a menu entry, the app already serves it. A group left without pages goes too.
 */
export function withoutServedPaths(routes: AppRoute[], served: ReadonlySet<string>): AppRoute[] {
  const out: AppRoute[] = [];
  for (const route of routes) {
    if (!route.children) {
      if (!served.has(route.path)) out.push(route);
      continue;
    }
    const children = withoutServedPaths(route.children, served);
    if (children.length > 0) out.push({ ...route, children });
  }
  return out;
}
