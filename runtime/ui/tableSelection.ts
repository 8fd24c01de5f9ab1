// The list table's selection (DataTable.tsx), over react-table's selection state: the header's box
// over every row the table holds, and a row's box. A tree's "load more" rows are not rows to
// select. Rows selected on other pages stay selected (export and batch actions work on every
// selected row), so the header's box adds or takes away the rows the table holds, and only those.
import type { RowSelectionState } from '@tanstack/react-table';

/** The selection column's header box: every row selected, some, or none. */
export interface AllSelection {
  checked: boolean;
  indeterminate: boolean;
  /** no row to select */
  disabled: boolean;
}

/** The header's box over `ids`, the selectable rows the table holds. */
export function allSelection(ids: readonly string[], selection: RowSelectionState): AllSelection {
  const selected = ids.filter((id) => selection[id] === true).length;
  return {
    checked: ids.length > 0 && selected === ids.length,
    indeterminate: selected > 0 && selected < ids.length,
    disabled: ids.length === 0,
  };
}

/** `selection` with each of `ids` selected, or with none of them. */
export function selectEvery(
  selection: RowSelectionState,
  ids: readonly string[],
  selected: boolean,
): RowSelectionState {
  const next = { ...selection };
  for (const id of ids) {
    if (selected) next[id] = true;
    else delete next[id];
  }
  return next;
}
