// The filters an admin list takes: those the schema declares, plus, on a tree resource, its
// tree-parent field by equality even when undeclared, so a picker can read a tree a level at a
// time (`?parentId=0` the roots, `?parentId=7` the children of 7) on any tree resource. The
// server, the resource client and the API docs all read the list's filters here.
import type { ListFilter, Resource } from './types.ts';

/** The query parameters a tree list takes besides its filters (docs/api.md, "Trees"). */
export const TREE_LIST_PARAMS = ['hasChildren', 'ancestors'] as const;

export function listFilters(resource: Resource): ListFilter[] {
  const parent = resource.treeParent;
  if (!parent || resource.list.filters.some((f) => f.field === parent)) return resource.list.filters;
  return [...resource.list.filters, { field: parent, op: 'eq' }];
}
