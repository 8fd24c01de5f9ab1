// Which rows of a long list table are drawn (TableBody.tsx): those in the window's view and a few
// around them, with the heights of the rest standing in above and below. The page scrolls the
// window, as every list page does, so the virtualizer follows the window (@tanstack/react-virtual),
// offset by where the table's body starts; each drawn row is measured, as a row grows with a
// wrapped cell. A short list draws every row, as before. The hook lives in the table's body, so a
// scroll renders the body alone and never the table around it.
import { measureElement, type Range, useWindowVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Lists longer than this are virtualised: a page of 100 draws whole, a tree's opened level not. */
export const VIRTUAL_FROM = 100;
/** antd's middle-size row with one line of text and a tag, before it is measured: a close guess
 * spares the virtualizer moving the rows below as each drawn row is measured */
const ROW_ESTIMATE = 49;
/** Rows drawn beyond the edge of the view the window scrolls towards, so a wheel's or a key's
 * steps come into view already drawn. */
export const AHEAD = 8;
/** Rows drawn beyond the other edge, and beyond both while the window is still. Every row drawn
 * is laid out, painted and (once the window rests) mounted in full again with each change of the
 * table, a new page read or a jump: with 12 rows beyond each edge, a "load more" read in
 * bench:treetable cost 615-655 ms of the main thread and about two frames over 50 ms; with these
 * counts, a quarter less and about one (docs/benchmarks.md, "Tree tables"). */
export const AROUND = 3;

/** The indexes to draw: those in view, `AHEAD` rows beyond the edge the window moves towards and
 * `AROUND` beyond the other. */
export function drawnRange(range: Range, direction: 'forward' | 'backward' | null): number[] {
  const start = Math.max(0, range.startIndex - (direction === 'backward' ? AHEAD : AROUND));
  const end = Math.min(range.count - 1, range.endIndex + (direction === 'forward' ? AHEAD : AROUND));
  const indexes: number[] = [];
  for (let i = start; i <= end; i++) indexes.push(i);
  return indexes;
}

/**
 * A virtualizer's `measureElement` that takes an item's size from the ResizeObserver, which
 * reports it after the browser's own layout. An item just drawn is handed over from React's
 * commit, before the observer has reported it: it keeps its size from before or `estimate`, as
 * reading its size there would lay the page out in the middle of the commit. An item not laid out
 * (jsdom, a hidden view) keeps its estimate rather than collapsing to 0.
 */
export function sizeAfterLayout<S extends Element | Window, E extends Element>(estimate: number) {
  return (element: E, entry: ResizeObserverEntry | undefined, instance: Virtualizer<S, E>): number =>
    entry
      ? measureElement(element, entry, instance) || estimate
      : (instance.itemSizeCache.get(instance.options.getItemKey(instance.indexFromElement(element))) ??
        estimate);
}

/** The offsets down to the document, which scrolling leaves alone (a client rect moves with it). */
function offsetInDocument(element: HTMLElement): number {
  let top = 0;
  for (let at: HTMLElement | null = element; at; at = at.offsetParent as HTMLElement | null)
    top += at.offsetTop;
  return top;
}

export interface ShownRows {
  virtual: boolean;
  /** the indexes of the first and the last row to draw, in the whole list (last < first: none) */
  first: number;
  last: number;
  /** the indexes of the first and the last row in the window's view (drawn, within first..last) */
  viewFirst: number;
  viewLast: number;
  /** the heights of the rows left out above and below */
  before: number;
  after: number;
  /** the window is being scrolled (and was within the last 150 ms) */
  scrolling: boolean;
  /** hands a drawn row (`data-index` set) to the virtualizer to measure; the same function
   * for the body's lifetime */
  measure?: (row: HTMLTableRowElement | null) => void;
  /** the height the virtualizer gives a row to draw (first..last): measured, or its estimate */
  sizeOf?: (index: number) => number;
}

export function useVirtualRows(
  body: RefObject<HTMLElement | null>,
  rows: readonly { id: string }[],
): ShownRows {
  const virtual = rows.length > VIRTUAL_FROM;
  // Where the body starts in the page: the filter bar and toolbar above it may change height.
  // Reading it lays the page out, which a scroll frame would otherwise do once, after its
  // changes: it is read while the window is still (nothing above the table moves while it
  // scrolls), and after the scroll. A short list growing long (a level opened) has its body on
  // the page already: its place is read in that render, from the layout the last frame left,
  // rather than after the commit from one the commit has just changed, which laid the page out
  // there and then and rendered the body again before the frame (docs/benchmarks.md, "Tree
  // tables").
  const placedAt = useRef<number | null>(null);
  const [, replaced] = useState(0);
  if (virtual && placedAt.current === null && body.current) placedAt.current = offsetInDocument(body.current);
  const margin = placedAt.current ?? 0;
  // the virtualizer knows which way the window scrolls; the range is asked for in its own render
  const instance = useRef<Virtualizer<Window, HTMLTableRowElement> | null>(null);
  const rangeExtractor = useCallback(
    (range: Range) => drawnRange(range, instance.current?.scrollDirection ?? null),
    [],
  );
  // The same function while the rows are the same: react-virtual works out every row's place
  // again, an object a row, whenever the key function changes, and a new one each render did so
  // each scroll frame (5,000 objects a frame over a long level, 0.4 ms and their collection).
  const getItemKey = useCallback((index: number) => rows[index]?.id ?? index, [rows]);
  const virtualizer = useWindowVirtualizer<HTMLTableRowElement>({
    count: virtual ? rows.length : 0,
    estimateSize: () => ROW_ESTIMATE,
    rangeExtractor,
    scrollMargin: margin,
    // the window's size from the first render on: react-virtual's own first guess is nothing,
    // which drew a row or two in the first long render and the rows in view in one after its
    // commit, synchronously, from its layout effect
    initialRect: { width: window.innerWidth, height: window.innerHeight },
    getItemKey,
    // each drawn row measured after the browser's layout, never in the commit (see the margin below)
    measureElement: sizeAfterLayout(ROW_ESTIMATE),
    enabled: virtual,
    // The rows a scroll brings into view are drawn in a render of their own, after the scroll
    // event, not inside it (react-virtual's default): a long jump (a "load more" row scrolled to,
    // the scrollbar dragged) mounted a few dozen rows in the event, and the frame held that render,
    // the layout it forced and the paint. The rows drawn ahead of the scroll (AHEAD) cover a
    // wheel's or a key's steps; a jump may show the spacer for one frame. In bench:treetable the wheel's
    // notches over the table went through 25 % faster (docs/benchmarks.md, "Tree tables").
    useFlushSync: false,
  });
  instance.current = virtualizer;
  // The first time, before the frame is painted, so the first rows drawn are the right ones.
  // After that, in the next animation frame: a read in the commit laid the page out there and
  // then, and the browser again for the frame after what followed the commit (a quarter of the
  // main thread's time in reading a level through "load more", docs/benchmarks.md, "Tree
  // tables"); in the frame, before anything else changes the page, the browser's own layout
  // finds it done.
  const pending = useRef(0);
  useLayoutEffect(() => {
    if (!virtual || !body.current || virtualizer.isScrolling) return;
    if (placedAt.current === null) {
      // a list long from its first render had no body to read then
      placedAt.current = offsetInDocument(body.current);
      if (placedAt.current !== 0) replaced((n) => n + 1);
      return;
    }
    if (pending.current) return;
    pending.current = requestAnimationFrame(() => {
      pending.current = 0;
      if (!body.current) return;
      const top = offsetInDocument(body.current);
      if (top === placedAt.current) return;
      placedAt.current = top;
      replaced((n) => n + 1);
    });
  });
  useEffect(() => () => cancelAnimationFrame(pending.current), []);
  if (!virtual)
    return {
      virtual,
      first: 0,
      last: rows.length - 1,
      viewFirst: 0,
      viewLast: rows.length - 1,
      before: 0,
      after: 0,
      scrolling: false,
    };
  const scrolling = virtualizer.isScrolling;
  const items = virtualizer.getVirtualItems();
  if (items.length === 0)
    return {
      virtual,
      first: 0,
      last: -1,
      viewFirst: 0,
      viewLast: -1,
      before: 0,
      after: virtualizer.getTotalSize(),
      scrolling,
    };
  const first = items[0];
  const last = items[items.length - 1];
  const view = virtualizer.range;
  return {
    virtual,
    first: first.index,
    last: last.index,
    viewFirst: view?.startIndex ?? first.index,
    viewLast: view?.endIndex ?? last.index,
    before: first.start - margin,
    after: Math.max(0, virtualizer.getTotalSize() - (last.end - margin)),
    scrolling,
    measure: virtualizer.measureElement,
    sizeOf: (index) => items[index - first.index]?.size ?? ROW_ESTIMATE,
  };
}
