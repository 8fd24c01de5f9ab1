import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { MenuIcon } from '../../../src/layout/MenuIcon.tsx';
import { Sidebar, withGroupsOpen } from '../../../src/layout/Sidebar.tsx';
import type { AppRoute } from '../../../src/router/types.ts';
import { useAppStore } from '../../../src/stores/app.ts';
import { useLanguageStore } from '../../../src/stores/language.ts';
import { usePermissionStore } from '../../../src/stores/permission.ts';
import { DEFAULT_SETTINGS, useSettingsStore } from '../../../src/stores/settings.ts';
import { page } from '../routePage.ts';

const routes: AppRoute[] = [
  {
    path: '/',
    component: 'Layout',
    children: [page('/dashboard', 'Home', { meta: { title: 'Home', icon: 'menu_icon1' } })],
  },
  {
    path: '/sys',
    component: 'Layout',
    meta: { title: 'System', icon: 'setting' },
    children: [page('/sys/users', 'Users'), page('/sys/roles', 'Roles')],
  },
  {
    path: '/cms',
    component: 'Layout',
    meta: { title: 'Content' },
    children: [page('/cms/contents', 'Contents'), page('/cms/detail', 'Detail', { hidden: true })],
  },
  { path: '/secret', component: 'Layout', hidden: true, children: [page('/secret/page', 'Secret')] },
  {
    path: '/links',
    component: 'Layout',
    alwaysShow: true,
    meta: { title: 'Links' },
    children: [
      {
        path: 'https://school.example/manual',
        component: '',
        meta: { title: 'Manual', icon: 'https://school.example/manual.png' },
      },
    ],
  },
];

/**
 * Renders inside an async act: antd's menu records its items' key paths and re-renders in a
 * microtask after they mount (@rc-component/menu useKeyRecords), which must land inside act too.
 * The same holds for anything below that mounts menu items (a group opened, a new route table).
 */
async function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <Sidebar /> }], { initialEntries: [path] });
  await act(async () => {
    render(<RouterProvider router={router} />);
  });
  return router;
}

/** A click whose re-render mounts menu items, their key paths recorded before it returns (above). */
async function clickAndSettle(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element);
  });
}

