// A list's page, size, sort and filters live in the search part of the hash route
// (listState.ts); the page reads them here and writes them back, replacing the history entry.
import type { SortingState } from '@tanstack/react-table';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE } from '../client/constants.ts';
import { encodeFilters, type Filters } from '../client/resourceClient.ts';
import type { Resource } from '../schema/types.ts';
import {
  FILTER_PREFIX,
  type ListState,
  defaultLimit as limitOf,
  readListState,
  sortParam,
} from './listState.ts';

export interface ListStateActions {
  setPagination(value: { page: number; limit: number }): void;
  setSorting(sorting: SortingState): void;
  /** new filters start again from page 1 */
  setFilters(filters: Filters): void;
}

export function useListState(resource: Resource): [ListState, ListStateActions] {
  const [params, setParams] = useSearchParams();
  const defaultLimit = limitOf(resource);
  const defaultSort = sortParam([{ id: resource.list.sort.field, desc: resource.list.sort.desc }]);
  const key = params.toString();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the parameters' value; `params` changes identity on every navigation
  const state = useMemo<ListState>(() => readListState(resource, params), [key, resource]);

  const write = useCallback(
    (next: ListState) => {
      setParams(
        (previous) => {
          const out = new URLSearchParams();
          // keep parameters that belong to the route rather than to this list
          for (const [k, v] of previous) {
            if (!k.startsWith(FILTER_PREFIX) && !['page', 'limit', 'sort'].includes(k)) out.append(k, v);
          }
          if (next.page !== DEFAULT_PAGE) out.set('page', String(next.page));
          if (next.limit !== defaultLimit) out.set('limit', String(next.limit));
          const sort = sortParam(next.sorting);
          if (sort && sort !== defaultSort) out.set('sort', sort);
          for (const [k, v] of Object.entries(encodeFilters(resource, next.filters)))
            out.set(`${FILTER_PREFIX}${k}`, v);
          return out;
        },
        { replace: true },
      );
    },
    [setParams, resource, defaultLimit, defaultSort],
  );

  const actions = useMemo<ListStateActions>(
    () => ({
      setPagination: ({ page, limit }) => write({ ...state, page, limit }),
      setSorting: (sorting) => write({ ...state, sorting, page: DEFAULT_PAGE }),
      setFilters: (filters) => write({ ...state, filters, page: DEFAULT_PAGE }),
    }),
    [state, write],
  );

  return [state, actions];
}
