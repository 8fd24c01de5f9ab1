// A list page's first read, asked for by the content area as the navigation to the page begins,
// beside the page's code, not after that code has arrived and the page has drawn
// (runtime/ui/listReads.ts): its page of rows as the URL says, or a tree's top level. It is
// react-query's prefetch in render: a read already cached or under way (a kept-alive tab shown
// again) is not asked for again, and the page's own query takes the answer over. Part of the
// shell, which every list page is drawn in, not of the app's start.
import { usePrefetchQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
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
