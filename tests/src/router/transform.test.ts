import { describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../../runtime/schema/types.ts';
import {
  buildDynamicRoutes,
  CATCH_ALL_ROUTE,
  transformServerRoutes,
  withoutServedPaths,
} from '../../../src/router/transform.ts';

const serverRoutes: RouteEntry[] = [
  {
    path: '/sys',
    name: 'sys',
    component: 'Layout',
    redirect: 'noRedirect',
    alwaysShow: true,
    meta: { title: '系统管理', icon: 'setting' },
    children: [
      { path: 'users', name: 'users', component: 'resource/users', meta: { title: '用户管理' } },
      {
        path: 'nested',
        name: 'nested',
        component: 'Layout',
        redirect: '/sys/nested/a',
        alwaysShow: false,
        children: [{ path: 'a', name: 'a', component: 'views/a/index', children: [] }],
      },
      { path: 'empty', name: 'empty', component: 'views/empty/index', children: [] },
    ],
  },
  { path: '/cms', name: 'cms', component: 'Layout', children: [] },
];

describe('transformServerRoutes', () => {
  const routes = transformServerRoutes(serverRoutes);

  it('drops redirect and alwaysShow at every level', () => {
    const all = JSON.stringify(routes);
    expect(all).not.toContain('redirect');
    expect(all).not.toContain('alwaysShow');
  });

  it('removes empty children lists, recursively', () => {
    const sys = routes[0];
    const nested = sys.children?.find((r) => r.name === 'nested');
    expect(nested?.children?.[0]).not.toHaveProperty('children');
    expect(sys.children?.find((r) => r.name === 'empty')).not.toHaveProperty('children');
    expect(routes[1]).not.toHaveProperty('children');
  });

  it('keeps what the spec does not drop', () => {
    expect(routes[0]).toMatchObject({
      name: 'sys',
      component: 'Layout',
      meta: { title: '系统管理', icon: 'setting' },
    });
    expect(routes[0].children?.[0]).toMatchObject({
      component: 'resource/users',
      meta: { title: '用户管理' },
    });
  });

  it('resolves child paths against their parents', () => {
    expect(routes[0].children?.map((r) => r.path)).toEqual(['/sys/users', '/sys/nested', '/sys/empty']);
    expect(routes[0].children?.[1].children?.[0].path).toBe('/sys/nested/a');
  });

  it('leaves the server entries as they were', () => {
    expect(serverRoutes[0].redirect).toBe('noRedirect');
    expect(serverRoutes[0].children?.[2].children).toEqual([]);
  });
});

describe('buildDynamicRoutes', () => {
  it('appends the catch-all to /404 after every server route', () => {
    const routes = buildDynamicRoutes(serverRoutes);
    expect(routes).toHaveLength(3);
    expect(routes.at(-1)).toEqual(CATCH_ALL_ROUTE);
    expect(CATCH_ALL_ROUTE).toMatchObject({ path: '*', redirect: '/404', hidden: true });
  });

  it('gives the catch-all even when the server grants nothing', () => {
    expect(buildDynamicRoutes([])).toEqual([CATCH_ALL_ROUTE]);
  });

  it('leaves out pages the app already serves, and groups left empty by that', () => {
    const entries: RouteEntry[] = [
      {
        path: '/',
        component: 'Layout',
        children: [{ path: 'dashboard', name: 'dashboard', component: 'views/dashboard/index' }],
      },
      ...serverRoutes,
    ];
    const routes = buildDynamicRoutes(entries, new Set(['/dashboard']));
    expect(routes.map((r) => r.path)).toEqual(['/sys', '/cms', '*']);
  });
});

describe('withoutServedPaths', () => {
  it('keeps a group while one of its pages is not served elsewhere', () => {
    const routes = transformServerRoutes(serverRoutes);
    const left = withoutServedPaths(routes, new Set(['/sys/users']));
    expect(left[0].children?.map((r) => r.path)).toEqual(['/sys/nested', '/sys/empty']);
  });
});
