import type { Row } from '../../runtime/client/resourceClient.ts';

/**
 * The rows after moving one of them a place up (-1) or down (+1), numbered 10, 20, 30… so that
 * rows that all still have the default order 0 get distinct places; only the rows whose number
 * changed need saving.
 */
export function reorder(
  rows: readonly Row[],
  id: Row['id'],
  step: -1 | 1,
): Array<{ row: Row; orderNum: number }> {
  const order = [...rows];
  const from = order.findIndex((row) => row.id === id);
  const to = from + step;
  if (from === -1 || to < 0 || to >= order.length) return [];
  [order[from], order[to]] = [order[to], order[from]];
  return order
    .map((row, i) => ({ row, orderNum: (i + 1) * 10 }))
    .filter(({ row, orderNum }) => row.orderNum !== orderNum);
}
