// The side menu built from the route table (spec §2 "Page frame"): hidden routes left out, a
// parent with a single visible child collapses to that child unless marked alwaysShow, and
// external links open in a new tab.

import type { MenuProps } from 'antd';
import type { Lang } from '../../runtime/schema/types.ts';
import { routeTitle } from '../i18n/useT.ts';
import { isExternal } from '../router/paths.ts';
import { isPage } from '../router/trail.ts';
import type { AppRoute } from '../router/types.ts';
import { hasMenuIcon, MenuIcon } from './MenuIcon.tsx';

export type SidebarItem = Required<MenuProps>['items'][number];

// no icon rather than an empty one: antd then shows a folded item's first letter
function menuIcon(name: string | undefined) {
  return hasMenuIcon(name) ? <MenuIcon name={name} /> : undefined;
}

function leaf(route: AppRoute, lang: Lang, fallback?: AppRoute): SidebarItem {
  const meta = route.meta?.title ? route.meta : fallback?.meta;
  const title = routeTitle(meta, lang) || route.path;
  const label = isExternal(route.path) ? (
    <a href={route.path} target="_blank" rel="noopener noreferrer">
      {title}
    </a>
  ) : (
    title
  );
  return { key: route.path, icon: menuIcon(meta?.icon), label, title };
}

export function sidebarItems(routes: readonly AppRoute[], lang: Lang): SidebarItem[] {
  const items: SidebarItem[] = [];
  for (const route of routes) {
    if (route.hidden) continue;
    const visible = (route.children ?? []).filter((child) => !child.hidden);
    if (visible.length === 0) {
      // a group whose children are all hidden has nowhere to lead
      if (isPage(route) || isExternal(route.path)) items.push(leaf(route, lang));
      continue;
    }
    const [only] = visible;
    if (visible.length === 1 && !route.alwaysShow && !only.children?.some((c) => !c.hidden)) {
      items.push(leaf(only, lang, route));
      continue;
    }
    items.push({
      key: route.path,
      icon: menuIcon(route.meta?.icon),
      label: routeTitle(route.meta, lang) || route.path,
      children: sidebarItems(visible, lang),
    });
  }
  return items;
}
