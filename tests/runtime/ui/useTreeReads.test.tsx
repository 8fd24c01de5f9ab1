// The tree reads against the real server app on PGlite (realServer.ts): a page of a level that is
// asked for, or a fetch that starts, leaves the rows as they were until the page arrives, so a
// picker or tree table drawing a long level builds it again once a page, not at every render
// (antd's tree and table go over every entry they are handed).
import { act, renderHook, waitFor } from '@testing-library/react';
import { useDeferredValue, useRef } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Resource } from '../../../runtime/schema/types.ts';
import { useRefClient } from '../../../runtime/ui/ResourcesContext.tsx';
import { PICKER_PAGE } from '../../../runtime/ui/useRefSearch.ts';
import { type TreeReadOptions, type TreeReads, useTreeReads } from '../../../runtime/ui/useTreeReads.ts';
import { CATEGORIES, makeLevel, makeTree } from './categoryTree.ts';
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

/** The category tree's reads as a picker makes them, with `probe` called in each render. */
function renderReads(probe: (reads: TreeReads) => void, options: Pick<TreeReadOptions, 'search'> = {}) {
  return renderHook(
    () => {
      const reads = useTreeReads({
        client: useRefClient('contentCategorys'),
        pageSize: PICKER_PAGE,
        enabled: true,
        ...options,
      });
      probe(reads);
      return reads;
    },
    { wrapper: providersFor(realHttp(real), resources) },
  );
}

/**
 * A level of PICKER_PAGE + 10 categories under a new root, its reads rendered with `probe` called
 * in each render, and its first page read; gives the reads and the level's parent key.
 */
async function levelWithFirstPage(tag: string, probe: (reads: TreeReads) => void) {
  const ids = await makeTree(real, tag, [['长栏目', 0]]);
  const parent = String(ids.get('长栏目'));
  await makeLevel(real, tag, Number(parent), PICKER_PAGE + 10);
  const { result } = renderReads(probe);
  await waitFor(() => expect(result.current.levels.get('0')?.keys).toContain(parent));
  act(() => result.current.openLevel(parent));
  await waitFor(() => expect(result.current.levels.get(parent)?.keys).toHaveLength(PICKER_PAGE));
  await waitFor(() => expect(result.current.loading).toBe(false));
  return { result, parent };
}

