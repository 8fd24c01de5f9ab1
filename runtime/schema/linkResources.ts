// Facts a field takes from the resource it refers to, filled in once every file is loaded: a
// ref into a tree is picked from that tree, so the form and the filter bar need to know.
import type { Resource } from './types.ts';

export function linkResources(resources: Resource[]): void {
  const trees = new Set(resources.filter((r) => r.treeParent !== undefined).map((r) => r.name));
  for (const resource of resources) {
    for (const field of resource.fields) {
      if (field.type === 'ref' && field.ref !== undefined && trees.has(field.ref)) field.refTree = true;
    }
  }
}
