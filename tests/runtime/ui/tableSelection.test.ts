// The list table's selection: the header's box over the rows the table holds, and what ticking it
// or a row's box does to the selection, rows of other pages left as they were.
import type { RowSelectionState } from '@tanstack/react-table';
import { describe, expect, it } from 'vitest';
import { allSelection, selectEvery } from '../../../runtime/ui/tableSelection.ts';

describe('allSelection', () => {
  it('is ticked when every row is selected, half-ticked when some are, off when none', () => {
    expect(allSelection(['1', '2'], { '1': true, '2': true })).toEqual({
      checked: true,
      indeterminate: false,
      disabled: false,
    });
    expect(allSelection(['1', '2'], { '2': true })).toEqual({
      checked: false,
      indeterminate: true,
      disabled: false,
    });
    expect(allSelection(['1', '2'], {})).toEqual({ checked: false, indeterminate: false, disabled: false });
  });

  it('counts only the rows the table holds, not those selected on other pages', () => {
    expect(allSelection(['1', '2'], { '7': true, '8': true })).toMatchObject({
      checked: false,
      indeterminate: false,
    });
    expect(allSelection(['1'], { '1': true, '8': true })).toMatchObject({
      checked: true,
      indeterminate: false,
    });
  });

  it('is off and disabled over an empty table', () => {
    expect(allSelection([], { '3': true })).toEqual({ checked: false, indeterminate: false, disabled: true });
  });
});

describe('selectEvery', () => {
  it("adds the table's rows to a selection and keeps the other pages' rows", () => {
    expect(selectEvery({ '9': true }, ['1', '2'], true)).toEqual({ '9': true, '1': true, '2': true });
  });

  it("takes the table's rows away and keeps the other pages' rows", () => {
    expect(selectEvery({ '9': true, '1': true, '2': true }, ['1', '2'], false)).toEqual({ '9': true });
  });

  it('leaves the selection it was given as it was', () => {
    const before: RowSelectionState = { '1': true };
    selectEvery(before, ['1'], false);
    expect(before).toEqual({ '1': true });
  });
});
