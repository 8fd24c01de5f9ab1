// The reads of the labels of the references a page shows, for exactly the ids on the page: one
// batched request per referenced resource (`?id=1,2,3`), never one per row and never a whole
// table, so a list shows a category's name whether the categories table holds 50 rows or 500,000.
// Made apart from React: the page reads them (useRefLabels.ts), and a list page's first read asks
// for them as its rows arrive, before the page has drawn (src/layout/ListFirstRead.tsx).
// The batches a page has read are kept while any of their ids is still shown, and only new ids
// make new batches: a tree level read on through "load more" reads the labels of the rows it
// added, not every label of the level again in batches cut differently.
import { idBatches } from '../client/idBatches.ts';
import type { Id, ResourceClient, Row } from '../client/resourceClient.ts';
import { permissionCode } from '../schema/manifest.ts';
import type { Resource } from '../schema/types.ts';
import { queryKeys } from './queryKeys.ts';

/** A list column that may point into another resource (ColumnDescriptor has this shape). */
export interface RefColumn {
  field: string;
  ref?: string;
  refLabel?: string;
}

/**
 * The ref columns of a resource's list: the fields and references toListColumns gives the page,
 * without the rest of a column (its cell, its title), which the code of a read made ahead of the
 * page does not carry.
 */
export function listRefColumns(resource: Resource): RefColumn[] {
  return resource.list.columns.flatMap(({ field: name }) => {
    const field = resource.fields.find((f) => f.name === name);
    return field?.ref === undefined ? [] : [{ field: name, ref: field.ref, refLabel: field.refLabel }];
  });
}

/** One batch of labels: the rows of `resource` with those ids, as react-query reads them. */
export interface RefLabelRead {
  resource: string;
  /** the ids the batch asks for, in order */
  ids: readonly string[];
  queryKey: ReturnType<typeof queryKeys.many>;
  queryFn: (context: { signal: AbortSignal }) => Promise<Row[]>;
  staleTime: number;
}

/** how long a batch of labels is used without being read again */
const LABELS_FRESH_MS = 30_000;

/**
 * The reads of the labels `columns` show for `rows`, in batches of at most MAX_LIMIT ids. A
 * resource the user may not list (`can`) is not read: its ids are shown, without a toast per page.
 * Of the batches `kept` (what the same page read for its rows before), those holding an id still
 * shown are read again as they were, from react-query's cache while they are fresh; the ids in
 * none of them make new batches. With nothing kept, the same rows give the same reads whatever
 * their order, which is how the page takes over its first read's.
 */
export function refLabelReads(
  columns: readonly RefColumn[],
  rows: readonly Row[],
  clientFor: (name: string) => ResourceClient | undefined,
  can: (code: string) => boolean,
  kept: readonly RefLabelRead[] = [],
): RefLabelRead[] {
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
  const reads: RefLabelRead[] = [];
  for (const [name, ids] of wanted) {
    const client = clientFor(name);
    if (!client || ids.size === 0 || !can(permissionCode(client.resource, 'list'))) continue;
    for (const read of kept) {
      if (read.resource !== name || !read.ids.some((id) => ids.has(id))) continue;
      reads.push(read);
      for (const id of read.ids) ids.delete(id);
    }
    // in order, so the same ids are the same read whichever page or row order they came in
    const sorted = [...ids].sort((a, b) => Number(a) - Number(b));
    for (const batch of idBatches(sorted)) {
      reads.push({
        resource: name,
        ids: batch,
        queryKey: queryKeys.many(name, batch),
        queryFn: ({ signal }) => client.getMany(batch as Id[], { silent: true, signal }),
        staleTime: LABELS_FRESH_MS,
      });
    }
  }
  return reads;
}
