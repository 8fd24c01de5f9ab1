import { useCallback, useMemo, useSyncExternalStore } from 'react';

/**
 * Whether the window is at least `px` wide, followed as it changes. Right in the first render,
 * and a render again only when the answer changes: antd's `Grid.useBreakpoint` starts empty and
 * forces a render as it subscribes, in the commit's layout effects, so a form laid out by it is
 * drawn twice (first stacked) before the page's first frame (docs/benchmarks.md, "Tree tables").
 */
export function useMinWidth(px: number): boolean {
  const query = useMemo(() => window.matchMedia(`(min-width: ${px}px)`), [px]);
  const subscribe = useCallback(
    (changed: () => void) => {
      query.addEventListener('change', changed);
      return () => query.removeEventListener('change', changed);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => query.matches);
}
