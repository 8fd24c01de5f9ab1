// The permission store against the real API on PGlite (realApi.ts): the route list is the one
// the server builds from the menus a signed-in user's roles grant.
import { waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { constantRoutes } from '../../../src/router/constantRoutes.ts';
import { CATCH_ALL_ROUTE } from '../../../src/router/transform.ts';
import type { AppRoute } from '../../../src/router/types.ts';
import { usePermissionStore } from '../../../src/stores/permission.ts';
import { useSessionStore } from '../../../src/stores/session.ts';
import { createRole } from '../../server/roleFixtures.ts';
import { type RealApi, startRealApi } from '../realApi.ts';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterAll(async () => {
  await api?.close();
});

const store = () => usePermissionStore.getState();

/** Signs in a new user whose one role grants the menu entries carrying `codes`. */
async function signIn(userName: string, codes: string[]) {
  await createRole(api.server, `${userName}_role`, codes);
  const { password } = await api.user(userName, [`${userName}_role`]);
  await useSessionStore.getState().login({ userName, password });
}

describe('permission store', () => {
  beforeEach(() => {
    sessionStorage.clear();
    useSessionStore.getState().resetToken();
    store().reset();
    api.received.length = 0;
  });

  it('starts with the constant routes and the catch-all', () => {
    expect(store().routes).toEqual([...constantRoutes, CATCH_ALL_ROUTE]);
    expect(store().generated).toBe(false);
  });

  it('generates the routes from the server list, with the catch-all last, and returns them', async () => {
    await signIn('perm_users', ['sys:users:list']);
    const added = await store().generateRoutes();
    expect(added.map((r) => r.path)).toEqual(['/sys', '*']);
    expect(added[0].children?.map((r) => r.path)).toEqual(['/sys/users']);
    expect(store().routes.at(-1)?.path).toBe('*');
    expect(store().routes.filter((r) => r.path === '*')).toHaveLength(1);
    expect(store().routes.slice(0, constantRoutes.length)).toEqual(constantRoutes);
    expect(store().generated).toBe(true);
  });

  it('shows the new table only once prepare has finished with it', async () => {
    await signIn('perm_prepare', ['cms:contents:list']);
    let finishPrepare: () => void = () => {};
    const handed: Array<readonly AppRoute[]> = [];
    const generating = store().generateRoutes((routes) => {
      handed.push(routes);
      return new Promise<void>((resolve) => {
        finishPrepare = resolve;
      });
    });
    await waitFor(() => expect(handed).toHaveLength(1));
    expect(handed[0].map((route) => route.path)).toContain('/cms');
    expect(handed[0].at(-1)?.path).toBe('*');
    // the page's code is still on its way: the guard keeps showing the loading page
    expect(store().generated).toBe(false);
    expect(store().routes.map((route) => route.path)).not.toContain('/cms');
    finishPrepare();
    await generating;
    expect(store().generated).toBe(true);
    expect(store().routes.map((route) => route.path)).toContain('/cms');
  });

  it("grants a code the user holds, and everything to '*'", () => {
    store().setPermissions(['sys:users:list']);
    expect(store().can('sys:users:list')).toBe(true);
    expect(store().can('sys:users:delete')).toBe(false);
    store().setPermissions(['*']);
    expect(store().can('sys:users:delete')).toBe(true);
  });

  it('forgets routes and permissions on reset', async () => {
    await signIn('perm_reset', ['sys:users:list']);
    await store().generateRoutes();
    store().setPermissions(['*']);
    store().reset();
    expect(store()).toMatchObject({
      routes: [...constantRoutes, CATCH_ALL_ROUTE],
      dynamicRoutes: [],
      generated: false,
      permissions: [],
    });
  });
});
