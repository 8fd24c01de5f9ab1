// The route table (plain data) → react-router's route objects. Every page under a 'Layout'
// route becomes a child of one shell route, so moving between menu groups keeps the shell
// mounted; the catch-all stays last.

import { Navigate, type RouteObject } from 'react-router-dom';
import { NOT_FOUND_PATH } from '../config.ts';
import { CatchAll } from './CatchAll.tsx';
import { RequireAuth } from './RequireAuth.tsx';
import { isPage, pagesOf } from './trail.ts';
import type { AppRoute } from './types.ts';
import { ShellLayout, viewElement } from './views.tsx';

function pageObject(route: AppRoute, guarded: boolean): RouteObject {
  const element = viewElement(route);
  return { path: route.path, element: guarded ? <RequireAuth>{element}</RequireAuth> : element };
}

export function toRouteObjects(routes: readonly AppRoute[]): RouteObject[] {
  const outside: RouteObject[] = [];
  const inShell: RouteObject[] = [];
  const last: RouteObject[] = [];

  for (const route of routes) {
    if (route.path === '*') {
      last.push({ path: '*', element: <CatchAll to={route.redirect ?? NOT_FOUND_PATH} /> });
    } else if (route.redirect) {
      outside.push({ path: route.path, element: <Navigate to={route.redirect} replace /> });
    }
    if (route.component === 'Layout') {
      inShell.push(...pagesOf(route.children ?? []).map((page) => pageObject(page, false)));
    } else if (isPage(route)) {
      outside.push(pageObject(route, !route.public));
    } else if (route.children) {
      outside.push(...pagesOf(route.children).map((page) => pageObject(page, true)));
    }
  }

  const shell: RouteObject = {
    element: (
      <RequireAuth>
        <ShellLayout />
      </RequireAuth>
    ),
    children: inShell,
  };
  return [...outside, shell, ...last];
}
