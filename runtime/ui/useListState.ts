// A list's page, size, sort and filters live in the search part of the hash route, so a
// refreshed tab, a shared link or the browser's Back button shows the same rows again.
// Filters are prefixed `f.` so they never collide with the paging parameters.
import type { SortingState } from '@tanstack/react-table';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_LIMIT, DEFAULT_PAGE } from '../client/constants.ts';
import { encodeFilters, type Filters, type FilterValue } from '../client/resourceClient.ts';
import type { Field, Resource } from '../schema/types.ts';

export interface ListState {
  page: number;
  limit: number;
  sorting: SortingState;
  filters: Filters;
}

export interface ListStateActions {
  setPagination(value: { page: number; limit: number }): void;
  setSorting(sorting: SortingState): void;
  /** new filters start again from page 1 */
  setFilters(filters: Filters): void;
}

const FILTER_PREFIX = 'f.';

export function sortParam(sorting: SortingState): string | undefined {
  const first = sorting[0];
  if (!first) return undefined;
  return first.desc ? `-${first.id}` : first.id;
}

function parseSort(param: string | null, resource: Resource): SortingState {
  if (!param) return [{ id: resource.list.sort.field, desc: resource.list.sort.desc }];
  return param.startsWith('-') ? [{ id: param.slice(1), desc: true }] : [{ id: param, desc: false }];
}

/** A filter value read back from the URL gets the type its field holds, so selects match their options. */
function typed(field: Field | undefined, text: string): string | number | boolean {
  if (!field) return text;
  if (field.type === 'enum') return field.options?.find((o) => String(o.value) === text)?.value ?? text;
  if (field.type === 'boolean') return text === 'true';
  if (['integer', 'number', 'ref', 'tree-parent'].includes(field.type) && text.trim() !== '') {
    const n = Number(text);
    return Number.isNaN(n) ? text : n;
  }
  return text;
}

function parseFilters(params: URLSearchParams, resource: Resource): Filters {
  const filters: Filters = {};
  for (const { field: name, op } of resource.list.filters) {
    const field = resource.fields.find((f) => f.name === name);
    const get = (key: string) => params.get(`${FILTER_PREFIX}${key}`);
    let value: FilterValue;
    if (op === 'range') {
      const from = get(`${name}From`);
      const to = get(`${name}To`);
      if (from !== null || to !== null) value = { from: from ?? undefined, to: to ?? undefined };
    } else if (op === 'in') {
      const list = get(name);
      if (list) value = list.split(',').map((item) => typed(field, item) as string | number);
    } else {
      const single = get(name);
      if (single !== null && single !== '') value = typed(field, single);
    }
    if (value !== undefined) filters[name] = value;
  }
  return filters;
}

function positive(text: string | null, fallback: number): number {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

export function useListState(resource: Resource): [ListState, ListStateActions] {
  const [params, setParams] = useSearchParams();
  const defaultLimit = resource.list.pageSize || DEFAULT_LIMIT;
  const defaultSort = sortParam([{ id: resource.list.sort.field, desc: resource.list.sort.desc }]);
  const key = params.toString();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the parameters' value; `params` changes identity on every navigation
  const state = useMemo<ListState>(
    () => ({
      page: positive(params.get('page'), DEFAULT_PAGE),
      limit: positive(params.get('limit'), defaultLimit),
      sorting: parseSort(params.get('sort'), resource),
      filters: parseFilters(params, resource),
    }),
    [key, resource, defaultLimit],
  );

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
