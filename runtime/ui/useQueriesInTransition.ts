// react-query's `useQueries`, with the results handed to React in a transition. `useQueries`
// subscribes through `useSyncExternalStore`, whose updates React always renders synchronously: a
// fetch starting or ending rendered the whole list page around a long tree in one piece, and
// flushed in the same task the effects of the commit before it (the next page's fetch starting,
// the table's own effects), a long frame of a "load more" read in
// bench:treetable (docs/benchmarks.md, "Tree tables"). Here the observer is react-query's own
// (`QueriesObserver`, as `useQueries` uses it), its results read as `useQueries` reads them at each
// render, and a change of them renders the component in a transition, which React cuts into
// slices and leaves the effects of for after the frame.
import {
  notifyManager,
  QueriesObserver,
  type QueryKey,
  type QueryObserverOptions,
  type QueryObserverResult,
  useQueryClient,
} from '@tanstack/react-query';
import { startTransition, useEffect, useMemo, useState } from 'react';

export function useQueriesInTransition<D, R>(
  queries: ReadonlyArray<QueryObserverOptions<D, Error, D, D, QueryKey>>,
  combine: (results: Array<QueryObserverResult<D>>) => R,
): R {
  const client = useQueryClient();
  // the observer's results hold the data of these queries
  const combineAll = combine as (results: QueryObserverResult[]) => R;
  // the options as `useQueries` makes them: a query added shows as fetching in the render that
  // adds it, not only once its fetch has begun
  const defaulted = useMemo(
    () =>
      queries.map((query) => {
        const options = client.defaultQueryOptions(query as unknown as QueryObserverOptions);
        options._optimisticResults = 'optimistic';
        return options;
      }),
    [queries, client],
  );
  const [observer] = useState(() => new QueriesObserver<R>(client, defaulted, { combine: combineAll }));
  const [, changed] = useState(0);
  useEffect(() => {
    const unsubscribe = observer.subscribe(
      notifyManager.batchCalls(() => startTransition(() => changed((n) => n + 1))),
    );
    // what changed between the render and the subscription (a read that ended meanwhile)
    startTransition(() => changed((n) => n + 1));
    return unsubscribe;
  }, [observer]);
  useEffect(() => {
    observer.setQueries(defaulted, { combine: combineAll });
  }, [observer, defaulted, combineAll]);
  const [, combined, tracked] = observer.getOptimisticResult(defaulted, combineAll);
  return combined(tracked());
}
