// The reads of a tree resource of any size, shared by its pickers (useTreePicker.ts) and its list
// page (useTreeTable.ts), over the list parameters of docs/api.md, "Trees": the top level first,
// a node's children when it opens (`?parentId=7`, a page at a time, each row saying whether it
// has children), a search's matches with every row above them (`ancestors=true`), and chosen
// rows with their paths by id. Nothing reads the whole table; react-query caches each read
// under the resource, so a write anywhere in it refreshes every level read so far.
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { startTransition, useCallback, useMemo, useState } from 'react';
import type { ListResult } from '../client/envelope.ts';
import { idBatches } from '../client/idBatches.ts';
import type { Filters, Id, ResourceClient, Row } from '../client/resourceClient.ts';
import { levelRead, ROOT_KEY, viewKey } from './listReads.ts';
import type { Level } from './pickerTree.ts';
import { queryKeys } from './queryKeys.ts';
import { useQueriesInTransition } from './useQueriesInTransition.ts';

interface LevelPage {
  parent: string;
  page: number;
}

export interface TreeReadOptions {
  client: ResourceClient;
  /** rows per read of a level or of the search */
  pageSize: number;
  /** the list's order within a level (`field` or `-field`); the resource's own when left out */
  sort?: string;
  /** nothing is read until this holds (a picker that has not opened) */
  enabled: boolean;
  /** the search: its filters, or nothing to browse the levels */
  search?: Filters;
  /** rows read by id with every row above them (a picker's chosen value) */
  chosen?: readonly string[];
  /** failures are not toasted (a picker the user may not read shows empty) */
  silent?: boolean;
}

export interface TreeReads {
  /** every row read so far, by key: levels, the search's hits and ancestors, the chosen rows */
  rows: ReadonlyMap<string, Row>;
  /** each level read so far: its rows' keys in the server's order and the level's total */
  levels: ReadonlyMap<string, Level>;
  /** a search is on: `hits` and `order` describe its tree */
  searching: boolean;
  hits: string[];
  /** the hits and the rows above them, in the order siblings are shown */
  order: string[];
  /** how many hits are loaded, of how many */
  searchCount: { shown: number; total: number };
  /** a read is under way: any of those below */
  loading: boolean;
  /** a read the whole list waits for: the top level's first page, the search, the chosen rows */
  loadingList: boolean;
  /** the levels below the top whose first page is being read (a node opened, or read again after
   * a write), by parent key: the node shows it, while the rest of the list stays usable */
  loadingLevels: readonly string[];
  /** the levels whose next page is being read (their "load more" entry shows it), by parent key;
   * 'search' for the search's next page */
  loadingMore: readonly string[];
  /** asks for the first page of a level (a node opened) */
  openLevel(parent: string): void;
  /** reads the first page of a level; resolves once it is there */
  loadLevel(parent: string): Promise<void>;
  /** the next page of a level, or of the search (`parent` 'search') */
  loadMore(parent: string): void;
}

/** The pages of the levels that have arrived, in the order they were asked for. */
interface LevelReads {
  pages: Array<{ parent: string; data: ListResult<Row> }>;
  /** the top level's first page is being read */
  fetchingTop: boolean;
  /** the levels below the top whose first page is being read: an array react-query's sharing keeps */
  fetchingLevels: string[];
  /** the levels whose later page is being read: an array, which react-query's sharing keeps */
  fetchingMore: string[];
}

const NO_IDS: readonly string[] = [];

/**
 * The chosen rows and, in a tree, the rows above them: one read up to LIST_MAX_LIMIT ids, the
 * server's largest page; more chosen values go in reads of that many, side by side.
 */
async function readWithAncestors(
  client: ResourceClient,
  ids: readonly Id[],
  ancestors: boolean,
  options: { silent?: boolean; signal?: AbortSignal },
): Promise<{ rows: Row[]; ancestors: Row[] }> {
  const answers = await Promise.all(
    idBatches(ids).map((batch) =>
      client.list({ page: 1, limit: batch.length, ids: batch, ancestors }, options),
    ),
  );
  return {
    rows: answers.flatMap((answer) => answer.rows),
    ancestors: answers.flatMap((answer) => answer.ancestors ?? []),
  };
}

