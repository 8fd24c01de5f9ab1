// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Field } from '../../../runtime/schema/types.ts';
import { diffIds, listChanges } from '../../../runtime/ui/listChanges.ts';

const field = (name: string, confirmChanges?: boolean) =>
  ({ name, type: 'ref', multiple: true, confirmChanges }) as Field;

describe('listChanges', () => {
  it('compares ids as text, in the order each list holds them', () => {
    expect(diffIds([1, 2, '3'], ['3', 2, 5, 4])).toEqual({ added: [5, 4], removed: [1] });
    expect(diffIds(undefined, [1])).toEqual({ added: [1], removed: [] });
  });

  it('lists only the confirmChanges fields a save changes', () => {
    const fields = [field('menuIds', true), field('tagIds'), field('deptIds', true)];
    const changes = listChanges(
      fields,
      { menuIds: [1, 2], tagIds: [1], deptIds: [7] },
      { menuIds: [2, 3], tagIds: [], deptIds: [7] },
      false,
    );
    expect(changes).toEqual([{ field: fields[0], kind: 'diff', added: [3], removed: [1] }]);
  });

  it('in a batch update lists the whole value each row will hold, when one is sent', () => {
    const fields = [field('menuIds', true)];
    expect(listChanges(fields, undefined, { menuIds: [4, 5] }, true)).toEqual([
      { field: fields[0], kind: 'set', added: [4, 5], removed: [] },
    ]);
    expect(listChanges(fields, undefined, { status: 1 }, true)).toEqual([]);
  });
});
