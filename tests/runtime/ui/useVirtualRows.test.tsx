// Which rows of a long list are drawn as the window scrolls: the rows in view and a few around
// them, drawn in a render of their own after the scroll event, never inside it (the scroll
// event's handler is then only the virtualizer's arithmetic; docs/benchmarks.md, "Tree tables").
import { render, waitFor } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AHEAD,
  AROUND,
  drawnRange,
  type ShownRows,
  useVirtualRows,
  VIRTUAL_FROM,
} from '../../../runtime/ui/useVirtualRows.ts';
import { restoreWindowScroll, scrollWindow } from './windowScroll.ts';

const rows = Array.from({ length: 1000 }, (_, i) => ({ id: String(i) }));

/** Renders a body over `count` rows; every render's rows are handed to `seen`. */
function Body({ count, seen }: { count: number; seen: ShownRows[] }) {
  const body = useRef<HTMLTableSectionElement>(null);
  const shown = useVirtualRows(body, rows.slice(0, count));
  seen.push(shown);
  return (
    <table>
      <tbody ref={body} />
    </table>
  );
}

afterEach(restoreWindowScroll);

describe('useVirtualRows', () => {
  it('draws a long list from its top, with the rows below left to a spacer', () => {
    const seen: ShownRows[] = [];
    render(<Body count={1000} seen={seen} />);
    const shown = seen.at(-1)!;
    expect(shown.virtual).toBe(true);
    expect(shown.first).toBe(0);
    expect(shown.last).toBeGreaterThan(0);
    expect(shown.last).toBeLessThan(100);
    expect(shown.before).toBe(0);
    expect(shown.after).toBeGreaterThan(0);
  });

  it('draws the rows scrolled to in a render after the scroll event, not inside it', async () => {
    const seen: ShownRows[] = [];
    render(<Body count={1000} seen={seen} />);
    const renders = seen.length;
    scrollWindow(49 * 500, () => {
      // React renders nothing while the event is handled: a long jump's rows are mounted in a
      // task of their own, as a low-priority render is
      expect(seen.length).toBe(renders);
    });
    await waitFor(() => expect(seen.at(-1)!.first).toBeGreaterThan(400));
    const shown = seen.at(-1)!;
    expect(shown.viewFirst).toBeGreaterThanOrEqual(shown.first);
    expect(shown.last - shown.first).toBeLessThan(100);
    expect(shown.before).toBeGreaterThan(0);
    // the body knows the window is moving (it draws rows in outline meanwhile); the unmount
    // cancels the virtualizer's wait for the scroll's end
    expect(shown.scrolling).toBe(true);
  });

  it('draws more rows beyond the edge the window scrolls towards than beyond the other', async () => {
    const seen: ShownRows[] = [];
    render(<Body count={1000} seen={seen} />);
    const still = seen.at(-1)!;
    // at rest, a few rows below the view (none above the first)
    expect(still.last - still.viewLast).toBe(AROUND);
    scrollWindow(49 * 500);
    await waitFor(() => expect(seen.at(-1)!.first).toBeGreaterThan(400));
    const down = seen.at(-1)!;
    expect(down.last - down.viewLast).toBe(AHEAD);
    expect(down.viewFirst - down.first).toBe(AROUND);
    scrollWindow(49 * 300);
    await waitFor(() => expect(seen.at(-1)!.last).toBeLessThan(400));
    const up = seen.at(-1)!;
    expect(up.viewFirst - up.first).toBe(AHEAD);
    expect(up.last - up.viewLast).toBe(AROUND);
  });

  it('places the rows once for a list, not again at each scroll step', async () => {
    // rows that count how often their key is read: react-virtual reads every row's key when it
    // works out the rows' places
    let keysRead = 0;
    const counted = Array.from({ length: 1000 }, (_, i) => ({
      get id() {
        keysRead++;
        return String(i);
      },
    }));
    function SameRows({ seen }: { seen: ShownRows[] }) {
      const body = useRef<HTMLTableSectionElement>(null);
      seen.push(useVirtualRows(body, counted));
      return (
        <table>
          <tbody ref={body} />
        </table>
      );
    }
    const seen: ShownRows[] = [];
    render(<SameRows seen={seen} />);
    keysRead = 0;
    const renders = seen.length;
    for (const top of [49 * 100, 49 * 200, 49 * 300]) {
      scrollWindow(top);
      await waitFor(() => expect(seen.at(-1)!.viewFirst).toBeGreaterThanOrEqual(top / 49 - 1));
    }
    expect(seen.length).toBeGreaterThan(renders);
    // a key the few rows drawn, never the thousand rows' again
    expect(keysRead).toBeLessThan(counted.length);
  });

  it('draws the rows in view in the render that makes a short list long, and renders no more', () => {
    // a level opened: the body is on the page before the list grows past VIRTUAL_FROM
    const seen: ShownRows[] = [];
    const { rerender } = render(<Body count={10} seen={seen} />);
    const renders = seen.length;
    rerender(<Body count={1000} seen={seen} />);
    // the window's height in rows (jsdom's window is 768 px high; each row is guessed at 49 px)
    const inView = Math.ceil(window.innerHeight / 49);
    expect(seen.length).toBe(renders + 1);
    const grown = seen.at(-1)!;
    expect(grown).toMatchObject({ virtual: true, first: 0, viewFirst: 0 });
    expect(grown.viewLast).toBeGreaterThanOrEqual(inView - 1);
    expect(grown.last).toBe(grown.viewLast + AROUND);
  });

  it('draws a short list whole', () => {
    const seen: ShownRows[] = [];
    render(<Body count={VIRTUAL_FROM} seen={seen} />);
    expect(seen.at(-1)).toMatchObject({ virtual: false, first: 0, last: VIRTUAL_FROM - 1 });
  });
});

describe('drawnRange', () => {
  const range = { startIndex: 100, endIndex: 115, overscan: 0, count: 1000 };
  const span = (indexes: number[]) => [indexes[0], indexes.at(-1)];

  it('draws a few rows beyond both edges while the window is still', () => {
    expect(span(drawnRange(range, null))).toEqual([100 - AROUND, 115 + AROUND]);
  });

  it('draws more rows ahead of the scroll than behind it', () => {
    expect(span(drawnRange(range, 'forward'))).toEqual([100 - AROUND, 115 + AHEAD]);
    expect(span(drawnRange(range, 'backward'))).toEqual([100 - AHEAD, 115 + AROUND]);
  });

  it('draws every index between, and none past the list', () => {
    const indexes = drawnRange({ startIndex: 2, endIndex: 8, overscan: 0, count: 10 }, 'forward');
    expect(indexes).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
