// A 'resource/<name>' route: the generated list page, whose first read is asked for as the
// navigation begins, beside the page's code, not after that code has arrived and the page has
// drawn (runtime/ui/listReads.ts). react-query's prefetch in render: a read already cached or
// under way is not asked for again, and the page's own query takes the answer over.
import { usePrefetchQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router-dom';
import { firstListRead, type ListRead } from '../../runtime/ui/listReads.ts';
import { readListState } from '../../runtime/ui/listState.ts';
import { useResources } from '../../runtime/ui/ResourcesContext.tsx';

/** The first read of the list page of `name`, asked for while the page's code may still load. */
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

export function ResourceRoute({ name, View }: { name: string; View: ComponentType<{ name: string }> }) {
  return (
    <>
      <FirstRead name={name} />
      <View name={name} />
    </>
  );
}
