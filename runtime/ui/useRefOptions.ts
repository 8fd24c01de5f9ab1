// The choices of a ref field, read from the referenced resource's list endpoint (at most one
// page of MAX_LIMIT rows). When that resource can search its label field, the typed text is
// sent to the server so resources larger than one page stay searchable.
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { MAX_LIMIT } from '../client/constants.ts';
import type { ListResult } from '../client/envelope.ts';
import type { Id, ResourceClient, Row } from '../client/resourceClient.ts';
import { permissionCode } from '../schema/manifest.ts';
import type { Field } from '../schema/types.ts';
import { queryKeys } from './queryKeys.ts';
import { useRefClient, useResources } from './ResourcesContext.tsx';

/** A list column that may point into another resource (ColumnDescriptor has this shape). */
export interface RefColumn {
  field: string;
  ref?: string;
  refLabel?: string;
}

export interface RefOption {
  value: Id;
  label: string;
  /** the option's parent when the referenced resource is a tree */
  parent?: Id;
}

function optionsOf(
  client: ResourceClient,
  labelField: string | undefined,
  rows: readonly Row[],
): RefOption[] {
  const parentField = client.resource.treeParent;
  return rows.map((row) => ({
    value: row.id,
    label: labelField && row[labelField] != null ? String(row[labelField]) : String(row.id),
    parent: parentField ? (row[parentField] as Id | undefined) : undefined,
  }));
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
    () => optionsOf(client, field.refLabel, query.data?.rows ?? []),
    [client, field.refLabel, query.data],
  );
  return { options, loading: query.isFetching, resource: client.resource };
}

/**
 * id → label for every ref column of a list, so cells show role names rather than role ids.
 * Skipped for resources the user may not list: the cell then shows the id, without a toast.
 */
export function useRefLabelMaps(
  columns: readonly RefColumn[],
  can: (code: string) => boolean,
): Record<string, ReadonlyMap<string, string>> {
  const { clientFor } = useResources();
  const sources = useMemo(
    () =>
      columns
        .filter((c) => c.ref)
        .map((c) => ({ column: c, client: clientFor(c.ref!) }))
        .filter((s): s is { column: RefColumn; client: ResourceClient } => Boolean(s.client)),
    [columns, clientFor],
  );
  const data = useQueries({
    queries: sources.map(({ column, client }) => ({
      queryKey: queryKeys.options(client.resource.name, ''),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchOptions(client, column.refLabel, '', signal),
      enabled: can(permissionCode(client.resource, 'list')),
      staleTime: 30_000,
    })),
    combine: rowsOfEach,
  });
  // `data` keeps its identity until a result changes (see `combine`)
  return useMemo(() => {
    const out: Record<string, ReadonlyMap<string, string>> = {};
    sources.forEach(({ column, client }, i) => {
      const options = optionsOf(client, column.refLabel, data[i] ?? []);
      out[column.field] = new Map(options.map((o) => [String(o.value), o.label]));
    });
    return out;
  }, [sources, data]);
}

// module level, so react-query keeps the combined array while no result changes
function rowsOfEach(results: Array<{ data?: ListResult<Row> }>): Array<Row[] | undefined> {
  return results.map((r) => r.data?.rows);
}
