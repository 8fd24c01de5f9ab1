// useQueriesInTransition: react-query's queries as useQueries reads them (a query added shows as
// fetching in the render that adds it; its data once read), with each change of their results
// rendered in a transition: a deferred read of a value hands it over at once in a transition and
// holds it back in an urgent render. The reads are the test's own promises, settled when it says.
import { QueryClient, QueryClientProvider, type QueryObserverResult } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { type ReactNode, useCallback, useDeferredValue } from 'react';
import { describe, expect, it } from 'vitest';
import { useQueriesInTransition } from '../../../runtime/ui/useQueriesInTransition.ts';

/** A read the test settles, and how often it was asked for. */
function reads() {
  const waiting = new Map<string, (value: string) => void>();
  const asked: string[] = [];
  return {
    asked,
    query: (key: string) => ({
      queryKey: ['transition-test', key],
      queryFn: () =>
        new Promise<string>((resolve) => {
          asked.push(key);
          waiting.set(key, resolve);
        }),
    }),
    settle: (key: string, value: string) => waiting.get(key)?.(value),
    pending: (key: string) => waiting.has(key),
  };
}

function useSeen(keys: string[], source: ReturnType<typeof reads>) {
  const queries = keys.map(source.query);
  const combine = useCallback(
    (results: Array<QueryObserverResult<string>>) => ({
      data: results.map((r) => r.data ?? null),
      fetching: results.map((r) => r.isFetching),
    }),
    [],
  );
  const result = useQueriesInTransition(queries, combine);
  const deferred = useDeferredValue(result.data.join(','));
  return { ...result, deferred };
}

describe('useQueriesInTransition', () => {
  it('shows a query fetching in its first render, and its data in a transition render once read', async () => {
    const source = reads();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const renders: Array<{ data: string; deferred: string; fetching: boolean[] }> = [];
    const { result, rerender } = renderHook(
      ({ keys }: { keys: string[] }) => {
        const seen = useSeen(keys, source);
        renders.push({ data: seen.data.join(','), deferred: seen.deferred, fetching: seen.fetching });
        return seen;
      },
      { wrapper, initialProps: { keys: ['a'] } },
    );
    expect(renders[0].fetching).toEqual([true]);
    await waitFor(() => expect(source.pending('a')).toBe(true));
    await act(async () => source.settle('a', 'A'));
    await waitFor(() => expect(result.current.data).toEqual(['A']));
    const arrived = renders.find((r) => r.data === 'A')!;
    // drawn in a transition: the deferred value is the new one in the same render
    expect(arrived.deferred).toBe('A');
    expect(arrived.fetching).toEqual([false]);

    // a query added shows as fetching in the render that adds it, the first keeps its data
    const from = renders.length;
    rerender({ keys: ['a', 'b'] });
    expect(renders[from]).toMatchObject({ data: 'A,', fetching: [false, true] });
    await waitFor(() => expect(source.pending('b')).toBe(true));
    await act(async () => source.settle('b', 'B'));
    await waitFor(() => expect(result.current.data).toEqual(['A', 'B']));
    expect(renders.find((r) => r.data === 'A,B')?.deferred).toBe('A,B');
    expect(source.asked).toEqual(['a', 'b']);
  });

  it('stops observing when it unmounts', async () => {
    const source = reads();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { unmount } = renderHook(() => useSeen(['c'], source), { wrapper });
    await waitFor(() => expect(source.pending('c')).toBe(true));
    const query = client.getQueryCache().find({ queryKey: ['transition-test', 'c'] })!;
    expect(query.getObserversCount()).toBe(1);
    unmount();
    expect(query.getObserversCount()).toBe(0);
  });
});
