import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  lastViewPath,
  NO_NAME,
  restoreViews,
  TABS_STORAGE_KEY,
  type TabViewInput,
  useTabsStore,
} from '../../../src/stores/tabs.ts';

function view(path: string, name: string, meta: TabViewInput['meta'] = { title: name }): TabViewInput {
  return { path, fullPath: path, name, meta, query: {} };
}

const dashboard = view('/dashboard', 'Dashboard', { title: 'my home', affix: true });
const users = view('/sys/users', 'users');
const roles = view('/sys/roles', 'roles');
const menus = view('/sys/menus', 'menus', { title: 'menus', noCache: true });

const store = () => useTabsStore.getState();
const paths = () => store().visitedViews.map((v) => v.path);

describe('tabs store', () => {
  beforeEach(() => store().reset());

  it('adds a view to the visited and cached lists, with its title', () => {
    store().addView(users);
    expect(store().visitedViews).toEqual([{ ...users, title: 'users' }]);
    expect(store().cachedViews).toEqual(['users']);
  });

  it('skips a path already present', () => {
    store().addView(users);
    store().addView({ ...users, fullPath: '/sys/users?page=2', name: 'other' });
    expect(paths()).toEqual(['/sys/users']);
    expect(store().visitedViews[0].fullPath).toBe('/sys/users');
  });

  it("skips routes named 'apply' and 'addworkflow'", () => {
    store().addVisitedView(view('/flow/apply', 'apply'));
    store().addVisitedView(view('/flow/add', 'addworkflow'));
    expect(store().visitedViews).toEqual([]);
  });

  it("titles a view without a meta title 'no-name'", () => {
    store().addVisitedView(view('/x', 'x', {}));
    expect(store().visitedViews[0].title).toBe('no-name');
    store().updateVisitedView(view('/x', 'x', { title: '' }));
    expect(store().visitedViews[0].title).toBe(NO_NAME);
  });

  it("restores the tabs of session storage, titling those without a meta title 'no-name'", async () => {
    sessionStorage.setItem(
      TABS_STORAGE_KEY,
      JSON.stringify({
        state: {
          visitedViews: [
            {
              path: '/sys/users',
              fullPath: '/sys/users?page=2',
              name: 'users',
              meta: { title: 'users' },
              title: 'users',
              query: { page: '2' },
            },
            // written without a title, a meta title or a meta at all
            { path: '/x', fullPath: '/x', name: 'x', meta: {}, query: {} },
            { path: '/y', fullPath: '/y', name: 'y', meta: { title: '' }, title: '' },
            { path: '/z' },
            // no path: no tab can lead anywhere from it
            { name: 'lost', meta: { title: 'lost' } },
          ],
        },
        version: 0,
      }),
    );
    await useTabsStore.persist.rehydrate();
    expect(store().visitedViews.map((v) => [v.fullPath, v.title])).toEqual([
      ['/sys/users?page=2', 'users'],
      ['/x', 'no-name'],
      ['/y', 'no-name'],
      ['/z', 'no-name'],
    ]);
    expect(store().visitedViews[3]).toEqual({
      path: '/z',
      fullPath: '/z',
      name: '/z',
      meta: {},
      query: {},
      title: 'no-name',
    });
    sessionStorage.clear();
  });

  it('restores nothing from storage that holds no tab list', () => {
    expect(restoreViews(undefined)).toEqual([]);
    expect(restoreViews({ visitedViews: 'nope' })).toEqual([]);
    expect(restoreViews({ visitedViews: [null, 3, { path: 7 }] })).toEqual([]);
  });

  it('does not cache a noCache view, nor the same name twice', () => {
    store().addView(menus);
    store().addCachedView(users);
    store().addCachedView(users);
    expect(paths()).toEqual(['/sys/menus']);
    expect(store().cachedViews).toEqual(['users']);
  });

  it('closes one view from both lists', () => {
    store().addView(users);
    store().addView(roles);
    store().delView({ ...users, title: 'users' });
    expect(paths()).toEqual(['/sys/roles']);
    expect(store().cachedViews).toEqual(['roles']);
  });

  it('closes others but keeps affixed tabs', () => {
    for (const v of [dashboard, users, roles, menus]) store().addView(v);
    store().delOthersViews({ ...roles, title: 'roles' });
    expect(paths()).toEqual(['/dashboard', '/sys/roles']);
    expect(store().cachedViews).toEqual(['roles']);
  });

  it('closes all but the affixed tabs and empties the cache', () => {
    for (const v of [dashboard, users, roles]) store().addView(v);
    store().delAllViews();
    expect(paths()).toEqual(['/dashboard']);
    expect(store().cachedViews).toEqual([]);
  });

  it('updates a visited view in place by path', () => {
    store().addView(users);
    store().addView(roles);
    store().updateVisitedView({ ...users, fullPath: '/sys/users?page=3', query: { page: '3' } });
    expect(store().visitedViews[0]).toMatchObject({ path: '/sys/users', fullPath: '/sys/users?page=3' });
    expect(paths()).toEqual(['/sys/users', '/sys/roles']);
  });

  it('drops a view from the cache alone for a refresh', () => {
    store().addView(users);
    store().delCachedView(users);
    expect(paths()).toEqual(['/sys/users']);
    expect(store().cachedViews).toEqual([]);
  });
});

describe('lastViewPath', () => {
  beforeEach(() => store().reset());

  it('moves to the last remaining tab, with its query', () => {
    store().addView(users);
    store().addView({ ...roles, fullPath: '/sys/roles?page=2' });
    expect(lastViewPath(store().visitedViews)).toBe('/sys/roles?page=2');
  });

  it("moves to '/' when no tab remains", () => {
    expect(lastViewPath([])).toBe('/');
  });
});

describe('tabs after a browser reload', () => {
  it('come back from session storage, the cached list starting empty', async () => {
    store().reset();
    store().addView(dashboard);
    store().addView(users);
    vi.resetModules();
    const fresh = (await import('../../../src/stores/tabs.ts')).useTabsStore.getState();
    expect(fresh.visitedViews.map((v) => v.path)).toEqual(['/dashboard', '/sys/users']);
    expect(fresh.visitedViews[1]).toMatchObject({ title: 'users', fullPath: '/sys/users' });
    expect(fresh.cachedViews).toEqual([]);
    store().reset();
  });
});
