import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useMinWidth } from '../../../runtime/ui/useMinWidth.ts';

const original = window.matchMedia;
afterEach(() => {
  window.matchMedia = original;
});

/** A window of a width the test sets, whose media queries tell their listeners of a change. */
function windowOfWidth(initial: number) {
  let width = initial;
  const listeners = new Set<() => void>();
  window.matchMedia = ((query: string) => {
    const min = Number(/min-width: (\d+)px/.exec(query)?.[1]);
    return {
      media: query,
      get matches() {
        return width >= min;
      },
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    };
  }) as unknown as typeof window.matchMedia;
  return {
    resize(next: number) {
      width = next;
      for (const listener of listeners) listener();
    },
    listeners,
  };
}

describe('useMinWidth', () => {
  it('answers in the first render, renders again when the answer changes, and stops listening', () => {
    const screen = windowOfWidth(800);
    const seen: boolean[] = [];
    const { unmount } = renderHook(() => {
      const wide = useMinWidth(576);
      seen.push(wide);
      return wide;
    });
    // one render, right from the start: no empty first answer corrected after the commit
    expect(seen).toEqual([true]);
    act(() => screen.resize(700));
    expect(seen).toEqual([true]);
    act(() => screen.resize(400));
    expect(seen).toEqual([true, false]);
    unmount();
    expect(screen.listeners.size).toBe(0);
  });
});
