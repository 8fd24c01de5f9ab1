// What the signed-in user may see and do: the route table built from the server's route list
// (spec §4 "Route store") and the permission codes from the user info.

import { create } from 'zustand';
import { routesRequest } from '../api/routes.ts';
import { constantRoutes } from '../router/constantRoutes.ts';
import { pagesOf } from '../router/trail.ts';
import { buildDynamicRoutes, CATCH_ALL_ROUTE } from '../router/transform.ts';
import type { AppRoute } from '../router/types.ts';

export interface PermissionState {
  /** the whole table: constant routes, then the dynamic ones, then the catch-all */
  routes: AppRoute[];
  /** what generateRoutes added */
  dynamicRoutes: AppRoute[];
  /** true once the server's routes are in the table (false again after a reset) */
  generated: boolean;
  permissions: string[];
  /** `prepare` runs with the new table before it is shown (what the first page needs to draw at once) */
  generateRoutes(prepare?: (routes: readonly AppRoute[]) => Promise<void>): Promise<AppRoute[]>;
  setPermissions(codes: string[]): void;
  can(code: string): boolean;
  /** back to the constant routes only: the router is rebuilt from this on logout */
  reset(): void;
}

/** '*' grants everything; otherwise the exact code must be held. */
export function hasPermission(permissions: readonly string[], code: string): boolean {
  return permissions.includes('*') || permissions.includes(code);
}

const constantPaths = new Set(pagesOf(constantRoutes).map((route) => route.path));

// Before sign-in (and after sign-out) the table still ends with the catch-all, which sends a
// visitor to sign in rather than to a blank page.
const signedOutRoutes = [...constantRoutes, CATCH_ALL_ROUTE];

export const usePermissionStore = create<PermissionState>()((set, get) => ({
  routes: signedOutRoutes,
  dynamicRoutes: [],
  generated: false,
  permissions: [],

  async generateRoutes(prepare) {
    const dynamicRoutes = buildDynamicRoutes(await routesRequest(), constantPaths);
    const routes = [...constantRoutes, ...dynamicRoutes];
    await prepare?.(routes);
    set({ dynamicRoutes, routes, generated: true });
    return dynamicRoutes;
  },

  setPermissions(codes) {
    set({ permissions: codes });
  },

  can(code) {
    return hasPermission(get().permissions, code);
  },

  reset() {
    set({ routes: signedOutRoutes, dynamicRoutes: [], generated: false, permissions: [] });
  },
}));
