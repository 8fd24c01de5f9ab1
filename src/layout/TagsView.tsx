// The tab strip (spec §2, §4): one tab per visited page, the affixed ones always there, and a
// context menu to refresh or close tabs.

import { CloseOutlined } from '@ant-design/icons';
import { type MouseEvent, useCallback, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { REDIRECT_PATH } from '../config.ts';
import { routeTitle, useT } from '../i18n/useT.ts';
import { pagesOf } from '../router/trail.ts';
import { useLanguageStore } from '../stores/language.ts';
import { usePermissionStore } from '../stores/permission.ts';
import { lastViewPath, type TabView, useTabsStore } from '../stores/tabs.ts';
import { TagsContextMenu } from './TagsContextMenu.tsx';
import { tabViewOf } from './tabView.ts';
import { useRouteTrail } from './useRouteTrail.ts';

interface MenuState {
  view: TabView;
  left: number;
  top: number;
}

export function TagsView() {
  const routes = usePermissionStore((s) => s.routes);
  const visitedViews = useTabsStore((s) => s.visitedViews);
  const lang = useLanguageStore((s) => s.lang);
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const page = useRouteTrail().at(-1);
  const [menu, setMenu] = useState<MenuState | null>(null);

  // Affixed pages (the dashboard) have a tab from the start, and again after a role switch.
  useEffect(() => {
    const { addVisitedView } = useTabsStore.getState();
    for (const route of pagesOf(routes)) {
      if (route.meta?.affix) addVisitedView(tabViewOf(route, { pathname: route.path, search: '' }));
    }
  }, [routes]);

  // The page being shown gets its tab; pages without a name or title (the redirect) do not.
  useEffect(() => {
    if (!page || !(page.name || page.meta?.title)) return;
    const view = tabViewOf(page, location);
    const { visitedViews: visited, addView, updateVisitedView } = useTabsStore.getState();
    const present = visited.find((v) => v.path === view.path);
    // addView also puts a refreshed view back in the cache; a new query updates the tab in place
    addView(view);
    if (present && present.fullPath !== view.fullPath) updateVisitedView(view);
  }, [page, location]);

  const isActive = (view: TabView) => view.path === location.pathname;

  function close(view: TabView) {
    useTabsStore.getState().delView(view);
    if (isActive(view)) navigate(lastViewPath(useTabsStore.getState().visitedViews));
  }

  function closeOthers(view: TabView) {
    navigate(view.fullPath);
    useTabsStore.getState().delOthersViews(view);
  }

  function closeAll() {
    useTabsStore.getState().delAllViews();
    const remaining = useTabsStore.getState().visitedViews;
    if (!remaining.some(isActive)) navigate(lastViewPath(remaining));
  }

  function refresh(view: TabView) {
    // dropping it from the cache makes the round trip through /redirect mount it afresh
    useTabsStore.getState().delCachedView(view);
    navigate(`${REDIRECT_PATH}${view.fullPath}`, { replace: true });
  }

  function openMenu(event: MouseEvent, view: TabView) {
    event.preventDefault();
    setMenu({ view, left: event.clientX + 15, top: event.clientY });
  }

  const dismiss = useCallback(() => setMenu(null), []);

  return (
    <div className="tags-view-container" data-testid="tags-view">
      <div className="tags-view-wrapper">
        {visitedViews.map((view) => {
          const active = isActive(view);
          return (
            <Link
              key={view.path}
              to={view.fullPath}
              className={active ? 'tags-view-item active' : 'tags-view-item'}
              data-testid="tags-view-item"
              aria-current={active ? 'page' : undefined}
              onContextMenu={(event) => openMenu(event, view)}
              onAuxClick={(event) => {
                // middle click closes, as in a browser's own tab strip
                if (event.button === 1 && !view.meta.affix) {
                  event.preventDefault();
                  close(view);
                }
              }}
            >
              {routeTitle(view.meta, lang) || view.title}
              {!view.meta.affix && (
                <span
                  className="tags-view-close"
                  role="button"
                  tabIndex={-1}
                  aria-label={t('close')}
                  onClick={(event) => {
                    event.preventDefault();
                    event.stopPropagation();
                    close(view);
                  }}
                >
                  <CloseOutlined aria-hidden />
                </span>
              )}
            </Link>
          );
        })}
      </div>
      {menu && (
        <TagsContextMenu
          view={menu.view}
          left={menu.left}
          top={menu.top}
          onRefresh={refresh}
          onClose={close}
          onCloseOthers={closeOthers}
          onCloseAll={closeAll}
          onDismiss={dismiss}
        />
      )}
    </div>
  );
}
