// The choices of a ref picker over a resource of any size: the server searches the label as the
// user types (debounced), a page of rows at a time, more as the list scrolls; and the labels of
// the values already chosen come by id, so a picker shows its value without loading the table.
// The pages are read once the picker is first opened, as a tree picker's levels are
// (useTreePicker.ts): a filter bar or a form with several pickers asks for no list of choices
// nobody looks at, each time the page is shown.
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useDebounce } from 'use-debounce';
import type { Id, ResourceClient, Row } from '../client/resourceClient.ts';
import type { Field } from '../schema/types.ts';
import { queryKeys } from './queryKeys.ts';
import { useRefClient } from './ResourcesContext.tsx';
import { canSearchLabel, type RefOption } from './useRefOptions.ts';

/** Rows a picker asks for at a time. */
export const PICKER_PAGE = 50;
/** How long typing pauses before the server is asked. */
export const SEARCH_DEBOUNCE_MS = 300;

function label(row: Row, labelField: string | undefined): string {
  return labelField && row[labelField] != null ? String(row[labelField]) : String(row.id);
}

function idsOf(value: Id | Id[] | null | undefined): string[] {
  const ids = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
  return ids.map(String).sort((a, b) => Number(a) - Number(b));
}

export interface RefSearch {
  options: RefOption[];
  loading: boolean;
  /** the server holds more matches than are loaded */
  hasMore: boolean;
  loadMore(): void;
  /** whether the server filters by the typed text (else the picker filters what it has) */
  serverSearch: boolean;
}

export function useRefSearch(
  field: Field,
  search: string,
  value: Id | Id[] | null | undefined,
  opened: boolean,
): RefSearch {
  const client: ResourceClient = useRefClient(field.ref!);
  const serverSearch = canSearchLabel(client, field.refLabel);
  const [term] = useDebounce(serverSearch ? search.trim() : '', SEARCH_DEBOUNCE_MS);
  const pages = useInfiniteQuery({
    queryKey: [...queryKeys.options(client.resource.name, term), 'paged'],
    queryFn: ({ pageParam, signal }) =>
      client.list(
        {
          page: pageParam,
          limit: PICKER_PAGE,
          filters: term && field.refLabel ? { [field.refLabel]: term } : undefined,
        },
        // a picker the user may not fill in shows empty rather than raising a toast per field
        { silent: true, signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last, all) =>
      all.length * PICKER_PAGE < (last.total ?? 0) ? all.length + 1 : undefined,
    enabled: opened,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const chosen = idsOf(value);
  const selected = useQuery({
    queryKey: queryKeys.many(client.resource.name, chosen),
    queryFn: ({ signal }) => client.getMany(chosen, { silent: true, signal }),
    enabled: chosen.length > 0,
    staleTime: 30_000,
  });
  const options = useMemo(() => {
    const seen = new Set<string>();
    const out: RefOption[] = [];
    const add = (row: Row) => {
      if (seen.has(String(row.id))) return;
      seen.add(String(row.id));
      out.push({ value: row.id, label: label(row, field.refLabel) });
    };
    // the chosen values first, so the picker names them even when no loaded page holds them
    for (const row of selected.data ?? []) add(row);
    for (const page of pages.data?.pages ?? []) for (const row of page.rows ?? []) add(row);
    return out;
  }, [selected.data, pages.data, field.refLabel]);
  return {
    options,
    loading: pages.isFetching || selected.isFetching,
    hasMore: pages.hasNextPage,
    loadMore: () => {
      if (pages.hasNextPage && !pages.isFetchingNextPage) void pages.fetchNextPage();
    },
    serverSearch,
  };
}
