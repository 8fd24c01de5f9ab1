import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { findRouteTrail } from '../router/trail.ts';
import type { AppRoute } from '../router/types.ts';
import { usePermissionStore } from '../stores/permission.ts';

/** The routes the current location sits under, top-level first, the page last. */
export function useRouteTrail(): AppRoute[] {
  const routes = usePermissionStore((s) => s.routes);
  const { pathname } = useLocation();
  return useMemo(() => findRouteTrail(routes, pathname), [routes, pathname]);
}
