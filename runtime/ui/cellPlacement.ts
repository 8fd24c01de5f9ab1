// The class names and sticky offsets antd's table gives each cell of a body row, for the rows a
// long list draws itself while the window scrolls (OutlineRow.tsx): plain cells have to sit in
// the same columns, stick at the same edges and stack in the same order as antd's, or a fixed
// column would tear as a row turns from outline to full. The rules are rc-table's
// (`getCellFixedInfo`): a fixed cell sticks at the sum of the widths beside it towards its edge,
// carries a shadow where it borders the scrolling columns, and stacks by its place in the row.
// tests/runtime/ui/DataTable.test.tsx holds each outline cell to antd's own cell of that column.

export interface PlacedColumn {
  /** the column id; `selection` for antd's selection column */
  key: string;
  width: number;
  fixed?: 'left' | 'right';
  ellipsis?: boolean;
  /** the column the list is sorted by */
  sorted?: boolean;
}

export interface CellPlacement {
  key: string;
  className: string;
  style?: Record<string, number>;
}

export const SELECTION_KEY = 'selection';

/**
 * Each cell's class and sticky style, in the row's order. `overflow`: the table is wider than its
 * view, which at its unscrolled start shows the end-fixed columns' shadow.
 */
export function cellPlacements(
  prefix: string,
  columns: readonly PlacedColumn[],
  overflow: boolean,
): CellPlacement[] {
  const n = columns.length;
  const cell = `${prefix}-cell`;
  const starts = columns.map((_, i) => columns.slice(0, i).reduce((sum, c) => sum + c.width, 0));
  const ends = columns.map((_, i) => columns.slice(i + 1).reduce((sum, c) => sum + c.width, 0));
  return columns.map((column, i) => {
    const classes = [cell];
    if (column.key === SELECTION_KEY) classes.push(`${prefix}-selection-column`);
    if (column.sorted) classes.push(`${prefix}-column-sort`);
    let style: CellPlacement['style'];
    if (column.fixed === 'left') {
      const shadow = columns[i + 1]?.fixed !== 'left';
      classes.push(`${cell}-fix`, `${cell}-fix-start`);
      // the start shadow shows only once the table is scrolled away from its start
      if (shadow) classes.push(`${cell}-fix-start-shadow`);
      style = { insetInlineStart: starts[i], '--z-offset': n * 2 - i, '--z-offset-reverse': n + i };
    } else if (column.fixed === 'right') {
      const shadow = columns[i - 1]?.fixed !== 'right';
      classes.push(`${cell}-fix`, `${cell}-fix-end`);
      if (shadow) classes.push(`${cell}-fix-end-shadow`);
      if (shadow && overflow) classes.push(`${cell}-fix-end-shadow-show`);
      style = { insetInlineEnd: ends[i], '--z-offset': i, '--z-offset-reverse': n - i };
    }
    if (column.ellipsis) classes.push(`${cell}-ellipsis`);
    return { key: column.key, className: classes.join(' '), style };
  });
}
