import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { TagsView } from '../../../src/layout/TagsView.tsx';
import type { AppRoute } from '../../../src/router/types.ts';
import { useLanguageStore } from '../../../src/stores/language.ts';
import { usePermissionStore } from '../../../src/stores/permission.ts';
import { useTabsStore } from '../../../src/stores/tabs.ts';

const page = (path: string, name: string, title: string, meta: AppRoute['meta'] = {}): AppRoute => ({
  path,
  name,
  component: `views${path}`,
  meta: { title, ...meta },
});

const routes: AppRoute[] = [
  {
    path: '/',
    component: 'Layout',
    children: [
      page('/dashboard', 'Dashboard', 'my home', { affix: true }),
      page('/sys/users', 'users', 'Users'),
      page('/sys/roles', 'roles', 'Roles'),
      page('/sys/menus', 'menus', 'Menus'),
    ],
  },
];

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <TagsView /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

const go = (router: ReturnType<typeof renderAt>, path: string) => act(() => router.navigate(path));
const tabs = () => screen.getAllByTestId('tags-view-item');
const tabTexts = () => tabs().map((tab) => tab.textContent);
const tab = (text: string) => tabs().find((t) => t.textContent === text)!;

describe('TagsView (spec §2, §4 tab strip)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    useTabsStore.getState().reset();
    usePermissionStore.setState({ routes });
    act(() => useLanguageStore.getState().setLang('en'));
  });

  it('keeps the affixed dashboard first and adds a tab per page shown, the current one marked', async () => {
    const router = renderAt('/sys/users');
    await go(router, '/sys/roles?page=2');
    expect(tabTexts()).toEqual(['my home', 'Users', 'Roles']);
    expect(tab('Roles').getAttribute('aria-current')).toBe('page');
    expect(tab('Users').getAttribute('aria-current')).toBeNull();
    expect(tab('Roles').getAttribute('href')).toBe('/sys/roles?page=2');
  });

  it('gives affixed tabs no close button', () => {
    renderAt('/sys/users');
    expect(within(tab('my home')).queryByRole('button')).toBeNull();
    expect(within(tab('Users')).getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('moves to the last remaining tab when the active tab is closed', async () => {
    const router = renderAt('/sys/users');
    await go(router, '/sys/roles');
    await go(router, '/sys/menus');
    await go(router, '/sys/roles');
    fireEvent.click(within(tab('Roles')).getByRole('button', { name: 'Close' }));
    expect(tabTexts()).toEqual(['my home', 'Users', 'Menus']);
    expect(router.state.location.pathname).toBe('/sys/menus');
  });

  it("moves to '/' when the closed tab was the last one", async () => {
    usePermissionStore.setState({
      routes: [{ path: '/', component: 'Layout', children: [page('/sys/users', 'users', 'Users')] }],
    });
    const router = renderAt('/sys/users');
    fireEvent.click(within(tab('Users')).getByRole('button', { name: 'Close' }));
    expect(screen.queryAllByTestId('tags-view-item')).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/');
  });

  it('opens a context menu 105 px wide with refresh, close, close others and close all', () => {
    renderAt('/sys/users');
    fireEvent.contextMenu(tab('Users'), { clientX: 200, clientY: 40 });
    const menu = screen.getByTestId('tags-view-contextmenu');
    expect(menu.style.width).toBe('105px');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Refresh', 'Close', 'Close others', 'Close all']);
  });

  it('offers no close for an affixed tab in the context menu', () => {
    renderAt('/sys/users');
    fireEvent.contextMenu(tab('my home'));
    const items = within(screen.getByTestId('tags-view-contextmenu')).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Refresh', 'Close others', 'Close all']);
  });

  it('closes the others but keeps affixed tabs, and goes to the kept one', async () => {
    const router = renderAt('/sys/users');
    await go(router, '/sys/roles');
    await go(router, '/sys/menus');
    fireEvent.contextMenu(tab('Roles'));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Close others' }));
    expect(tabTexts()).toEqual(['my home', 'Roles']);
    expect(router.state.location.pathname).toBe('/sys/roles');
    expect(screen.queryByTestId('tags-view-contextmenu')).toBeNull();
  });

  it('closes all but the affixed tabs, empties the cache and goes to the last affixed one', async () => {
    // the page shown next joins the cache afresh: only it may be there afterwards
    const router = renderAt('/sys/users');
    await go(router, '/sys/roles');
    fireEvent.contextMenu(tab('Users'));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Close all' }));
    expect(tabTexts()).toEqual(['my home']);
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(useTabsStore.getState().cachedViews).toEqual(['Dashboard']);
  });

  it('refreshes a tab through /redirect, dropping its view from the cache', async () => {
    const router = renderAt('/sys/users?page=3');
    expect(useTabsStore.getState().cachedViews).toContain('users');
    fireEvent.contextMenu(tab('Users'));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Refresh' }));
    expect(router.state.location.pathname).toBe('/redirect/sys/users');
    expect(router.state.location.search).toBe('?page=3');
    expect(useTabsStore.getState().cachedViews).not.toContain('users');
  });

  it('puts the context menu away on Escape or a click elsewhere', () => {
    renderAt('/sys/users');
    fireEvent.contextMenu(tab('Users'));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByTestId('tags-view-contextmenu')).toBeNull();
    fireEvent.contextMenu(tab('Users'));
    fireEvent.click(document.body);
    expect(screen.queryByTestId('tags-view-contextmenu')).toBeNull();
  });
});
