// The manifest the generated pages, forms and clients are made from. It comes from the server
// that answers them (GET /api/sys/manifest), not from a copy built into the bundle, so the pages
// always match the API: a schema added or changed shows after a server restart, with no rebuild.
// It changes only when the server restarts, so one fetch a session is enough.

import { queryOptions } from '@tanstack/react-query';
import { manifestRequest } from '../api/manifest.ts';
import { queryClient } from './queryClient.ts';

export const manifestQuery = queryOptions({
  queryKey: ['manifest'],
  queryFn: manifestRequest,
  staleTime: Number.POSITIVE_INFINITY,
});

/** Starts the fetch early (beside the route list after sign-in) so the shell seldom waits for it. */
export function prefetchManifest(): void {
  void queryClient.prefetchQuery(manifestQuery);
}
