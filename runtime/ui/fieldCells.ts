// The list-cell descriptors of some fields of a resource, so a dialog shows their values as the
// list does (labels of references, tags, times) whether or not the list shows them as columns.
import { type ColumnDescriptor, toListColumns } from '../schema/columns.ts';
import type { Field, Lang, Resource } from '../schema/types.ts';

export function fieldCells(resource: Resource, fields: Field[], lang: Lang): ColumnDescriptor[] {
  const columns = fields.map((f) => ({ field: f.name, sortable: false, ellipsis: true }));
  return toListColumns({ ...resource, list: { ...resource.list, columns } }, lang);
}
