// The class names and sticky offsets of each cell of the list table (DataTable.tsx), its header
// cells, its rows in full and its rows in outline alike, so that they sit in the same columns,
// stick at the same edges and stack in the same order. The rules and class names are antd's
// table's (rc-table's `getCellFixedInfo`), whose style sheet draws them: a fixed cell sticks at
// the sum of the widths beside it towards its edge, carries a shadow where it borders the
// scrolling columns, and stacks by its place in the row. The offsets come from the columns'
// widths, which the cells have whenever the table scrolls sideways (its width is theirs), so
// nothing is measured from the layout. Whether a shadow shows follows the sideways scroll
// (useScrollShadows.ts, DataTable.css), not the cells' classes, so a scroll draws no cell again.

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
  /** the column's width, its `<col>`'s */
  width: number;
  className: string;
  style?: Record<string, number>;
  /** the cell's content goes in antd's content span, which an ellipsis cell with a shadow needs
   * (its own overflow is left visible for the shadow) */
  wrapped?: boolean;
}

export const SELECTION_KEY = 'selection';

/** Each cell's class and sticky style, in the row's order. */
export function cellPlacements(prefix: string, columns: readonly PlacedColumn[]): CellPlacement[] {
  const n = columns.length;
  const cell = `${prefix}-cell`;
  const starts = columns.map((_, i) => columns.slice(0, i).reduce((sum, c) => sum + c.width, 0));
  const ends = columns.map((_, i) => columns.slice(i + 1).reduce((sum, c) => sum + c.width, 0));
  return columns.map((column, i) => {
    const classes = [cell];
    if (column.key === SELECTION_KEY) classes.push(`${prefix}-selection-column`);
    if (column.sorted) classes.push(`${prefix}-column-sort`);
    let style: CellPlacement['style'];
    let shadow = false;
    if (column.fixed === 'left') {
      shadow = columns[i + 1]?.fixed !== 'left';
      classes.push(`${cell}-fix`, `${cell}-fix-start`);
      if (shadow) classes.push(`${cell}-fix-start-shadow`);
      style = { insetInlineStart: starts[i], '--z-offset': n * 2 - i, '--z-offset-reverse': n + i };
    } else if (column.fixed === 'right') {
      shadow = columns[i - 1]?.fixed !== 'right';
      classes.push(`${cell}-fix`, `${cell}-fix-end`);
      if (shadow) classes.push(`${cell}-fix-end-shadow`);
      style = { insetInlineEnd: ends[i], '--z-offset': i, '--z-offset-reverse': n - i };
    }
    if (column.ellipsis) classes.push(`${cell}-ellipsis`);
    const placed: CellPlacement = {
      key: column.key,
      width: column.width,
      className: classes.join(' '),
      style,
    };
    if (column.ellipsis && shadow) placed.wrapped = true;
    return placed;
  });
}
