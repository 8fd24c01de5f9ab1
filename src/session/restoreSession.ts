// After sign-in, and after a reload that found a token, the profile and the route table are
// fetched once, side by side (neither needs the other). Concurrent callers (the login page, the
// route guard, React's double effects in development) share the one request in flight.

import type { AppRoute } from '../router/types.ts';
import { usePermissionStore } from '../stores/permission.ts';
import { useSessionStore } from '../stores/session.ts';

let pending: Promise<void> | null = null;

/**
 * `prepare` runs once the route list is back and before the table is shown: what the first page
 * needs to draw at once (router/preload.ts).
 */
export function restoreSession(prepare?: (routes: readonly AppRoute[]) => Promise<void>): Promise<void> {
  // both settle before a failure is reported, so the caller's reset is not undone by a late answer
  pending ??= Promise.allSettled([
    useSessionStore.getState().fetchUserInfo(),
    usePermissionStore.getState().generateRoutes(prepare),
  ])
    .then((results) => {
      const failed = results.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}
