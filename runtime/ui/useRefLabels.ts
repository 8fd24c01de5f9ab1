// The labels of the references a page shows, read for exactly the ids on the page: one batched
// request per referenced resource (`?id=1,2,3`), never one per row and never a whole table, so a
// list shows a category's name whether the categories table holds 50 rows or 500,000.
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { MAX_LIMIT } from '../client/constants.ts';
import type { Id, ResourceClient, Row } from '../client/resourceClient.ts';
import { permissionCode } from '../schema/manifest.ts';
import { queryKeys } from './queryKeys.ts';
import { useResources } from './ResourcesContext.tsx';

/** A list column that may point into another resource (ColumnDescriptor has this shape). */
export interface RefColumn {
  field: string;
  ref?: string;
  refLabel?: string;
}

interface Batch {
  client: ResourceClient;
  ids: string[];
}

/** The ids each referenced resource is asked for, in batches of at most MAX_LIMIT. */
function batchesOf(
  columns: readonly RefColumn[],
  rows: readonly Row[],
  clientFor: (name: string) => ResourceClient | undefined,
  can: (code: string) => boolean,
): Batch[] {
  const wanted = new Map<string, Set<string>>();
  for (const column of columns) {
    if (!column.ref) continue;
    const ids = wanted.get(column.ref) ?? new Set<string>();
    for (const row of rows) {
      const value = row[column.field];
      for (const id of Array.isArray(value) ? value : [value]) {
        // 0 is a tree's root, which has no row
        if (id !== null && id !== undefined && id !== '' && id !== 0) ids.add(String(id));
      }
    }
    wanted.set(column.ref, ids);
  }
  const batches: Batch[] = [];
  for (const [name, ids] of wanted) {
    const client = clientFor(name);
    // a resource the user may not list shows its ids, without a toast per page
    if (!client || ids.size === 0 || !can(permissionCode(client.resource, 'list'))) continue;
    const sorted = [...ids].sort((a, b) => Number(a) - Number(b));
    for (let i = 0; i < sorted.length; i += MAX_LIMIT)
      batches.push({ client, ids: sorted.slice(i, i + MAX_LIMIT) });
  }
  return batches;
}

/** id → label for every ref column of the rows shown. */
export function useRefLabels(
  columns: readonly RefColumn[],
  rows: readonly Row[],
  can: (code: string) => boolean,
): Record<string, ReadonlyMap<string, string>> {
  const { clientFor } = useResources();
  const batches = useMemo(() => batchesOf(columns, rows, clientFor, can), [columns, rows, clientFor, can]);
  const results = useQueries({
    queries: batches.map(({ client, ids }) => ({
      queryKey: queryKeys.many(client.resource.name, ids),
      queryFn: ({ signal }: { signal: AbortSignal }) => client.getMany(ids as Id[], { silent: true, signal }),
      staleTime: 30_000,
    })),
    combine: rowsOfEach,
  });
  return useMemo(() => {
    const byResource = new Map<string, Row[]>();
    batches.forEach(({ client }, i) => {
      byResource.set(client.resource.name, [
        ...(byResource.get(client.resource.name) ?? []),
        ...(results[i] ?? []),
      ]);
    });
    const out: Record<string, ReadonlyMap<string, string>> = {};
    for (const column of columns) {
      if (!column.ref) continue;
      const label = column.refLabel;
      out[column.field] = new Map(
        (byResource.get(column.ref) ?? []).map((row) => [
          String(row.id),
          label && row[label] != null ? String(row[label]) : String(row.id),
        ]),
      );
    }
    return out;
  }, [columns, batches, results]);
}

// module level, so react-query keeps the combined array while no result changes
function rowsOfEach(results: Array<{ data?: Row[] }>): Array<Row[] | undefined> {
  return results.map((r) => r.data);
}
