// The tab strip's state (spec §4 "Tab bar"): the pages visited and the views kept alive. The
// visited list lives in session storage too, so a reload finds the same tabs open; it goes with
// the session (logout and reset token clear session storage). The cached list is not kept: a
// reload starts every view afresh, and a view joins the cache again when it is shown.

import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { RouteMeta } from '../router/types.ts';

export interface TabView {
  path: string;
  fullPath: string;
  /** the route's name; the key a cached view is kept under */
  name: string;
  meta: RouteMeta;
  /** meta.title, else 'no-name' */
  title: string;
  query: Record<string, string>;
}

export type TabViewInput = Omit<TabView, 'title'>;

export interface TabsState {
  visitedViews: TabView[];
  cachedViews: string[];
  addView(view: TabViewInput): void;
  addVisitedView(view: TabViewInput): void;
  addCachedView(view: TabViewInput): void;
  delView(view: TabView): void;
  delCachedView(view: Pick<TabView, 'name'>): void;
  delOthersViews(view: TabView): void;
  delAllViews(): void;
  updateVisitedView(view: TabViewInput): void;
  /** everything gone, affixed tabs too: the session ended */
  reset(): void;
}

/** Workflow pages that open many times over and must not pile up as tabs. */
const UNTABBED_NAMES = new Set(['apply', 'addworkflow']);

/** Spec §3 "Tab entry": the title is the meta title, else 'no-name'. */
export const NO_NAME = 'no-name';

function withTitle(view: TabViewInput): TabView {
  const { title } = view.meta;
  return { ...view, title: typeof title === 'string' && title ? title : NO_NAME };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The tabs session storage gives back after a reload. They were written by this store, but an
 * older build or a hand edit may have left entries without a title, a meta or a path: each is
 * titled as a new tab would be, and one without a path (which no tab can lead to) is dropped.
 */
export function restoreViews(stored: unknown): TabView[] {
  const views = isRecord(stored) && Array.isArray(stored.visitedViews) ? stored.visitedViews : [];
  return views.flatMap((entry: unknown) => {
    if (!isRecord(entry) || typeof entry.path !== 'string' || entry.path === '') return [];
    const { path } = entry;
    const query = isRecord(entry.query) ? (entry.query as Record<string, string>) : {};
    return [
      withTitle({
        path,
        fullPath: typeof entry.fullPath === 'string' && entry.fullPath ? entry.fullPath : path,
        name: typeof entry.name === 'string' && entry.name ? entry.name : path,
        meta: isRecord(entry.meta) ? (entry.meta as RouteMeta) : {},
        query,
      }),
    ];
  });
}

/** Where to go after closing the active tab: the last remaining one, or / when none remain. */
export function lastViewPath(views: readonly TabView[]): string {
  return views.at(-1)?.fullPath ?? '/';
}

export const TABS_STORAGE_KEY = 'tagsView';

export const useTabsStore = create<TabsState>()(
  persist(
    (set, get) => ({
      visitedViews: [],
      cachedViews: [],

      addView(view) {
        get().addVisitedView(view);
        get().addCachedView(view);
      },

      addVisitedView(view) {
        const { visitedViews } = get();
        if (visitedViews.some((v) => v.path === view.path)) return;
        if (UNTABBED_NAMES.has(view.name)) return;
        set({ visitedViews: [...visitedViews, withTitle(view)] });
      },

      addCachedView(view) {
        const { cachedViews } = get();
        if (cachedViews.includes(view.name) || view.meta.noCache) return;
        set({ cachedViews: [...cachedViews, view.name] });
      },

      delView(view) {
        const { visitedViews, cachedViews } = get();
        set({
          visitedViews: visitedViews.filter((v) => v.path !== view.path),
          cachedViews: cachedViews.filter((name) => name !== view.name),
        });
      },

      delCachedView(view) {
        set({ cachedViews: get().cachedViews.filter((name) => name !== view.name) });
      },

      delOthersViews(view) {
        const { visitedViews, cachedViews } = get();
        set({
          visitedViews: visitedViews.filter((v) => v.meta.affix || v.path === view.path),
          cachedViews: cachedViews.filter((name) => name === view.name),
        });
      },

      delAllViews() {
        set({ visitedViews: get().visitedViews.filter((v) => v.meta.affix), cachedViews: [] });
      },

      updateVisitedView(view) {
        set({
          visitedViews: get().visitedViews.map((v) =>
            v.path === view.path ? { ...v, ...withTitle(view) } : v,
          ),
        });
      },

      reset() {
        set({ visitedViews: [], cachedViews: [] });
      },
    }),
    {
      name: TABS_STORAGE_KEY,
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ visitedViews }) => ({ visitedViews }),
      merge: (stored, current) => ({ ...current, visitedViews: restoreViews(stored) }),
    },
  ),
);
