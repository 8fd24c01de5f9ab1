import { describe, expect, it } from 'vitest';
import { reorder } from '../../../src/cms/reorder.ts';

const rows = [
  { id: 1, orderNum: 0 },
  { id: 2, orderNum: 0 },
  { id: 3, orderNum: 0 },
];

describe('reorder', () => {
  it('moves a row a place and numbers all rows apart, returning only those whose number changed', () => {
    const changes = reorder(rows, 3, -1);
    expect(changes.map(({ row, orderNum }) => [row.id, orderNum])).toEqual([
      [1, 10],
      [3, 20],
      [2, 30],
    ]);
    const numbered = [
      { id: 1, orderNum: 10 },
      { id: 2, orderNum: 20 },
      { id: 3, orderNum: 30 },
    ];
    expect(reorder(numbered, 1, 1).map(({ row, orderNum }) => [row.id, orderNum])).toEqual([
      [2, 10],
      [1, 20],
    ]);
  });

  it('does nothing past either end', () => {
    expect(reorder(rows, 1, -1)).toEqual([]);
    expect(reorder(rows, 3, 1)).toEqual([]);
    expect(reorder(rows, 9, 1)).toEqual([]);
  });
});
