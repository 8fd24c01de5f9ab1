import { useQuery } from '@tanstack/react-query';
import { MAX_LIMIT } from '../../runtime/client/constants.ts';
import type { Filters, ListParams, ResourceClient } from '../../runtime/client/resourceClient.ts';
import { queryKeys } from '../../runtime/ui/queryKeys.ts';

/**
 * Every row of a small resource (the configuration pages edit a few dozen rows at most; the
 * server serves up to MAX_LIMIT in one page), cached under the resource so a write elsewhere
 * invalidates it. Without a client (the user may not list it) nothing is fetched.
 */
export function useAllRows(client: ResourceClient | undefined, sort?: string, filters?: Filters) {
  const params: ListParams = { page: 1, limit: MAX_LIMIT, sort, filters };
  return useQuery({
    queryKey: queryKeys.list(client?.resource.name ?? '', params),
    queryFn: ({ signal }) => client!.list(params, { signal }),
    enabled: Boolean(client),
  });
}
