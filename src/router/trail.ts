// Which routes a location sits under: the chain from a top-level route down to the matched page.
// The breadcrumbs, the tab strip, the sidebar's selection and the view cache all start from it.

import { matchPath } from 'react-router-dom';
import { isExternal } from './paths.ts';
import type { AppRoute } from './types.ts';

/** A route that renders a page of its own, rather than grouping others or leading elsewhere. */
export function isPage(route: AppRoute): boolean {
  return (
    !route.children &&
    route.component !== '' &&
    route.component !== 'Layout' &&
    !route.redirect &&
    route.path !== '*' &&
    !isExternal(route.path)
  );
}

export function findRouteTrail(routes: readonly AppRoute[], pathname: string): AppRoute[] {
  for (const route of routes) {
    if (route.children) {
      const below = findRouteTrail(route.children, pathname);
      if (below.length > 0) return [route, ...below];
    } else if (isPage(route) && matchPath({ path: route.path, end: true }, pathname)) {
      return [route];
    }
  }
  return [];
}

/** Every page of a tree, depth first: the children of the one shell route. */
export function pagesOf(routes: readonly AppRoute[]): AppRoute[] {
  return routes.flatMap((route) => (route.children ? pagesOf(route.children) : isPage(route) ? [route] : []));
}
