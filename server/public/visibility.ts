// What the public may see of a row depends on more than its own `where`: a content filed under
// a hidden category, or a sub-category of an unpublished one, is hidden with it. Every single
// reference into a public tree (the tree's own parent included) must point at a row the public
// sees, whose ancestors it sees too. A resource with a publish window shows a row only inside it.
import type { Manifest, Resource } from '../../runtime/schema/types.ts';
import type { FilterClause } from '../resources/listQuery.ts';

export function visibilityClauses(resource: Resource, manifest: Manifest): FilterClause[] {
  const clauses: FilterClause[] = [];
  for (const field of resource.fields) {
    if ((field.type !== 'ref' && field.type !== 'tree-parent') || field.multiple) continue;
    const tree = manifest.resources.find((r) => r.name === field.ref);
    if (!tree?.treeParent || !tree.public) continue;
    clauses.push({ field, op: 'visible', value: tree });
  }
  const at = resource.publish && resource.fields.find((f) => f.name === resource.publish!.at);
  if (at) clauses.push({ field: at, op: 'published', value: resource });
  return clauses;
}
