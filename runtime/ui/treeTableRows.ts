// The rows a tree table hands react-table, made from the tree a picker draws (pickerTree.ts):
// each node becomes its full row with its loaded children nested; a node with children not read
// yet gets an empty list (it can open, and opening reads them); a level or a search holding
// more rows than are loaded ends in a "load more" row that carries no data of its own.
import type { Row } from '../client/resourceClient.ts';
import type { TreeRow } from './buildTree.ts';
import type { PickNode } from './pickerTree.ts';
import { sameItems } from './sameItems.ts';

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

const sameChildren = (before: TreeRow[] | undefined, now: TreeRow[] | undefined) =>
  before === undefined || now === undefined ? before === now : sameItems(before, now);

/** The rows a tree table made last, by the node each was made from, for the next to reuse. */
export type RowReuse = WeakMap<PickNode, { row: Row | undefined; out: TreeRow }>;

/**
 * The table's rows for `nodes`. With `reuse`, a node drawn from the same row with the same
 * children as before gives the same object as before (pickerTree.ts, NodeReuse): react-table then
 * keeps its own row for it too (reusedRowModel.ts).
 */
export function tableRows(
  nodes: readonly PickNode[],
  rows: ReadonlyMap<string, Row>,
  reuse?: RowReuse,
): TreeRow[] {
  const out: TreeRow[] = [];
  for (const node of nodes) {
    const row = node.more ? undefined : rows.get(String(node.value));
    if (!node.more && !row) continue;
    // a leaf (the server says it has no children, or a search found none below it) cannot open
    const children =
      node.more || (node.isLeaf && !node.children?.length)
        ? undefined
        : node.children
          ? tableRows(node.children, rows, reuse)
          : [];
    const known = reuse?.get(node);
    if (known && known.row === row && sameChildren(known.out.children, children)) {
      out.push(known.out);
      continue;
    }
    const made: TreeRow = node.more
      ? { id: `more:${node.more.parent}`, [MORE_KEY]: node.more }
      : { ...row!, children };
    reuse?.set(node, { row, out: made });
    out.push(made);
  }
  return out;
}

/** A row that can open: one with children, loaded or not. A "load more" row cannot. */
export const canOpen = (row: TreeRow) => row.children !== undefined;
