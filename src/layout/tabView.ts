import type { AppRoute } from '../router/types.ts';
import type { TabViewInput } from '../stores/tabs.ts';

/** The name a page's tab and its kept-alive view go by: the route's name, else its path. */
export function viewName(route: AppRoute): string {
  return route.name || route.path;
}

/** A page at a location, as the tab strip records it. */
export function tabViewOf(route: AppRoute, location: { pathname: string; search: string }): TabViewInput {
  return {
    path: location.pathname,
    fullPath: location.pathname + location.search,
    name: viewName(route),
    meta: route.meta ?? {},
    query: Object.fromEntries(new URLSearchParams(location.search)),
  };
}
