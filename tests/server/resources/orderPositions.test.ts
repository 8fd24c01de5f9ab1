// @vitest-environment node
// The arithmetic of a reorder: where rows go, and the positions that say so.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arrange, inOrder, placeValues } from '../../../server/resources/orderPositions.ts';

describe('arranging a group', () => {
  const group = [1, 2, 3, 4, 5];

  it('puts the given rows in the given order in the places they held', () => {
    expect(arrange(group, { kind: 'ids', ids: [4, 2] })).toEqual([1, 4, 3, 2, 5]);
    expect(arrange(group, { kind: 'ids', ids: [5, 4, 3, 2, 1] })).toEqual([5, 4, 3, 2, 1]);
  });

  it('moves one row before or after another, or by places, stopping at the ends', () => {
    expect(arrange(group, { kind: 'before', id: 5, target: 2 })).toEqual([1, 5, 2, 3, 4]);
    expect(arrange(group, { kind: 'after', id: 1, target: 4 })).toEqual([2, 3, 4, 1, 5]);
    expect(arrange(group, { kind: 'offset', id: 3, offset: -1 })).toEqual([1, 3, 2, 4, 5]);
    expect(arrange(group, { kind: 'offset', id: 3, offset: 99 })).toEqual([1, 2, 4, 5, 3]);
    expect(arrange(group, { kind: 'offset', id: 1, offset: -1 })).toEqual(group);
  });

  it('never loses or doubles a row', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 200 }), { minLength: 1, maxLength: 30 }),
        fc.nat(),
        fc.integer({ min: -40, max: 40 }),
        (ids, pick, offset) => {
          const id = ids[pick % ids.length];
          const next = arrange(ids, { kind: 'offset', id, offset });
          expect([...next].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
        },
      ),
    );
  });
});

describe('positions', () => {
  it('sorts as lists do: position, empty last, then id', () => {
    expect(
      inOrder([
        { id: 3, value: null },
        { id: 2, value: 5 },
        { id: 1, value: 5 },
        { id: 4, value: 0 },
      ]).map((r) => r.id),
    ).toEqual([4, 1, 2, 3]);
  });

  it('keeps increasing positions and numbers shared or empty ones afresh within the range', () => {
    expect(placeValues([3, 7, 20], {})).toEqual([3, 7, 20]);
    expect(placeValues([0, 0, 0], { minimum: 0, maximum: 9999 })).toEqual([10, 20, 30]);
    expect(placeValues([5, null], {})).toEqual([10, 20]);
    expect(placeValues([1, 1, 1, 1], { minimum: 0, maximum: 6 })).toEqual([1, 2, 3, 4]);
    expect(placeValues([1, 1, 1], { minimum: 0, maximum: 2 })).toBeNull();
  });
});
