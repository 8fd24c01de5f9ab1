// The rows a tree table hands react-table, made from the tree a picker draws (pickerTree.ts):
// each node becomes its full row with its loaded children nested; a node with children not read
// yet gets an empty list (it can open, and opening reads them); a level or a search holding
// more rows than are loaded ends in a "load more" row that carries no data of its own.
import type { Row } from '../client/resourceClient.ts';
import type { TreeRow } from './buildTree.ts';
import type { PickNode } from './pickerTree.ts';

/** The key of a "load more" row's mark: which level it continues, and how far it has been read. */
export const MORE_KEY = '__more';

export interface MoreMark {
  parent: string;
  shown: number;
  total: number;
}

export function moreOf(row: TreeRow): MoreMark | undefined {
  return row[MORE_KEY] as MoreMark | undefined;
}

export function tableRows(nodes: readonly PickNode[], rows: ReadonlyMap<string, Row>): TreeRow[] {
  const out: TreeRow[] = [];
  for (const node of nodes) {
    if (node.more) {
      out.push({ id: `more:${node.more.parent}`, [MORE_KEY]: node.more });
      continue;
    }
    const row = rows.get(String(node.value));
    if (!row) continue;
    // a leaf (the server says it has no children, or a search found none below it) cannot open
    const children =
      node.isLeaf && !node.children?.length ? undefined : node.children ? tableRows(node.children, rows) : [];
    out.push({ ...row, children });
  }
  return out;
}

/** A row that can open: one with children, loaded or not. A "load more" row cannot. */
export const canOpen = (row: TreeRow) => row.children !== undefined;
