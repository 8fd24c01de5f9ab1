// A reload with a session will show the shell and the page in the address once the profile and
// the route table are back; fetching their code meanwhile takes a round trip off the first render.

import { findRouteTrail } from './trail.ts';
import type { AppRoute } from './types.ts';
import { preloadView } from './views.tsx';

export function preloadSignedInPage(routes: readonly AppRoute[], pathname: string): void {
  void import('../layout/Layout.tsx');
  const page = findRouteTrail(routes, pathname).at(-1);
  if (page) preloadView(page.component);
}