describe('Sidebar (spec §2 side menu)', () => {
  beforeEach(() => {
    usePermissionStore.setState({ routes });
    useSettingsStore.setState(DEFAULT_SETTINGS);
    useAppStore.setState({ sidebar: { opened: true, withoutAnimation: false } });
    act(() => useLanguageStore.getState().setLang('en'));
  });

  it('shows only routes not marked hidden, a single visible child in place of its parent', async () => {
    await renderAt('/sys/users');
    const sidebar = screen.getByTestId('sidebar');
    expect(within(sidebar).getByText('Home')).toBeTruthy();
    expect(within(sidebar).getByText('System')).toBeTruthy();
    // Content has one visible child: Contents stands in its place
    expect(within(sidebar).getByText('Contents')).toBeTruthy();
    expect(within(sidebar).queryByText('Content')).toBeNull();
    expect(within(sidebar).queryByText('Detail')).toBeNull();
    expect(within(sidebar).queryByText('Secret')).toBeNull();
    // alwaysShow keeps a single child under its parent
    expect(within(sidebar).getByText('Links')).toBeTruthy();
  });

  it('names each entry by its title alone: its icon is drawn, not read', async () => {
    await renderAt('/dashboard');
    const sidebar = screen.getByTestId('sidebar');
    // both have an icon (menu_icon1, setting); the exact names leave the icons' own names out
    expect(within(sidebar).getByRole('menuitem', { name: 'Home' })).toBeTruthy();
    expect(within(sidebar).getByRole('menuitem', { name: 'System' })).toBeTruthy();
    expect(within(sidebar).queryAllByRole('img')).toEqual([]);
  });

  it('opens the group of the page shown and marks the page selected', async () => {
    await renderAt('/sys/roles');
    const selected = screen.getByTestId('sidebar').querySelector('.ant-menu-item-selected');
    expect(selected?.textContent).toBe('Roles');
  });

  it('shows the group of the first page open from the start, not sliding open', async () => {
    await renderAt('/sys/roles');
    const sidebar = screen.getByTestId('sidebar');
    expect(within(sidebar).getByText('Users')).toBeTruthy();
    // a group opened after the first render plays antd's collapse motion
    expect(sidebar.querySelector('[class*="ant-motion-collapse"]')).toBeNull();
  });

  it('navigates to a page when its item is clicked', async () => {
    const router = await renderAt('/sys/users');
    await clickAndSettle(screen.getByText('Roles'));
    expect(router.state.location.pathname).toBe('/sys/roles');
  });

  it('opens an external link in a new tab, with its URL icon as an image', async () => {
    await renderAt('/sys/users');
    await clickAndSettle(screen.getByText('Links'));
    const link = screen.getByText('Manual').closest('a');
    expect(link?.getAttribute('href')).toBe('https://school.example/manual');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toContain('noopener');
    const icon = screen.getByTestId('sidebar').querySelector('.menu-icon-img');
    expect(icon?.querySelector('img')?.getAttribute('src')).toBe('https://school.example/manual.png');
    // in the box antd gives its own icons, so it lines up with them and keeps its gap to the label
    expect(icon?.classList.contains('ant-menu-item-icon')).toBe(true);
  });

  it('gives an icon name it does not know no icon at all, so a folded item shows its initial', async () => {
    usePermissionStore.setState({
      routes: [page('/odd', 'Odd', { meta: { title: 'Odd', icon: 'no-such-icon' } })],
    });
    useAppStore.setState({ sidebar: { opened: false, withoutAnimation: false } });
    await renderAt('/odd');
    const item = screen.getByTestId('sidebar').querySelector('.ant-menu-item');
    expect(item?.querySelector('.ant-menu-item-icon')).toBeNull();
    expect(item?.querySelector('.ant-menu-inline-collapsed-noicon')?.textContent).toBe('O');
  });

  it('opens, after a new route table (a role switch), only the groups above the page shown', async () => {
    await renderAt('/sys/users');
    await clickAndSettle(screen.getByText('Links'));
    const open = () =>
      [
        ...screen.getByTestId('sidebar').querySelectorAll('.ant-menu-submenu-open > .ant-menu-submenu-title'),
      ].map((title) => title.textContent);
    expect(open()).toEqual(['System', 'Links']);
    // the new role's table: the same groups, rebuilt
    await act(async () => usePermissionStore.setState({ routes: structuredClone(routes) }));
    expect(open()).toEqual(['System']);
  });

  it("closes a folded group's pop-up when the route table changes under it", async () => {
    useAppStore.setState({ sidebar: { opened: false, withoutAnimation: true } });
    await renderAt('/dashboard');
    const shownPopups = () =>
      [...document.querySelectorAll('.ant-menu-submenu-popup')].filter(
        (popup) =>
          !popup.classList.contains('ant-menu-submenu-hidden') &&
          !popup.classList.contains('ant-zoom-big-leave'),
      );
    const system = [...screen.getByTestId('sidebar').querySelectorAll('.ant-menu-submenu-title')].find(
      (title) => title.textContent === 'System',
    ) as HTMLElement;
    fireEvent.mouseEnter(system);
    await waitFor(() => expect(shownPopups().map((popup) => popup.textContent)).toEqual(['UsersRoles']));
    await act(async () => usePermissionStore.setState({ routes: structuredClone(routes) }));
    // closed: hidden, or on its way out (jsdom ends no CSS animation)
    await waitFor(() => expect(shownPopups()).toEqual([]));
  });

  it('paints its background in the menu colour of the settings', async () => {
    useSettingsStore.setState({ menuBg: '#001529' });
    await renderAt('/sys/users');
    expect(screen.getByTestId('sidebar').style.background).toBe('rgb(0, 21, 41)');
  });

  it('shows the sidebar logo only when the settings ask for it', async () => {
    await renderAt('/sys/users');
    expect(screen.getByTestId('sidebar').querySelector('.sidebar-logo')).toBeNull();
    await act(async () => useSettingsStore.getState().changeSetting('sidebarLogo', true));
    expect(screen.getByRole('link', { name: 'School CMS' })).toBeTruthy();
  });
});

describe('withGroupsOpen', () => {
  it('adds the groups not open yet, and keeps the same list when they all are', () => {
    const open = ['/sys', '/cms'];
    expect(withGroupsOpen(open, ['/cms'])).toBe(open);
    expect(withGroupsOpen(open, [])).toBe(open);
    expect(withGroupsOpen(open, ['/cms', '/links'])).toEqual(['/sys', '/cms', '/links']);
  });
});

describe('MenuIcon', () => {
  it('shows an icon name that is a URL as an image, a known name as its icon, an unknown one as nothing', () => {
    const { container: url } = render(<MenuIcon name="http://school.example/i.svg" />);
    expect(url.querySelector('img')?.getAttribute('src')).toBe('http://school.example/i.svg');
    const { container: known } = render(<MenuIcon name="user" />);
    expect(known.querySelector('.anticon-user')).not.toBeNull();
    const { container: unknown } = render(<MenuIcon name="no-such-icon" />);
    expect(unknown.innerHTML).toBe('');
  });
});
