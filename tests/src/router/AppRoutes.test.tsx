import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { userInfo } from '../userInfo.ts';

// every call of the module becomes a vi.fn() the tests answer
vi.mock('../../../src/api/session.ts');
vi.mock('../../../src/api/routes.ts');

const api = await import('../../../src/api/session.ts');
const { routesRequest } = await import('../../../src/api/routes.ts');
const { AppRoutes } = await import('../../../src/router/AppRoutes.tsx');
const { useSessionStore } = await import('../../../src/stores/session.ts');
const { usePermissionStore } = await import('../../../src/stores/permission.ts');

const info = userInfo({
  userId: 4,
  userName: 'carol',
  realName: 'Carol',
  personImage: 'head_2',
  permissions: [],
  roles: [],
});

/** What a reload finds: the token and user id in session storage, no routes yet. */
function reloadWithSession(firstlogin = false) {
  sessionStorage.setItem('token', 'tok');
  sessionStorage.setItem('userId', '4');
  sessionStorage.setItem('firstlogin', String(firstlogin));
  useSessionStore.setState({ token: 'tok', userId: '4', firstlogin });
}

function renderApp(url: string) {
  const router = createMemoryRouter([{ path: '*', element: <AppRoutes /> }], { initialEntries: [url] });
  render(
    <App>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </App>,
  );
  return router;
}

describe('AppRoutes', () => {
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    sessionStorage.clear();
    useSessionStore.getState().resetToken();
    vi.mocked(api.userInfoRequest).mockReset().mockResolvedValue(info);
    vi.mocked(routesRequest).mockReset().mockResolvedValue([]);
  });

  it('sends a visitor without a session to sign in, remembering the page', async () => {
    const router = renderApp('/sys/users?page=2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/sys/users?page=2');
    await screen.findByPlaceholderText('用户名', undefined, { timeout: 5000 });
  });

  it('after a reload, fetches the profile and routes again before deciding where an unknown path goes', async () => {
    reloadWithSession();
    const router = renderApp('/nowhere');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    expect(api.userInfoRequest).toHaveBeenCalledWith('4');
    expect(routesRequest).toHaveBeenCalledTimes(1);
    expect(usePermissionStore.getState().generated).toBe(true);
    expect(useSessionStore.getState().name).toBe('Carol');
  });

  it('serves a page the restored route table holds', async () => {
    reloadWithSession();
    vi.mocked(routesRequest).mockResolvedValue([
      {
        path: '/cms',
        component: 'Layout',
        children: [{ path: 'gone', name: 'gone', component: 'views/none/here' }],
      },
    ]);
    const router = renderApp('/cms/gone');
    // a menu entry naming a view this build lacks shows the 404 page in place, at its own address
    await screen.findByText('404', undefined, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/cms/gone');
  });

  it('ends the session when it cannot be restored', async () => {
    reloadWithSession();
    vi.mocked(api.userInfoRequest).mockRejectedValue(new Error('token verification failed'));
    const router = renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('keeps a user who must replace their password on the password page', async () => {
    reloadWithSession(true);
    vi.mocked(api.userInfoRequest).mockResolvedValue({ ...info, firstlogin: true });
    const router = renderApp('/dashboard?tab=1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/userinfo/password'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/dashboard?tab=1');
  });

  it("redirects '/' to the dashboard", async () => {
    reloadWithSession();
    const router = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
