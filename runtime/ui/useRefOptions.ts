// The choices of a ref field, read from the referenced resource's list endpoint (at most one
// page of MAX_LIMIT rows). When that resource can search its label field, the typed text is
// sent to the server so resources larger than one page stay searchable.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { MAX_LIMIT } from '../client/constants.ts';
import type { Id, ResourceClient, Row } from '../client/resourceClient.ts';
import type { Field } from '../schema/types.ts';
import { queryKeys } from './queryKeys.ts';
import { useRefClient } from './ResourcesContext.tsx';

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
) {
  const filters = search && labelField ? { [labelField]: search } : undefined;
  // silent: a picker the user may not fill in shows empty rather than raising a toast per field
  return client.list({ page: 1, limit: MAX_LIMIT, filters }, { silent: true, signal });
}

export function canSearchLabel(client: ResourceClient, labelField: string | undefined): boolean {
  return Boolean(
    labelField && client.resource.list.filters.some((f) => f.field === labelField && f.op === 'like'),
  );
}

export function useRefOptions(field: Field, search = '') {
  const client = useRefClient(field.ref!);
  const term = canSearchLabel(client, field.refLabel) ? search.trim() : '';
  const query = useQuery({
    queryKey: queryKeys.options(client.resource.name, term),
    queryFn: ({ signal }) => fetchOptions(client, field.refLabel, term, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const options = useMemo(
    () => optionsOf(client, field.refLabel, query.data?.rows ?? [], field.refDetail),
    [client, field.refLabel, field.refDetail, query.data],
  );
  return { options, loading: query.isFetching, resource: client.resource };
}
