// Spec §2: breadcrumbs come from route titles, always start with the dashboard unless it is
// already first, and the last one is not clickable.

import type { Lang } from '../../runtime/schema/types.ts';
import { HOME_PATH } from '../config.ts';
import { routeTitle } from '../i18n/useT.ts';
import { isPage } from '../router/trail.ts';
import type { AppRoute } from '../router/types.ts';

export interface Crumb {
  key: string;
  title: string;
  /** where a click leads; absent for the last crumb and for groups that have no page */
  to?: string;
}

export function buildBreadcrumbs(trail: readonly AppRoute[], lang: Lang, homeTitle: string): Crumb[] {
  const titled = trail.filter((route) => routeTitle(route.meta, lang) && route.meta?.breadcrumb !== false);
  const all: Crumb[] = titled.map((route) => ({
    key: route.path,
    title: route.path === HOME_PATH ? homeTitle : routeTitle(route.meta, lang),
    to: isPage(route) ? route.path : undefined,
  }));
  // A group named as the page it holds (内容管理 / 内容管理) would say the same thing twice: the
  // page stands for both.
  const crumbs = all.filter((crumb, i) => crumb.to !== undefined || crumb.title !== all[i + 1]?.title);
  if (crumbs[0]?.key !== HOME_PATH) crumbs.unshift({ key: HOME_PATH, title: homeTitle, to: HOME_PATH });
  const last = crumbs.at(-1);
  if (last) last.to = undefined;
  return crumbs;
}
