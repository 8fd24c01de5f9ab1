// Renders the route table held by the permission store. The table changes at sign-in, sign-out
// and role switch; rendering it with useRoutes rebuilds the routes in place (the spec's "router
// reset") without replacing the router and its history.

import { Suspense, useEffect, useMemo } from 'react';
import { useLocation, useRoutes } from 'react-router-dom';
import { PageLoading } from '../components/PageLoading.tsx';
import { scrollTopFor } from '../layout/scrollMemory.ts';
import { usePermissionStore } from '../stores/permission.ts';
import { toRouteObjects } from './routeObjects.tsx';

export function AppRoutes() {
  const routes = usePermissionStore((s) => s.routes);
  const objects = useMemo(() => toRouteObjects(routes), [routes]);
  const element = useRoutes(objects);
  const location = useLocation();

  // Spec §2: scroll resets to the top on every navigation, except back into a kept-alive view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation (a new key) is the trigger
  useEffect(() => {
    window.scrollTo(0, scrollTopFor(location.pathname));
  }, [location.key]);

  return <Suspense fallback={<PageLoading fullscreen />}>{element}</Suspense>;
}