export function useTreeReads({
  client,
  pageSize,
  sort,
  enabled,
  search,
  chosen = NO_IDS,
  silent = false,
}: TreeReadOptions): TreeReads {
  const queryClient = useQueryClient();
  const name = client.resource.name;
  const isTree = Boolean(client.resource.treeParent);
  // a picker (50 rows, its own order) and the list page (its page size and sort) read the same
  // level differently: each view is cached apart
  const view = viewKey({ pageSize, sort });
  const [requested, setRequested] = useState<LevelPage[]>([{ parent: ROOT_KEY, page: 1 }]);

  const levelQuery = useCallback(
    (level: LevelPage) => levelRead(client, { pageSize, sort, silent }, level),
    [client, pageSize, sort, silent],
  );
  const searching = search !== undefined && Object.keys(search).length > 0;
  // Only the pages that have arrived, which react-query hands back as the same array while none
  // changes (it shares the combined result's structure): a page asked for, or a fetch starting or
  // ending, leaves the rows alone, so a long level is not rebuilt (nor handed again to the tree
  // or table drawing it) two or three times for each page read.
  // one list of queries while the pages asked for stay: react-query works out each query's options
  // again for a new list, a hundred of them over a picker's level of 5,000, on every render
  const levelsEnabled = enabled && !searching;
  const queries = useMemo(
    // a search shows its own tree: the levels wait until it ends
    () => requested.map((r) => ({ ...levelQuery(r), enabled: levelsEnabled })),
    [requested, levelQuery, levelsEnabled],
  );
  // handed to React in a transition (useQueriesInTransition.ts): a level's page starting or ending
  // its read renders the page in slices, not in one piece
  const levelReads = useQueriesInTransition(
    queries,
    useCallback(
      (results: Array<{ data?: ListResult<Row>; isFetching: boolean }>): LevelReads => ({
        pages: results.flatMap((r, i) => (r.data ? [{ parent: requested[i].parent, data: r.data }] : [])),
        fetchingTop: results.some(
          (r, i) => r.isFetching && requested[i].page === 1 && requested[i].parent === ROOT_KEY,
        ),
        fetchingLevels: results.flatMap((r, i) =>
          r.isFetching && requested[i].page === 1 && requested[i].parent !== ROOT_KEY
            ? [requested[i].parent]
            : [],
        ),
        fetchingMore: [
          ...new Set(
            results.flatMap((r, i) => (r.isFetching && requested[i].page > 1 ? [requested[i].parent] : [])),
          ),
        ],
      }),
      [requested],
    ),
  );
  const levelPages = levelReads.pages;

  const found = useInfiniteQuery({
    queryKey: queryKeys.treeSearch(name, search ?? {}, view),
    queryFn: ({ pageParam, signal }) =>
      client.list(
        { page: pageParam, limit: pageSize, sort, filters: search, hasChildren: isTree, ancestors: isTree },
        { silent, signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (all.length * pageSize < (last.total ?? 0) ? all.length + 1 : undefined),
    enabled: enabled && searching,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

  const paths = useQuery({
    queryKey: queryKeys.treePath(name, chosen),
    queryFn: ({ signal }) => readWithAncestors(client, chosen, isTree, { silent, signal }),
    enabled: chosen.length > 0,
    staleTime: 30_000,
  });

  const { rows, levels, hits, order } = useMemo(() => {
    const rows = new Map<string, Row>();
    const put = (row: Row) => {
      const key = String(row.id);
      const known = rows.get(key);
      // what one read knows of the children is not forgotten by another that was not asked
      rows.set(
        key,
        typeof row.hasChildren !== 'boolean' && known && typeof known.hasChildren === 'boolean'
          ? { ...row, hasChildren: known.hasChildren }
          : row,
      );
    };
    for (const row of [...(paths.data?.ancestors ?? []), ...(paths.data?.rows ?? [])]) put(row);
    const levels = new Map<string, Level>();
    const seen = new Map<string, Set<string>>();
    for (const { parent, data } of levelPages) {
      const level = levels.get(parent) ?? { keys: [], total: data.total };
      const keys = seen.get(parent) ?? new Set<string>();
      for (const row of data.rows) {
        put(row);
        const key = String(row.id);
        if (keys.has(key)) continue;
        keys.add(key);
        level.keys.push(key);
      }
      level.total = data.total;
      levels.set(parent, level);
      seen.set(parent, keys);
    }
    const hits: string[] = [];
    const order: string[] = [];
    if (searching) {
      for (const page of found.data?.pages ?? []) {
        for (const row of page.ancestors ?? []) {
          put(row);
          order.push(String(row.id));
        }
        for (const row of page.rows) {
          put(row);
          hits.push(String(row.id));
          order.push(String(row.id));
        }
      }
    }
    return { rows, levels, hits, order };
  }, [paths.data, levelPages, found.data, searching]);

  // What the whole list waits for. A node's level is not: the whole list under a spinner (antd's,
  // which dims the table) while one node's children were read kept the user from the rest of it,
  // and its start and end each had the browser work out the style of every element in the table
  // again (docs/benchmarks.md, "Tree tables"); the node shows its own read (loadingLevels).
  const loadingList =
    (found.isFetching && !found.isFetchingNextPage) || paths.isFetching || levelReads.fetchingTop;
  // the levels whose next page is read (the search's too): the same array while they stay, as the
  // "load more" rows are drawn again when it changes
  const { fetchingMore, fetchingLevels } = levelReads;
  const searchingMore = found.isFetchingNextPage;
  const loadingMore = useMemo(
    () => (searchingMore ? [...fetchingMore, 'search'] : fetchingMore),
    [fetchingMore, searchingMore],
  );

  const addPage = useCallback((next: LevelPage) => {
    setRequested((now) =>
      now.some((r) => r.parent === next.parent && r.page === next.page) ? now : [...now, next],
    );
  }, []);

  return {
    rows,
    levels,
    searching,
    hits,
    order,
    searchCount: { shown: hits.length, total: found.data?.pages.at(-1)?.total ?? 0 },
    // a level that failed to load (a picker the user may not read) stops spinning
    loading: loadingList || loadingMore.length > 0 || fetchingLevels.length > 0,
    loadingList,
    loadingLevels: fetchingLevels,
    loadingMore,
    // in a transition, as the open rows change (useTreeTable.ts): the level's query added in the
    // click's own render drew the whole list page again in one piece, 17-19 ms of the click's frame
    openLevel: (parent) => startTransition(() => addPage({ parent, page: 1 })),
    loadLevel: async (parent) => {
      await queryClient.fetchQuery(levelQuery({ parent, page: 1 }));
      addPage({ parent, page: 1 });
    },
    loadMore: (parent) => {
      if (parent === 'search') {
        if (found.hasNextPage && !found.isFetchingNextPage) void found.fetchNextPage();
        return;
      }
      const pages = requested.filter((r) => r.parent === parent).map((r) => r.page);
      // a page whose read failed is read again: the level's rows stop before it, and the next
      // page after the last asked for would leave its rows out
      const keyOf = (page: number) => queryKeys.treeLevel(name, parent, page, view);
      const failed = pages.find((page) => queryClient.getQueryState(keyOf(page))?.status === 'error');
      if (failed !== undefined) {
        void queryClient.refetchQueries({ queryKey: keyOf(failed), exact: true });
        return;
      }
      // a level read to its end asks for nothing more: its "load more" row may still be on the
      // page for a moment after the last page arrived (the rows are drawn in a later render than
      // the button's spinner), and a click on it then would read a page past the end
      const total = levels.get(parent)?.total;
      if (total !== undefined && pages.length * pageSize >= total) return;
      // in a render React may cut into slices: the click's own render drew the whole list page
      // again (its toolbar, its table's frame) in one piece, 25-40 ms of a frame
      startTransition(() => addPage({ parent, page: pages.length + 1 }));
    },
  };
}
