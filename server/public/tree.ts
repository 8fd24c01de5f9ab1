// Rows nested under `children` by their tree-parent field, for the tree views of the public
// service. Only rows that reach the root through served rows are kept: a column under a hidden
// column is hidden too, rather than surfacing at the top of the site's navigation.
import type { ApiRow } from '../resources/rows.ts';

export type TreeRow = Record<string, unknown> & { id: number; children: TreeRow[] };

export function nestRows(rows: Record<string, unknown>[], parentField: string): TreeRow[] {
  const nodes = new Map<number, TreeRow>();
  for (const row of rows) nodes.set(Number(row.id), { ...(row as ApiRow), children: [] });
  const roots: TreeRow[] = [];
  for (const row of rows) {
    const node = nodes.get(Number(row.id))!;
    const parent = Number(row[parentField] ?? 0);
    if (parent === 0) roots.push(node);
    else nodes.get(parent)?.children.push(node);
  }
  return roots;
}
