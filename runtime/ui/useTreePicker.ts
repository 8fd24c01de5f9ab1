// The reads of a tree picker over a tree resource of any size (docs/shell.md, "Tree pickers"):
// the roots when it first opens, a node's children when the node opens (`?parentId=7`, a page
// at a time, each row saying whether it has children), the server's matches as the user types
// (debounced) with every row above them, and the chosen values with their paths by id. Nothing
// reads the whole table; react-query caches each read under the resource, so a write refreshes it.
import {
  keepPreviousData,
  useInfiniteQuery,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useDebounce } from 'use-debounce';
import type { ListResult } from '../client/envelope.ts';
import type { Id, ListParams, ResourceClient, Row } from '../client/resourceClient.ts';
import type { Field } from '../schema/types.ts';
import { entryOf, type Level, ROOT_KEY, type TreeEntry } from './pickerTree.ts';
import { queryKeys } from './queryKeys.ts';
import { useRefClient } from './ResourcesContext.tsx';
import { canSearchLabel } from './useRefOptions.ts';
import { PICKER_PAGE, SEARCH_DEBOUNCE_MS } from './useRefSearch.ts';

interface LevelPage {
  parent: string;
  page: number;
}

export interface TreePicker {
  entries: ReadonlyMap<string, TreeEntry>;
  levels: ReadonlyMap<string, Level>;
  /** a search is on: `hits` and `order` describe its tree */
  searching: boolean;
  hits: string[];
  /** the hits and the rows above them, in the order siblings are shown */
  order: string[];
  /** how many hits are loaded, of how many */
  searchCount: { shown: number; total: number };
  loading: boolean;
  /** whether the server filters by the typed text (else the picker filters what it has) */
  serverSearch: boolean;
  /** reads the first page of a level; resolves once it is there */
  loadLevel(parent: string): Promise<void>;
  /** the next page of a level, or of the search (`parent` 'search') */
  loadMore(parent: string): void;
}

function chosenIds(value: Id | Id[] | null | undefined): string[] {
  const ids = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
  // 0 is the root, which has no row
  return ids
    .map(String)
    .filter((id) => id !== ROOT_KEY && id !== '')
    .sort((a, b) => Number(a) - Number(b));
}

interface LevelRead {
  data?: ListResult<Row>;
  fetching: boolean;
}

// module level, so react-query keeps the combined array while no result changes
function readsOfEach(results: Array<{ data?: ListResult<Row>; isFetching: boolean }>): LevelRead[] {
  return results.map((r) => ({ data: r.data, fetching: r.isFetching }));
}

export function useTreePicker(
  field: Field,
  search: string,
  value: Id | Id[] | null | undefined,
  opened: boolean,
): TreePicker {
  const client: ResourceClient = useRefClient(field.ref!);
  const queryClient = useQueryClient();
  const name = client.resource.name;
  const parentField = client.resource.treeParent;
  const labelField = field.refLabel;
  const serverSearch = canSearchLabel(client, labelField);
  const [term] = useDebounce(serverSearch ? search.trim() : '', SEARCH_DEBOUNCE_MS);
  const [requested, setRequested] = useState<LevelPage[]>([{ parent: ROOT_KEY, page: 1 }]);

  const levelQuery = useCallback(
    ({ parent, page }: LevelPage) => ({
      queryKey: queryKeys.treeLevel(name, parent, page),
      queryFn: ({ signal }: { signal: AbortSignal }) => {
        const params: ListParams = {
          page,
          limit: PICKER_PAGE,
          filters: parentField ? { [parentField]: parent } : undefined,
          hasChildren: Boolean(parentField),
        };
        // a picker the user may not fill in shows empty rather than raising a toast per field
        return client.list(params, { silent: true, signal });
      },
      staleTime: 30_000,
    }),
    [client, name, parentField],
  );
  const levelReads = useQueries({
    queries: requested.map((r) => ({ ...levelQuery(r), enabled: opened })),
    combine: readsOfEach,
  });

  const found = useInfiniteQuery({
    queryKey: queryKeys.treeSearch(name, term),
    queryFn: ({ pageParam, signal }) =>
      client.list(
        {
          page: pageParam,
          limit: PICKER_PAGE,
          filters: labelField ? { [labelField]: term } : undefined,
          hasChildren: Boolean(parentField),
          ancestors: Boolean(parentField),
        },
        { silent: true, signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last, all) =>
      all.length * PICKER_PAGE < (last.total ?? 0) ? all.length + 1 : undefined,
    enabled: term !== '',
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

  const chosen = chosenIds(value);
  const paths = useQuery({
    queryKey: queryKeys.treePath(name, chosen),
    queryFn: ({ signal }) =>
      client.list(
        { page: 1, limit: chosen.length, ids: chosen, ancestors: Boolean(parentField) },
        { silent: true, signal },
      ),
    enabled: chosen.length > 0,
    staleTime: 30_000,
  });

  const searching = term !== '';
  const { entries, levels, hits, order } = useMemo(() => {
    const entries = new Map<string, TreeEntry>();
    const put = (row: Row) => {
      const entry = entryOf(row, parentField, labelField);
      const known = entries.get(entry.key);
      // what one read knows of the children is not forgotten by another that was not asked
      entries.set(entry.key, { ...entry, hasChildren: entry.hasChildren ?? known?.hasChildren });
    };
    for (const row of [...(paths.data?.ancestors ?? []), ...(paths.data?.rows ?? [])]) put(row);
    const levels = new Map<string, Level>();
    requested.forEach((r, i) => {
      const data = levelReads[i]?.data;
      if (!data) return;
      const level = levels.get(r.parent) ?? { keys: [], total: data.total };
      for (const row of data.rows) {
        put(row);
        if (!level.keys.includes(String(row.id))) level.keys.push(String(row.id));
      }
      level.total = data.total;
      levels.set(r.parent, level);
    });
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
    return { entries, levels, hits, order };
  }, [paths.data, requested, levelReads, found.data, searching, parentField, labelField]);

  const addPage = useCallback((next: LevelPage) => {
    setRequested((now) =>
      now.some((r) => r.parent === next.parent && r.page === next.page) ? now : [...now, next],
    );
  }, []);

  return {
    entries,
    levels,
    searching,
    hits,
    order,
    searchCount: { shown: hits.length, total: found.data?.pages.at(-1)?.total ?? 0 },
    // a level that failed to load (a picker the user may not read) stops spinning
    loading: found.isFetching || paths.isFetching || levelReads.some((r) => r.fetching),
    serverSearch,
    loadLevel: async (parent) => {
      await queryClient.fetchQuery(levelQuery({ parent, page: 1 }));
      addPage({ parent, page: 1 });
    },
    loadMore: (parent) => {
      if (parent === 'search') {
        if (found.hasNextPage && !found.isFetchingNextPage) void found.fetchNextPage();
        return;
      }
      const pages = requested.filter((r) => r.parent === parent).length;
      addPage({ parent, page: pages + 1 });
    },
  };
}
