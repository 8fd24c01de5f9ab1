import { beforeEach, describe, expect, it, vi } from 'vitest';
import { lastViewPath, type TabViewInput, useTabsStore } from '../../../src/stores/tabs.ts';

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
