// What a list page shows, read from the search part of its hash route: its page, size, sort and
// filters, so a refreshed tab, a shared link or the browser's Back button shows the same rows
// again. Filters are prefixed `f.` so they never collide with the paging parameters. Apart from
// the page: the app's content area reads it too, to ask for the page's first rows beside the
// page's code (listReads.ts).
import type { SortingState } from '@tanstack/react-table';
import { DEFAULT_LIMIT, DEFAULT_PAGE } from '../client/constants.ts';
import type { Filters, FilterValue } from '../client/resourceClient.ts';
import type { Field, Resource } from '../schema/types.ts';

export interface ListState {
  page: number;
  limit: number;
  sorting: SortingState;
  filters: Filters;
}

export const FILTER_PREFIX = 'f.';

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

/** The list's state in `params`, the resource's defaults where they say nothing. */
export function readListState(resource: Resource, params: URLSearchParams): ListState {
  return {
    page: positive(params.get('page'), DEFAULT_PAGE),
    limit: positive(params.get('limit'), defaultLimit(resource)),
    sorting: parseSort(params.get('sort'), resource),
    filters: parseFilters(params, resource),
  };
}

/** The page size a list opens with. */
export function defaultLimit(resource: Resource): number {
  return resource.list.pageSize || DEFAULT_LIMIT;
}
