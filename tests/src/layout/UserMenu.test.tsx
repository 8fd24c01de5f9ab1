import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/api/session.ts');
vi.mock('../../../src/api/routes.ts');
// generateRoutes fetches the manifest beside the route list: answered (with no resources), since
// a query whose function resolves to undefined is an error React Query reports on the console
vi.mock('../../../src/api/manifest.ts', () => ({ manifestRequest: vi.fn(async () => ({ resources: [] })) }));

const api = await import('../../../src/api/session.ts');
const { routesRequest } = await import('../../../src/api/routes.ts');
const { UserMenu } = await import('../../../src/layout/UserMenu.tsx');
const { useSessionStore } = await import('../../../src/stores/session.ts');
const { useLanguageStore } = await import('../../../src/stores/language.ts');
const { userInfo } = await import('../userInfo.ts');

function mount(path = '/sys/users') {
  const router = createMemoryRouter([{ path: '*', element: <UserMenu /> }], { initialEntries: [path] });
  render(
    <App>
      <RouterProvider router={router} />
    </App>,
  );
  return router;
}

async function openRoles() {
  fireEvent.click(screen.getByTestId('user-menu'));
  const title = await screen.findByText('Switch role');
  fireEvent.mouseEnter(title.closest('.ant-dropdown-menu-submenu-title') ?? title);
  fireEvent.click(title);
}

describe('user menu', () => {
  beforeEach(() => {
    act(() => useLanguageStore.getState().setLang('en'));
    useSessionStore.setState({
      name: 'Alice',
      avatar: 'head_3',
      userId: '7',
      token: 'tok',
      roleOptions: [
        { roleKey: 'editor', roleName: 'Editor' },
        { roleKey: 'teacher', roleName: 'Teacher' },
      ],
      activeRole: 'editor',
    });
  });

  it("shows the user's name and avatar, and offers personal centre, change password and log out", async () => {
    mount();
    expect(screen.getByTestId('user-menu').textContent).toContain('Alice');
    expect(screen.getByTestId('user-menu').querySelector('img')?.getAttribute('src')).toContain(
      'avatars/head_3.svg',
    );
    fireEvent.click(screen.getByTestId('user-menu'));
    for (const name of ['Personal centre', 'Change password', 'Log out']) {
      expect(await screen.findByText(name)).toBeTruthy();
    }
  });

  it('lists the roles the user holds, the current one not to be chosen again', async () => {
    mount();
    await openRoles();
    const editor = await screen.findByRole('menuitem', { name: /Editor/ });
    expect(editor.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('menuitem', { name: 'Teacher' }).getAttribute('aria-disabled')).not.toBe('true');
  });

  it('switches to another role and opens the dashboard', async () => {
    vi.mocked(api.switchRoleRequest).mockResolvedValue({ token: 'teacher-token' });
    vi.mocked(api.userInfoRequest).mockResolvedValue(userInfo({ activeRole: 'teacher' }));
    vi.mocked(routesRequest).mockResolvedValue([]);
    const router = mount();
    await openRoles();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Teacher' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.switchRoleRequest).toHaveBeenCalledWith('teacher');
    expect(useSessionStore.getState().token).toBe('teacher-token');
  });
});
