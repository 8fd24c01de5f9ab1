// A reload with a session will show the shell and the page in the address once the profile and
// the route table are back; fetching their code (and the home page's figures) meanwhile takes a
// round trip off the first render.

import { dashboardQuery } from '../api/dashboard.ts';
import { queryClient } from '../app/queryClient.ts';
import { HOME_PATH } from '../config.ts';
import { loadChineseLocale } from '../i18n/useAntdLocale.ts';
import { useLanguageStore } from '../stores/language.ts';
import { useSessionStore } from '../stores/session.ts';
import { findRouteTrail } from './trail.ts';
import type { AppRoute } from './types.ts';
import { preloadView } from './views.tsx';

export function preloadSignedInPage(routes: readonly AppRoute[], pathname: string): void {
  void import('../layout/Layout.tsx');
  if (useLanguageStore.getState().lang === 'zh') void loadChineseLocale();
  const page = findRouteTrail(routes, pathname).at(-1);
  if (page) preloadView(page.component);
  // the home page's figures need no route table: ask for them beside it (they are its largest paint)
  // (not for a user held on the password page, to whom the server refuses them)
  if (pathname === HOME_PATH && !useSessionStore.getState().firstlogin)
    void queryClient.prefetchQuery(dashboardQuery);
}
