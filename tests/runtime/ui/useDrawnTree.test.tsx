// What a tree picker draws of its reads: rows read further into open levels come in a render after
// one with the tree as it was (React's deferred value, a render it can cut into slices); a level
// opened, or a search started, comes in the same render (antd's loadData waits on it).
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Level } from '../../../runtime/ui/pickerTree.ts';
import { sameLevels, type TreeRead, useDrawnTree } from '../../../runtime/ui/useDrawnTree.ts';

const read = (searching: boolean, levels: Record<string, string[]>): TreeRead =>
  ({
    searching,
    levels: new Map<string, Level>(
      Object.entries(levels).map(([parent, keys]) => [parent, { keys, total: 100 }]),
    ),
  }) satisfies TreeRead;

/** Renders the hook with `first`, then hands it `next`: what each render from then on drew. */
function drawnAfter(first: TreeRead, next: TreeRead): TreeRead[] {
  const seen: TreeRead[] = [];
  const { result, rerender } = renderHook(
    ({ value }) => {
      const drawn = useDrawnTree(value);
      seen.push(drawn);
      return drawn;
    },
    { initialProps: { value: first } },
  );
  expect(result.current).toBe(first);
  seen.length = 0;
  act(() => rerender({ value: next }));
  expect(result.current).toBe(next);
  return seen;
}

describe('useDrawnTree', () => {
  it('draws rows read further into an open level after a render with the tree as it was', () => {
    const before = read(false, { '0': ['1', '2'], '1': ['11'] });
    const more = read(false, { '0': ['1', '2'], '1': ['11', '12'] });
    const drawn = drawnAfter(before, more);
    expect(drawn[0]).toBe(before);
    expect(drawn.at(-1)).toBe(more);
  });

  it('draws a level opened, or a search started, in the same render', () => {
    const before = read(false, { '0': ['1', '2'] });
    const opened = read(false, { '0': ['1', '2'], '1': ['11'] });
    const drawn = drawnAfter(before, opened);
    expect(drawn.length).toBeGreaterThan(0);
    expect(drawn.every((d) => d === opened)).toBe(true);
    const search = read(true, { '0': ['1', '2'] });
    expect(drawnAfter(before, search).every((d) => d === search)).toBe(true);
  });

  it('tells the same levels from others', () => {
    expect(sameLevels(read(false, { '0': [], '7': [] }), read(false, { '7': ['1'], '0': ['2'] }))).toBe(true);
    expect(sameLevels(read(false, { '0': [] }), read(false, { '7': [] }))).toBe(false);
    expect(sameLevels(read(false, { '0': [] }), read(true, { '0': [] }))).toBe(false);
  });
});
