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
  if (pending) return pending;
  const asked = useSessionStore.getState().fetchUserInfo();
  // The table is shown, and the page drawn, once the profile is here too: drawn before it, the
  // page has no name in its header and none of the cards the user's permissions allow, and jumps
  // when they come (the code, fetched beside the profile, can be here first).
  const prepareWithProfile = async (routes: readonly AppRoute[]) => {
    await Promise.all([prepare?.(routes), asked]);
  };
  // both settle before a failure is reported, so the caller's reset is not undone by a late answer
  pending = Promise.allSettled([asked, usePermissionStore.getState().generateRoutes(prepareWithProfile)])
    .then((results) => {
      const failed = results.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}
