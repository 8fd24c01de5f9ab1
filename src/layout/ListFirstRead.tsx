// A list page's first read, asked for beside the page's code, not after that code has arrived and
// the page has drawn (runtime/ui/listReads.ts): its page of rows as the URL says, or a tree's top
// level. The content area asks for it as a navigation to the page begins: react-query's prefetch
// in render, so a read already cached or under way (a kept-alive tab shown again) is not asked for
// again, and the page's own query takes the answer over. A reload asks for it once the shell's
// code and the manifest are here, while the page's code is still on its way (router/preload.ts).
// Part of the shell, which every list page is drawn in, not of the app's start.
import { usePrefetchQuery } from '@tanstack/react-query';
import type { AxiosInstance } from 'axios';
import { useSearchParams } from 'react-router-dom';
import { createResourceClient } from '../../runtime/client/resourceClient.ts';
import type { Resource } from '../../runtime/schema/types.ts';
import { firstListRead, type ListRead } from '../../runtime/ui/listReads.ts';
import { readListState } from '../../runtime/ui/listState.ts';
import { useResources } from '../../runtime/ui/ResourcesContext.tsx';
import { listResourceName } from '../router/listRoute.ts';

/** The first read of the page a route's `component` names, when it is a generated list page. */
export function ListFirstRead({ component }: { component?: string }) {
  const name = component === undefined ? undefined : listResourceName(component);
  return name === undefined ? null : <FirstRead name={name} />;
}

function FirstRead({ name }: { name: string }) {
  const client = useResources().clientFor(name);
  const [params] = useSearchParams();
  const read = client && firstListRead(client, readListState(client.resource, params));
  return read ? <Prefetch read={read} /> : null;
}

function Prefetch({ read }: { read: ListRead }) {
  usePrefetchQuery(read);
  return null;
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
): ListRead | undefined {
  const name = listResourceName(component);
  const resource = name === undefined ? undefined : resources.find((r) => r.name === name);
  if (!resource) return undefined;
  return firstListRead(
    createResourceClient(http, resource),
    readListState(resource, new URLSearchParams(search)),
  );
}
