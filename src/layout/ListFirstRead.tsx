// A list page's first read, asked for beside the page's code, not after that code has arrived and
// the page has drawn (runtime/ui/listReads.ts): its page of rows as the URL says, or a tree's top
// level. The content area asks for it as a navigation to the page begins: react-query's prefetch
// in render, so a read already cached or under way (a kept-alive tab shown again) is not asked for
// again, and the page's own query takes the answer over. A reload asks for it once the shell's
// code and the manifest are here, while the page's code is still on its way (router/preload.ts).
// As its rows arrive, it asks for the labels of what they point at (a content's category), the
// reads the page would make once drawn: the page draws with its labels, not with ids first.
// Part of the shell, which every list page is drawn in, not of the app's start.
import { type QueryClient, usePrefetchQuery, useQueryClient } from '@tanstack/react-query';
import type { AxiosInstance } from 'axios';
import { useSearchParams } from 'react-router-dom';
import { createResourceClient, type ResourceClient } from '../../runtime/client/resourceClient.ts';
import type { Resource } from '../../runtime/schema/types.ts';
import { firstListRead, type ListRead, readThen } from '../../runtime/ui/listReads.ts';
import { readListState } from '../../runtime/ui/listState.ts';
import { useResources } from '../../runtime/ui/ResourcesContext.tsx';
import { listRefColumns, refLabelReads } from '../../runtime/ui/refLabelReads.ts';
import { listResourceName } from '../router/listRoute.ts';
import { usePermissionStore } from '../stores/permission.ts';

/** The first read of the page a route's `component` names, when it is a generated list page. */
export function ListFirstRead({ component }: { component?: string }) {
  const name = component === undefined ? undefined : listResourceName(component);
  return name === undefined ? null : <FirstRead name={name} />;
}

function FirstRead({ name }: { name: string }) {
  const { clientFor } = useResources();
  const queryClient = useQueryClient();
  const client = clientFor(name);
  const [params] = useSearchParams();
  const read = client && firstListRead(client, readListState(client.resource, params));
  return read ? <Prefetch read={withLabels(read, client.resource, clientFor, queryClient)} /> : null;
}

function Prefetch({ read }: { read: ListRead }) {
  usePrefetchQuery(read);
  return null;
}

/**
 * `read`, asking for the labels of its rows' references as soon as its rows are here: the reads
 * the page's useRefLabels makes for the same rows, so the page takes them over. Who may list what
 * is read as the rows arrive: on a reload the session's permissions come while the rows are read.
 */
function withLabels(
  read: ListRead,
  resource: Resource,
  clientFor: (name: string) => ResourceClient | undefined,
  queryClient: QueryClient,
): ListRead {
  const columns = listRefColumns(resource);
  if (columns.length === 0) return read;
  return readThen(read, (rows) => {
    const { can } = usePermissionStore.getState();
    for (const labels of refLabelReads(columns, rows, clientFor, can)) void queryClient.prefetchQuery(labels);
  });
}

/**
 * The first read of the list page a route's `component` names, for the URL's `search` part (its
 * page, order and filters), through `http`, when it names one of the manifest's `resources`.
 */
export function firstReadOf(
  http: AxiosInstance,
  resources: readonly Resource[],
  component: string,
  search: string,
  queryClient: QueryClient,
): ListRead | undefined {
  const name = listResourceName(component);
  const resource = name === undefined ? undefined : resources.find((r) => r.name === name);
  if (!resource) return undefined;
  const read = firstListRead(
    createResourceClient(http, resource),
    readListState(resource, new URLSearchParams(search)),
  );
  const clientFor = (ref: string) => {
    const referenced = resources.find((r) => r.name === ref);
    return referenced && createResourceClient(http, referenced);
  };
  return read && withLabels(read, resource, clientFor, queryClient);
}
