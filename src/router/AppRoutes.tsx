// Renders the route table held by the permission store, each change of it in a transition
// (shownTable.ts). The table changes at sign-in, sign-out and role switch; rendering it with
// useRoutes rebuilds the routes in place (the spec's "router reset") without replacing the router
// and its history.

import { Suspense, useEffect, useMemo } from 'react';
import { useLocation, useRoutes } from 'react-router-dom';
import { PageLoading } from '../components/PageLoading.tsx';
import { scrollTopFor } from '../layout/scrollMemory.ts';
import { toRouteObjects } from './routeObjects.tsx';
import { ShownTableContext, useTableShownInTransition } from './shownTable.ts';

export function AppRoutes() {
  const shown = useTableShownInTransition();
  const objects = useMemo(() => toRouteObjects(shown.routes), [shown.routes]);
  const element = useRoutes(objects);
  const location = useLocation();

  // Spec §2: scroll resets to the top on every navigation, except back into a kept-alive view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation (a new key) is the trigger
  useEffect(() => {
    window.scrollTo(0, scrollTopFor(location.pathname));
  }, [location.key]);

  return (
    <ShownTableContext value={shown}>
      <Suspense fallback={<PageLoading fullscreen />}>{element}</Suspense>
    </ShownTableContext>
  );
}
