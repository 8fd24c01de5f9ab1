// Spec §3's tree helper shape: rows with id and parentId (0 is the root) become nested
// `children`. runtime/ui's buildTree does the nesting for every tree resource; here it is fixed to
// the spec's field name for the views that draw their own trees.

import type { Row } from '../../runtime/client/resourceClient.ts';
import { buildTree, type TreeRow } from '../../runtime/ui/buildTree.ts';

export type { TreeRow };

export function toTree(rows: readonly Row[]): TreeRow[] {
  return buildTree(rows, 'parentId');
}
