// The list table's cells placed as rc-table places antd's: sticky offsets summed towards each
// cell's edge, the shadow on the fixed cell that borders the scrolling ones, the stacking order.
// (DataTable.test.tsx holds the rows in full, in outline and the header to the same places.)
import { describe, expect, it } from 'vitest';
import { cellPlacements, SELECTION_KEY } from '../../../runtime/ui/cellPlacement.ts';

const columns = [
  { key: SELECTION_KEY, width: 48, fixed: 'left' as const },
  { key: 'title', width: 200, fixed: 'left' as const, ellipsis: true },
  { key: 'kind', width: 100, sorted: true },
  { key: 'status', width: 80, fixed: 'right' as const },
  { key: '__actions', width: 120, fixed: 'right' as const },
];

describe('cellPlacements', () => {
  it('sticks each fixed cell at the widths beside it towards its edge, in rc-table stacking order', () => {
    const cells = cellPlacements('ant-table', columns);
    expect(cells.map((c) => c.style)).toEqual([
      { insetInlineStart: 0, '--z-offset': 10, '--z-offset-reverse': 5 },
      { insetInlineStart: 48, '--z-offset': 9, '--z-offset-reverse': 6 },
      undefined,
      { insetInlineEnd: 120, '--z-offset': 3, '--z-offset-reverse': 2 },
      { insetInlineEnd: 0, '--z-offset': 4, '--z-offset-reverse': 1 },
    ]);
    expect(cells[0].className).toBe(
      'ant-table-cell ant-table-selection-column ant-table-cell-fix ant-table-cell-fix-start',
    );
    // the shadows: on the last start-fixed and the first end-fixed cell only
    expect(cells[1].className).toBe(
      'ant-table-cell ant-table-cell-fix ant-table-cell-fix-start ant-table-cell-fix-start-shadow ant-table-cell-ellipsis',
    );
    expect(cells[2].className).toBe('ant-table-cell ant-table-column-sort');
    expect(cells[3].className).toBe(
      'ant-table-cell ant-table-cell-fix ant-table-cell-fix-end ant-table-cell-fix-end-shadow',
    );
    expect(cells[4].className).toBe('ant-table-cell ant-table-cell-fix ant-table-cell-fix-end');
    // whether a shadow shows follows the scroll (useScrollShadows.ts), never a cell's class
    expect(cells.some((c) => c.className.includes('shadow-show'))).toBe(false);
  });

  it("wraps the content of an ellipsis cell with a shadow in antd's content span, and only that", () => {
    const cells = cellPlacements('ant-table', columns);
    expect(cells.map((c) => c.wrapped === true)).toEqual([false, true, false, false, false]);
  });

  it('keeps to the prefix the app gives antd', () => {
    expect(cellPlacements('my-table', [{ key: 'a', width: 10 }])).toEqual([
      { key: 'a', width: 10, className: 'my-table-cell', style: undefined },
    ]);
  });
});