describe('useTreeReads', () => {
  it('keeps the rows while a page of a level is asked for and read, and builds them again once it arrives', async () => {
    // every render's rows and whether a read was under way
    const seen: Array<Pick<TreeReads, 'rows' | 'loading' | 'loadingList' | 'loadingMore'>> = [];
    const { result, parent } = await levelWithFirstPage('·读', (reads) =>
      seen.push({
        rows: reads.rows,
        loading: reads.loading,
        loadingList: reads.loadingList,
        loadingMore: reads.loadingMore,
      }),
    );
    const count = PICKER_PAGE + 10;

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
    // a later page is read as the level's own: what waits on the whole list does not
    expect(waiting.some((s) => s.loadingMore.length === 1 && s.loadingMore[0] === parent)).toBe(true);
    expect(since.some((s) => s.loadingList)).toBe(false);
    expect(result.current.loadingMore).toEqual([]);
    // then one new set of rows, kept as the read ended
    expect(new Set(since.map((s) => s.rows)).size).toBe(2);
    expect(result.current.rows.size).toBe(before.size + 10);
  }, 90_000);

  it("asks for a level's next page in a render React may cut into slices", async () => {
    // each render's number, and what a deferred read of it gave: React hands a deferred value
    // over at once in a transition render, and the one before in any other
    const renders: Array<{ count: number; deferred: number }> = [];
    const { result, parent } = await levelWithFirstPage('·续', () => {
      const counter = useRef(0);
      counter.current += 1;
      renders.push({ count: counter.current, deferred: useDeferredValue(counter.current) });
    });

    const from = renders.length;
    act(() => result.current.loadMore(parent));
    const asked = renders[from];
    expect(asked.deferred).toBe(asked.count);
    await waitFor(() => expect(result.current.levels.get(parent)?.keys).toHaveLength(PICKER_PAGE + 10));
  }, 90_000);

  it('asks for no page past the end of a level read whole', async () => {
    const tag = '·尽';
    const ids = await makeTree(real, tag, [['长栏目', 0]]);
    const parent = String(ids.get('长栏目'));
    await makeLevel(real, tag, Number(parent), PICKER_PAGE + 10);
    // the level's reads as they leave the client
    const http = realHttp(real);
    const asked: Array<{ parent: string; page: string }> = [];
    http.interceptors.request.use((config) => {
      const params = new URLSearchParams(String(config.url).split('?')[1] ?? '');
      for (const [key, value] of Object.entries((config.params ?? {}) as Record<string, unknown>)) {
        params.set(key, String(value));
      }
      if (params.has('parentId')) asked.push({ parent: params.get('parentId')!, page: params.get('page')! });
      return config;
    });
    const { result } = renderHook(
      () => useTreeReads({ client: useRefClient('contentCategorys'), pageSize: PICKER_PAGE, enabled: true }),
      { wrapper: providersFor(http, resources) },
    );
    await waitFor(() => expect(result.current.levels.get('0')?.keys).toContain(parent));
    act(() => result.current.openLevel(parent));
    await waitFor(() => expect(result.current.levels.get(parent)?.keys).toHaveLength(PICKER_PAGE));
    act(() => result.current.loadMore(parent));
    await waitFor(() => expect(result.current.levels.get(parent)?.keys).toHaveLength(PICKER_PAGE + 10));

    // a click on a "load more" row still on the page, then a read that comes after it
    act(() => result.current.loadMore(parent));
    const child = result.current.levels.get(parent)!.keys[0];
    act(() => result.current.openLevel(child));
    await waitFor(() => expect(result.current.levels.get(child)?.total).toBe(0));
    expect(asked).toEqual([
      { parent: '0', page: '1' },
      { parent, page: '1' },
      { parent, page: '2' },
      { parent: child, page: '1' },
    ]);
  }, 90_000);

  it("reads an opened node's level as the node's own, not as a read of the whole list", async () => {
    const tag = '·开';
    const ids = await makeTree(real, tag, [['开栏目', 0]]);
    const parent = String(ids.get('开栏目'));
    await makeLevel(real, tag, Number(parent), 3);
    const seen: Array<Pick<TreeReads, 'loading' | 'loadingList' | 'loadingLevels'>> = [];
    const { result } = renderReads((reads) =>
      seen.push({
        loading: reads.loading,
        loadingList: reads.loadingList,
        loadingLevels: reads.loadingLevels,
      }),
    );
    await waitFor(() => expect(result.current.levels.get('0')?.keys).toContain(parent));
    await waitFor(() => expect(result.current.loading).toBe(false));
    // the top level's read is the whole list's
    expect(seen.some((s) => s.loadingList)).toBe(true);
    expect(seen.every((s) => s.loadingLevels.length === 0)).toBe(true);

    const from = seen.length;
    act(() => result.current.openLevel(parent));
    await waitFor(() => expect(result.current.levels.get(parent)?.keys).toHaveLength(3));
    await waitFor(() => expect(result.current.loading).toBe(false));
    const since = seen.slice(from);
    expect(
      since.some((s) => s.loading && s.loadingLevels.length === 1 && s.loadingLevels[0] === parent),
    ).toBe(true);
    expect(since.some((s) => s.loadingList)).toBe(false);
    expect(result.current.loadingLevels).toEqual([]);
  }, 90_000);

  it("reads the search's next page as its own, not as a read of the whole list", async () => {
    const tag = '·搜';
    const ids = await makeTree(real, tag, [['长栏目', 0]]);
    await makeLevel(real, tag, ids.get('长栏目')!, PICKER_PAGE + 10);
    const search = { categoryName: tag };
    const seen: Array<Pick<TreeReads, 'loadingList' | 'loadingMore'>> = [];
    const { result } = renderReads(
      (reads) => seen.push({ loadingList: reads.loadingList, loadingMore: reads.loadingMore }),
      { search },
    );
    await waitFor(() => expect(result.current.hits).toHaveLength(PICKER_PAGE));
    await waitFor(() => expect(result.current.loading).toBe(false));

    const from = seen.length;
    act(() => result.current.loadMore('search'));
    // the root and its children all match
    await waitFor(() => expect(result.current.hits).toHaveLength(PICKER_PAGE + 11));
    const since = seen.slice(from);
    expect(since.some((s) => s.loadingMore.includes('search'))).toBe(true);
    expect(since.some((s) => s.loadingList)).toBe(false);
  }, 90_000);

  it('reads more chosen rows than one page holds, in reads of at most 500, with the rows above them', async () => {
    const tag = '·选';
    const ids = await makeTree(real, tag, [['多选栏目', 0]]);
    const parent = ids.get('多选栏目')!;
    await real.sql(`
      insert into cms_content_categorys (parent_id, category_name, kind, status, show_in_nav, regulation, order_num)
      select ${parent}, '选' || i || '${tag}', 0, 0, true, false, i from generate_series(1, 600) i`);
    const page = async (n: number) =>
      (await real.api('GET', `${CATEGORIES}?parentId=${parent}&limit=500&page=${n}`)).rows as Array<{
        id: number;
      }>;
    const chosen = [...(await page(1)), ...(await page(2))].map((row) => String(row.id));
    expect(chosen).toHaveLength(600);
    const http = realHttp(real);
    const limits: number[] = [];
    http.interceptors.request.use((config) => {
      const params = (config.params ?? {}) as Record<string, unknown>;
      if (params.id !== undefined) limits.push(Number(params.limit));
      return config;
    });
    const { result } = renderHook(
      () =>
        useTreeReads({
          client: useRefClient('contentCategorys'),
          pageSize: PICKER_PAGE,
          enabled: true,
          chosen,
        }),
      { wrapper: providersFor(http, resources) },
    );
    await waitFor(() => expect(chosen.every((id) => result.current.rows.has(id))).toBe(true));
    // the row above them came along, so each is shown where it sits
    expect(result.current.rows.has(String(parent))).toBe(true);
    expect(limits.sort((a, b) => a - b)).toEqual([100, 500]);
  }, 90_000);
});
