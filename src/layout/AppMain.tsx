// The content area. Views in the tab store's cached list stay mounted, hidden, while the user is
// on another tab (React's <Activity>), so going back to a list finds its filters, page and scroll
// position as they were; refreshing or closing the tab drops it from the list and so unmounts it.

import {
  Activity,
  type ReactNode,
  Suspense,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useRef,
} from 'react';
import { useLocation, useOutlet } from 'react-router-dom';
import { PageLoading } from '../components/PageLoading.tsx';
import { useTabsStore } from '../stores/tabs.ts';
import { ListFirstRead } from './ListFirstRead.tsx';
import { forgetScroll, rememberScroll } from './scrollMemory.ts';
import { viewName } from './tabView.ts';
import { useRouteTrail } from './useRouteTrail.ts';

interface KeptView {
  element: ReactNode;
  path: string;
}

/**
 * A view opened is drawn in the render after the one that opens it: the menu's, the tabs' and the
 * breadcrumbs' change is one commit and the new page another, each of them a frame, where the two
 * together made one task over 50 ms (docs/benchmarks.md, "Tree tables"), and the menu answers a
 * click at once rather than once the page's code has loaded. A view kept alive and shown again is
 * drawn at once, as it is mounted already.
 */
function InNextCommit({ children }: { children: ReactNode }) {
  // until then, and while the page's code loads the first time it opens, a loading sign that
  // shows only if the wait is long enough to see
  return useDeferredValue(true, false) ? children : <PageLoading delayed />;
}

export function AppMain() {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const page = useRouteTrail().at(-1);
  const cachedViews = useTabsStore((s) => s.cachedViews);
  const current = page ? viewName(page) : '';
  const cacheable = Boolean(current) && !page?.meta?.noCache;
  const kept = useRef(new Map<string, KeptView>());

  // Remember the page as last rendered, to show it again hidden once the user moves on; forget
  // the views (and where they were scrolled) that have left the cache.
  useLayoutEffect(() => {
    if (cacheable) kept.current.set(current, { element: outlet, path: pathname });
    for (const [name, view] of kept.current) {
      if (name !== current && !cachedViews.includes(name)) {
        kept.current.delete(name);
        forgetScroll(view.path);
      }
    }
  });

  // While a cacheable view is shown, keep track of how far down it is scrolled.
  useEffect(() => {
    if (!cacheable) return;
    const record = () => rememberScroll(pathname, window.scrollY);
    window.addEventListener('scroll', record, { passive: true });
    return () => window.removeEventListener('scroll', record);
  }, [cacheable, pathname]);

  // One keyed list, so a view keeps its place in React's tree as it goes from shown to hidden.
  const views: Array<[string, ReactNode, boolean]> = [
    ...[...kept.current.entries()]
      .filter(([name]) => name !== current && cachedViews.includes(name))
      .map(([name, view]): [string, ReactNode, boolean] => [name, view.element, false]),
    [current, outlet, true],
  ];

  return (
    <main className="app-main">
      {/* in the navigation's own render, before the page's, which may wait for its code */}
      <ListFirstRead component={page?.component} />
      <Suspense fallback={<PageLoading />}>
        {views.map(([name, element, shown]) => (
          <Activity key={name} mode={shown ? 'visible' : 'hidden'}>
            <InNextCommit>{element}</InNextCommit>
          </Activity>
        ))}
      </Suspense>
    </main>
  );
}
