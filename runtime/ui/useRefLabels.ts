// The labels of the references a page shows, read for exactly the ids on the page
// (refLabelReads.ts): id → label for each ref column. The batches the page last read are handed
// back, so rows added to those shown (a tree level's "load more") read only their new ids.
import { useQueries } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import type { Row } from '../client/resourceClient.ts';
import { useResources } from './ResourcesContext.tsx';
import { type RefColumn, type RefLabelRead, refLabelReads } from './refLabelReads.ts';

export type { RefColumn } from './refLabelReads.ts';

/** id → label for every ref column of the rows shown. */
export function useRefLabels(
  columns: readonly RefColumn[],
  rows: readonly Row[],
  can: (code: string) => boolean,
): Record<string, ReadonlyMap<string, string>> {
  const { clientFor } = useResources();
  // Kept from render to render rather than in state: a render React discards may leave its batches
  // here, and they are batches of real ids all the same, reused or dropped as any others.
  const kept = useRef<RefLabelRead[]>([]);
  const reads = useMemo(() => {
    kept.current = refLabelReads(columns, rows, clientFor, can, kept.current);
    return kept.current;
  }, [columns, rows, clientFor, can]);
  const results = useQueries({ queries: reads, combine: rowsOfEach });
  return useMemo(() => {
    const byResource = new Map<string, Row[]>();
    reads.forEach(({ resource }, i) => {
      byResource.set(resource, [...(byResource.get(resource) ?? []), ...(results[i] ?? [])]);
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
  }, [columns, reads, results]);
}

// module level, so react-query keeps the combined array while no result changes
function rowsOfEach(results: Array<{ data?: Row[] }>): Array<Row[] | undefined> {
  return results.map((r) => r.data);
}
