import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../runtime/client/apiError.ts';
import { userInfo } from '../userInfo.ts';

// every call of the module becomes a vi.fn() the tests answer
vi.mock('../../../src/api/session.ts');
vi.mock('../../../src/api/routes.ts');
// generateRoutes fetches the manifest beside the route list: answered (with no resources), since
// a query whose function resolves to undefined is an error React Query reports on the console
vi.mock('../../../src/api/manifest.ts', () => ({ manifestRequest: vi.fn(async () => ({ resources: [] })) }));

const api = await import('../../../src/api/session.ts');
const { routesRequest } = await import('../../../src/api/routes.ts');
const { default: LoginPage } = await import('../../../src/views/login/index.tsx');
const { useSessionStore } = await import('../../../src/stores/session.ts');
const { usePermissionStore } = await import('../../../src/stores/permission.ts');

const info = userInfo();

function renderLogin(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '*', element: <p>arrived at page</p> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function fill(userName: string, password: string) {
  fireEvent.change(screen.getByPlaceholderText('用户名'), { target: { value: userName } });
  fireEvent.change(screen.getByPlaceholderText('密码'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
}

describe('login page', () => {
  beforeEach(() => {
    vi.mocked(api.loginRequest).mockReset();
    vi.mocked(api.userInfoRequest).mockReset().mockResolvedValue(info);
    vi.mocked(routesRequest).mockReset().mockResolvedValue([]);
    sessionStorage.clear();
    useSessionStore.getState().resetToken();
  });

  it('sends the user name trimmed, then fetches the profile and routes and goes to the redirect', async () => {
    vi.mocked(api.loginRequest).mockResolvedValue({ token: 't', userId: 1, firstlogin: false });
    const router = renderLogin('/login?redirect=%2Fsys%2Fusers%3Fpage%3D2');
    fill('  admin  ', 'pass word');

    await waitFor(() => expect(router.state.location.pathname).toBe('/sys/users'));
    expect(router.state.location.search).toBe('?page=2');
    expect(api.loginRequest).toHaveBeenCalledWith({ userName: 'admin', password: 'pass word' });
    expect(api.userInfoRequest).toHaveBeenCalledWith('1');
    expect(routesRequest).toHaveBeenCalledTimes(1);
    expect(usePermissionStore.getState().generated).toBe(true);
  });

  it('goes to the dashboard when no redirect is given', async () => {
    vi.mocked(api.loginRequest).mockResolvedValue({ token: 't', userId: 1, firstlogin: false });
    const router = renderLogin('/login');
    fill('admin', 'pw');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('refuses a redirect to another site', async () => {
    vi.mocked(api.loginRequest).mockResolvedValue({ token: 't', userId: 1, firstlogin: false });
    const router = renderLogin('/login?redirect=%2F%2Fevil.example%2F');
    fill('admin', 'pw');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('shows the server message when sign-in fails, and stays', async () => {
    vi.mocked(api.loginRequest).mockRejectedValue(
      new ApiError({ status: 401, message: 'incorrect user name or password' }),
    );
    const router = renderLogin('/login');
    fill('admin', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toContain('incorrect user name or password');
    expect(router.state.location.pathname).toBe('/login');
    expect(api.userInfoRequest).not.toHaveBeenCalled();
  });

  it('does not keep half a session when the profile cannot be fetched', async () => {
    vi.mocked(api.loginRequest).mockResolvedValue({ token: 't', userId: 1, firstlogin: false });
    vi.mocked(api.userInfoRequest).mockRejectedValue(
      new ApiError({ status: 500, message: 'internal server error' }),
    );
    renderLogin('/login');
    fill('admin', 'pw');
    expect((await screen.findByRole('alert')).textContent).toContain('internal server error');
    expect(useSessionStore.getState().token).toBe('');
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('asks for both fields before calling the server, a blank user name counting as none', async () => {
    renderLogin('/login');
    fill('   ', '');
    await screen.findByText('请输入用户名');
    await screen.findByText('请输入密码');
    expect(api.loginRequest).not.toHaveBeenCalled();
  });
});
