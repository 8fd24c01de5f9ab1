// The tree table's rows against the real server app on PGlite (realServer.ts): a level's page
// that arrives is drawn in a render of its own after the page has rendered as it was, so React can
// cut the long render of thousands of rows into slices (a deferred value) rather than block the
// window for it in one piece.
import { act, renderHook, waitFor } from '@testing-library/react';
import { useDeferredValue } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Resource } from '../../../runtime/schema/types.ts';
import type { TreeRow } from '../../../runtime/ui/buildTree.ts';
import { useRefClient } from '../../../runtime/ui/ResourcesContext.tsx';
import { type TreeTable, useTreeTable } from '../../../runtime/ui/useTreeTable.ts';
import { makeTree } from './categoryTree.ts';
import { loadResources, providersFor, realHttp } from './harness.tsx';
import { type RealServer, startRealServer } from './realServer.ts';

let real: RealServer;
let resources: Resource[];

beforeAll(async () => {
  [real, resources] = await Promise.all([startRealServer(), loadResources()]);
}, 120_000);
afterAll(async () => {
  await real?.close();
});

const NO_FILTERS = {};

/** The children the table holds under a row, by name. */
function childrenOf(data: readonly TreeRow[], id: number): string[] | undefined {
  for (const row of data) {
    if (row.id === id) return row.children?.map((child) => String(child.categoryName));
    const below = row.children && childrenOf(row.children, id);
    if (below) return below;
  }
  return undefined;
}

describe('useTreeTable', () => {
  it("draws a level's arrival in a transition render, which React may cut into slices, its rows as one new set", async () => {
    const tag = '·缓';
    const ids = await makeTree(real, tag, [
      ['上', 0],
      ['下一', '上'],
      ['下二', '上'],
    ]);
    const parent = ids.get('上')!;
    const http = realHttp(real);
    const wrapper = providersFor(http, resources);
    // every render's rows, whether the whole table or the opened row's level was being read, and
    // what a deferred read of the latter gave: React holds a value back in an urgent render and
    // hands it over at once in a transition
    const seen: Array<Pick<TreeTable, 'data' | 'loading'> & { reading: boolean; deferredReading: boolean }> =
      [];
    const { result } = renderHook(
      () => {
        const table = useTreeTable(useRefClient('contentCategorys'), {
          enabled: true,
          filters: NO_FILTERS,
        });
        const reading = table.loadingLevels.includes(String(parent));
        const deferredReading = useDeferredValue(reading);
        seen.push({ data: table.data, loading: table.loading, reading, deferredReading });
        return table;
      },
      { wrapper },
    );
    await waitFor(() => expect(childrenOf(result.current.data, parent)).toEqual([]));
    await waitFor(() => expect(result.current.loading).toBe(false));

    const before = result.current.data;
    const from = seen.length;
    act(() => result.current.onExpandedChange({ [String(parent)]: true }));
    await waitFor(() =>
      expect(childrenOf(result.current.data, parent)).toEqual([`下一${tag}`, `下二${tag}`]),
    );
    const since = seen.slice(from);
    const arrived = since.findIndex((s, i) => i > 0 && since[i - 1].reading && !s.reading);
    expect(arrived).toBeGreaterThan(0);
    // the read's end is a transition render (react-query's own store would render it at once)
    expect(since[arrived].deferredReading).toBe(false);
    // the level was the row's own read: the whole table did not wait for it
    expect(since.some((s) => s.loading)).toBe(false);
    // the level's rows come as one new set, in that render or a later one
    const after = since.slice(arrived).filter((s) => s.data !== before);
    expect(after.length).toBeGreaterThan(0);
    expect(new Set(after.map((s) => s.data)).size).toBe(1);
    expect(result.current.expanded).toEqual({ [String(parent)]: true });
  }, 90_000);

  it('opens a row in a transition render, which React may cut into slices, not in one piece', async () => {
    const tag = '·渡';
    const ids = await makeTree(real, tag, [
      ['上', 0],
      ['下', '上'],
    ]);
    const parent = String(ids.get('上'));
    const wrapper = providersFor(realHttp(real), resources);
    // every render's open rows, and what a deferred read of them gave: React holds a value back
    // in an urgent render and hands it over at once in a transition
    const seen: Array<{ open: boolean; deferredOpen: boolean }> = [];
    const { result } = renderHook(
      () => {
        const table = useTreeTable(useRefClient('contentCategorys'), { enabled: true, filters: NO_FILTERS });
        const deferred = useDeferredValue(table.expanded);
        const isOpen = (state: typeof deferred) => state !== true && state[parent] === true;
        seen.push({ open: isOpen(table.expanded), deferredOpen: isOpen(deferred) });
        return table;
      },
      { wrapper },
    );
    await waitFor(() => expect(result.current.loading).toBe(false));
    act(() => result.current.onExpandedChange({ [parent]: true }));
    await waitFor(() => expect(result.current.expanded).toEqual({ [parent]: true }));
    expect(seen.find((render) => render.open)).toEqual({ open: true, deferredOpen: true });
  }, 90_000);
});
