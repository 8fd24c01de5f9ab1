import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/api/routes.ts');
// generateRoutes fetches the manifest beside the route list: answered (with no resources), since
// a query whose function resolves to undefined is an error React Query reports on the console
vi.mock('../../../src/api/manifest.ts', () => ({ manifestRequest: vi.fn(async () => ({ resources: [] })) }));

const { routesRequest } = await import('../../../src/api/routes.ts');
const { manifestRequest } = await import('../../../src/api/manifest.ts');
const { queryClient } = await import('../../../src/app/queryClient.ts');
const { manifestQuery } = await import('../../../src/app/manifest.ts');
const { usePermissionStore } = await import('../../../src/stores/permission.ts');
const { constantRoutes } = await import('../../../src/router/constantRoutes.ts');
const { CATCH_ALL_ROUTE } = await import('../../../src/router/transform.ts');

const store = () => usePermissionStore.getState();

describe('permission store', () => {
  beforeEach(() => store().reset());

  it('starts with the constant routes and the catch-all', () => {
    expect(store().routes).toEqual([...constantRoutes, CATCH_ALL_ROUTE]);
    expect(store().generated).toBe(false);
  });

  it('generates the routes from the server list, with the catch-all last, and returns them', async () => {
    vi.mocked(routesRequest).mockResolvedValue([
      {
        path: '/sys',
        component: 'Layout',
        redirect: 'x',
        children: [{ path: 'users', component: 'resource/users' }],
      },
    ]);
    const added = await store().generateRoutes();
    expect(added.map((r) => r.path)).toEqual(['/sys', '*']);
    expect(store().routes.at(-1)?.path).toBe('*');
    expect(store().routes.filter((r) => r.path === '*')).toHaveLength(1);
    expect(store().routes.slice(0, constantRoutes.length)).toEqual(constantRoutes);
    expect(store().generated).toBe(true);
  });

  it('asks for the manifest beside the route list, not after it', async () => {
    queryClient.clear();
    let answerRoutes: (routes: never[]) => void = () => {};
    vi.mocked(routesRequest).mockReturnValue(new Promise((resolve) => (answerRoutes = resolve)));
    vi.mocked(manifestRequest).mockResolvedValue({ resources: [] });
    const generating = store().generateRoutes();
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(manifestQuery.queryKey)).toEqual({ resources: [] }),
    );
    expect(store().generated).toBe(false);
    answerRoutes([]);
    await generating;
  });

  it('shows the new table only once prepare has finished with it', async () => {
    vi.mocked(routesRequest).mockResolvedValue([{ path: '/cms', component: 'Layout', children: [] }]);
    let finishPrepare: () => void = () => {};
    const prepare = vi.fn(() => new Promise<void>((resolve) => (finishPrepare = resolve)));
    const generating = store().generateRoutes(prepare);
    await vi.waitFor(() => expect(prepare).toHaveBeenCalledTimes(1));
    const handed = prepare.mock.calls[0] as unknown as [Array<{ path: string }>];
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
    vi.mocked(routesRequest).mockResolvedValue([]);
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
