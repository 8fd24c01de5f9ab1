// How a list's columns meet the width its table is given. Columns fixed to an edge stay in view
// while the others scroll beneath them; on a narrow table they would leave those others no room
// (on a phone the names and the actions would fill the screen), so once they would take more
// than half of it they scroll too, the start-fixed ones first. And while the table scrolls, the
// columns of its first view are widened to end exactly where the end-fixed columns begin: none
// sits half hidden under the actions with its header cut.

export type FixedSide = 'left' | 'right';

export interface FitColumn {
  id: string;
  width: number;
  fixed?: FixedSide;
}

export interface FitInput {
  columns: readonly FitColumn[];
  /** the selection column's width, 0 without one; it is fixed with the start-fixed columns */
  selection: number;
  /** the width the table is shown in; unknown until measured (and in a hidden view) */
  viewport?: number;
}

export interface FitResult {
  columns: FitColumn[];
  selectionFixed: boolean;
  /** the table's width while it is wider than the viewport and scrolls sideways; none while its
   * columns fit */
  scrollX?: number;
}

/** the most of the table's width the fixed columns may keep to themselves */
export const MAX_FIXED_SHARE = 0.5;

const sum = (widths: readonly number[]) => widths.reduce((total, w) => total + w, 0);

/**
 * The width a fit depends on: the viewport when the columns are wider than it, none while they
 * all fit (unknown, hidden, or wide enough), as the fit is then the same at any width. A table
 * fits by this, so that measuring its width for the first time or a window growing does not
 * hand antd new columns that are the old ones.
 */
export function narrowViewport({ columns, selection, viewport }: FitInput): number | undefined {
  if (viewport === undefined || viewport <= 0) return undefined;
  return sum(columns.map((c) => c.width)) + selection > viewport ? viewport : undefined;
}

export function fitColumns({ columns, selection, viewport }: FitInput): FitResult {
  const narrow = narrowViewport({ columns, selection, viewport });
  // Columns that fit do not scroll, so none needs to stick to an edge, and the table is not made
  // to scroll sideways: it stretches its columns over its width, and no cell sticks or casts a
  // shadow.
  if (narrow === undefined)
    return { columns: columns.map((c) => ({ ...c, fixed: undefined })), selectionFixed: false };

  let selectionFixed = selection > 0 && columns.some((c) => c.fixed === 'left');
  let fitted = columns.map((c) => ({ ...c }));
  const widthOf = (side: FixedSide) =>
    sum(fitted.filter((c) => c.fixed === side).map((c) => c.width)) +
    (side === 'left' && selectionFixed ? selection : 0);
  const limit = narrow * MAX_FIXED_SHARE;
  const release = (side: FixedSide) => {
    fitted = fitted.map((c) => (c.fixed === side ? { ...c, fixed: undefined } : c));
    if (side === 'left') selectionFixed = false;
  };
  if (widthOf('left') + widthOf('right') > limit) release('left');
  if (widthOf('right') > limit) release('right');

  const end = widthOf('right');
  if (end > 0) {
    // the scrolling part, in order: the selection column (when it scrolls) and the unfixed columns
    const room = narrow - widthOf('left') - end;
    const scrolling = fitted.filter((c) => !c.fixed);
    let used = selectionFixed ? 0 : selection;
    let shown = 0;
    while (shown < scrolling.length && used + scrolling[shown].width <= room) {
      used += scrolling[shown].width;
      shown += 1;
    }
    if (shown > 0 && shown < scrolling.length) {
      // the room left after the last whole column goes to the columns shown, in proportion
      const first = scrolling.slice(0, shown);
      const base = sum(first.map((c) => c.width));
      let spare = room - used;
      const grown = new Map<string, number>();
      first.forEach((c, i) => {
        const extra = i === first.length - 1 ? spare : Math.floor(((room - used) * c.width) / base);
        spare -= extra;
        grown.set(c.id, c.width + extra);
      });
      fitted = fitted.map((c) => (grown.has(c.id) ? { ...c, width: grown.get(c.id) as number } : c));
    }
  }
  return { columns: fitted, selectionFixed, scrollX: sum(fitted.map((c) => c.width)) + selection };
}
