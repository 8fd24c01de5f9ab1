// Two lists are the same when they hold the same objects in the same order, not equal copies.
import { describe, expect, it } from 'vitest';
import { sameItems } from '../../../runtime/ui/sameItems.ts';

describe('sameItems', () => {
  it('holds two lists of the same objects in the same order the same, and nothing else', () => {
    const a = { id: 1 };
    const b = { id: 2 };
    expect(sameItems([a, b], [a, b])).toBe(true);
    expect(sameItems([], [])).toBe(true);
    expect(sameItems([a, b], [b, a])).toBe(false);
    expect(sameItems([a], [a, b])).toBe(false);
    expect(sameItems([a], [{ id: 1 }])).toBe(false);
  });
});
