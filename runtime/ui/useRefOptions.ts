// The choices of a ref field, read from the referenced resource's list endpoint: every row, in
// pages of MAX_LIMIT read side by side once the first page tells the total, up to LIST_ALL_MAX_PAGES
// pages. A check tree needs them all: a parent's half tick, a branch's count and the branch
// buttons are computed from the rows below it, and a granted entry not read could not be unticked.
// When that resource can search its label field, the typed text is sent to the server. The rows
// are handed to React in a transition (useQueriesInTransition.ts): a role's menu tree, drawn when
// its menus arrive, was drawn in an update React does not cut, a task of 80-100 ms as the role
// form opened (docs/benchmarks.md, "Form drawers").
import { keepPreviousData, type QueryObserverResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { LIST_ALL_MAX_PAGES } from '../client/constants.ts';
import { type AllRows, listAll } from '../client/listAll.ts';
import type { Id, ResourceClient, Row } from '../client/resourceClient.ts';
import type { Field } from '../schema/types.ts';
import { queryKeys } from './queryKeys.ts';
import { useRefClient } from './ResourcesContext.tsx';
import { useQueriesInTransition } from './useQueriesInTransition.ts';

export interface RefOption {
  value: Id;
  label: string;
  /** the option's parent when the referenced resource is a tree */
  parent?: Id;
  /** the field's `detail` of the row (a menu's permission code), when it has one */
  detail?: string;
}

function optionsOf(
  client: ResourceClient,
  labelField: string | undefined,
  rows: readonly Row[],
  detailField?: string,
): RefOption[] {
  const parentField = client.resource.treeParent;
  return rows.map((row) => {
    const option: RefOption = {
      value: row.id,
      label: labelField && row[labelField] != null ? String(row[labelField]) : String(row.id),
      parent: parentField ? (row[parentField] as Id | undefined) : undefined,
    };
    const detail = detailField ? row[detailField] : undefined;
    if (detail != null && detail !== '') option.detail = String(detail);
    return option;
  });
}

function fetchOptions(
  client: ResourceClient,
  labelField: string | undefined,
  search: string,
  signal: AbortSignal,
): Promise<AllRows> {
  const filters = search && labelField ? { [labelField]: search } : undefined;
  // silent: a picker the user may not fill in shows empty rather than raising a toast per field
  return listAll(client, { filters }, { maxPages: LIST_ALL_MAX_PAGES, silent: true, signal });
}

export function canSearchLabel(client: ResourceClient, labelField: string | undefined): boolean {
  return Boolean(
    labelField && client.resource.list.filters.some((f) => f.field === labelField && f.op === 'like'),
  );
}

/** The one query's data and whether it is being read. */
const firstResult = (results: Array<QueryObserverResult<AllRows>>) => ({
  data: results[0]?.data,
  isFetching: results[0]?.isFetching ?? false,
});

export function useRefOptions(field: Field, search = '') {
  const client = useRefClient(field.ref!);
  const term = canSearchLabel(client, field.refLabel) ? search.trim() : '';
  const queries = useMemo(
    () => [
      {
        queryKey: queryKeys.options(client.resource.name, term),
        queryFn: ({ signal }: { signal: AbortSignal }) => fetchOptions(client, field.refLabel, term, signal),
        placeholderData: keepPreviousData,
        staleTime: 30_000,
      },
    ],
    [client, field.refLabel, term],
  );
  const query = useQueriesInTransition(queries, firstResult);
  const options = useMemo(
    () => optionsOf(client, field.refLabel, query.data?.rows ?? [], field.refDetail),
    [client, field.refLabel, field.refDetail, query.data],
  );
  const total = query.data?.total ?? 0;
  /** the resource holds more rows than were read (past LIST_ALL_MAX_PAGES pages) */
  const cut = total > options.length;
  return { options, total, cut, loading: query.isFetching, resource: client.resource };
}
