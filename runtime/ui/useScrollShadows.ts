// The shadows of a list table's fixed columns (DataTable.tsx, DataTable.css): the start-fixed
// columns cast one once the table is scrolled sideways away from its start, the end-fixed ones
// while there is more to scroll to. They follow the scroll through two attributes on the table's
// element, set in the scroll's own event, so a scroll renders nothing; the table's first drawing
// says from the columns' widths whether it is wider than its view, which at its unscrolled start
// shows the end shadow, so nothing is read from the layout as it mounts.
import { type UIEvent, useCallback, useRef } from 'react';

export const SHADOW_START = 'data-shadow-start';
export const SHADOW_END = 'data-shadow-end';

export function useScrollShadows<T extends HTMLElement>() {
  const table = useRef<T>(null);
  const onScroll = useCallback((event: UIEvent<HTMLElement>) => {
    const scroller = event.currentTarget;
    const element = table.current;
    if (!element) return;
    const left = Math.abs(scroller.scrollLeft);
    const room = scroller.scrollWidth - scroller.clientWidth;
    element.toggleAttribute(SHADOW_START, left > 0);
    element.toggleAttribute(SHADOW_END, left < room - 1);
  }, []);
  return { table, onScroll };
}
