// The tree reads against the real server app on PGlite (realServer.ts): a page of a level that is
// asked for, or a fetch that starts, leaves the rows as they were until the page arrives, so a
// picker or tree table drawing a long level builds it again once a page, not at every render
// (antd's tree and table go over every entry they are handed).
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Resource } from '../../../runtime/schema/types.ts';
import { useRefClient } from '../../../runtime/ui/ResourcesContext.tsx';
import { PICKER_PAGE } from '../../../runtime/ui/useRefSearch.ts';
import { type TreeReads, useTreeReads } from '../../../runtime/ui/useTreeReads.ts';
import { makeLevel, makeTree } from './categoryTree.ts';
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

describe('useTreeReads', () => {
  it('keeps the rows while a page of a level is asked for and read, and builds them again once it arrives', async () => {
    const tag = '·读';
    const ids = await makeTree(real, tag, [['长栏目', 0]]);
    const parent = String(ids.get('长栏目'));
    const count = PICKER_PAGE + 10;
    await makeLevel(real, tag, Number(parent), count);
    const http = realHttp(real);
    const wrapper = providersFor(http, resources);
    // every render's rows and whether a read was under way
    const seen: Array<Pick<TreeReads, 'rows' | 'loading'>> = [];
    const { result } = renderHook(
      () => {
        const reads = useTreeReads({
          client: useRefClient('contentCategorys'),
          pageSize: PICKER_PAGE,
          enabled: true,
        });
        seen.push({ rows: reads.rows, loading: reads.loading });
        return reads;
      },
      { wrapper },
    );
    await waitFor(() => expect(result.current.levels.get('0')?.keys).toContain(parent));
    act(() => result.current.openLevel(parent));
    await waitFor(() => expect(result.current.levels.get(parent)?.keys).toHaveLength(PICKER_PAGE));
    await waitFor(() => expect(result.current.loading).toBe(false));

    const before = result.current.rows;
    const from = seen.length;
    act(() => result.current.loadMore(parent));
    await waitFor(() => expect(result.current.levels.get(parent)?.keys).toHaveLength(count));
    await waitFor(() => expect(result.current.loading).toBe(false));
    const since = seen.slice(from);
    // renders came while the page was read, every one with the rows from before it
    const waiting = since.filter((s) => s.rows === before);
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.some((s) => s.loading)).toBe(true);
    // then one new set of rows, kept as the read ended
    expect(new Set(since.map((s) => s.rows)).size).toBe(2);
    expect(result.current.rows.size).toBe(before.size + 10);
  }, 90_000);
});
