import { type RefObject, useLayoutEffect, useRef, useState } from 'react';

/**
 * The inner width of an element, followed as it changes (the window, the sidebar folding).
 * Undefined until measured and while the element is not laid out (a hidden kept-alive view).
 */
export function useElementWidth<T extends HTMLElement>(): [RefObject<T | null>, number | undefined] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState<number>();
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    // before the first paint, so the first view is drawn at the width it will keep
    const measure = () => setWidth(element.clientWidth || undefined);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
