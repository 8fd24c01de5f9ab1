// Tree resources (menus, content categories) come as flat rows with a parent id; the list page
// and the tree pickers show them nested. 0 or a missing parent is the root (spec §3 tree shape),
// and so is a parent that the filtered rows do not contain, so a search still shows its hits.
import type { Row } from '../client/resourceClient.ts';

export type TreeRow = Row & { children?: TreeRow[] };

export function buildTree(rows: readonly Row[], parentField: string): TreeRow[] {
  const nodes = new Map<string, TreeRow>(rows.map((row) => [String(row.id), { ...row }]));
  const roots: TreeRow[] = [];
  for (const node of nodes.values()) {
    const parentId = node[parentField];
    const parent = parentId === null || parentId === undefined ? undefined : nodes.get(String(parentId));
    if (parent && parent !== node) {
      parent.children ??= [];
      parent.children.push(node);
    } else {
      roots.push(node);
    }
  }
  return roots;
}
