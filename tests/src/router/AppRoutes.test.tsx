import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientManifest } from '../../../src/api/manifest.ts';
import { userInfo } from '../userInfo.ts';

// every call of the module becomes a vi.fn() the tests answer
vi.mock('../../../src/api/session.ts');
vi.mock('../../../src/api/routes.ts');
vi.mock('../../../src/api/manifest.ts');
vi.mock('../../../src/api/dashboard.ts', async (original) => {
  // the real query options around a request the tests answer
  const { queryOptions } = await import('@tanstack/react-query');
  const dashboardRequest = vi.fn();
  return {
    ...(await original<object>()),
    dashboardRequest,
    dashboardQuery: queryOptions({ queryKey: ['dashboard'], queryFn: () => dashboardRequest() }),
  };
});

const api = await import('../../../src/api/session.ts');
const { routesRequest } = await import('../../../src/api/routes.ts');
const { manifestRequest } = await import('../../../src/api/manifest.ts');
const { dashboardRequest } = await import('../../../src/api/dashboard.ts');
const built = (await import('../../../generated/manifest.json')).default as unknown as ClientManifest;
const { AppRoutes } = await import('../../../src/router/AppRoutes.tsx');
const { useSessionStore } = await import('../../../src/stores/session.ts');
const { usePermissionStore } = await import('../../../src/stores/permission.ts');
// the app's own client, as the app has it: the route guard's prefetch and the shell share it
const { queryClient } = await import('../../../src/app/queryClient.ts');

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
      <QueryClientProvider client={queryClient}>
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
    queryClient.clear();
    useSessionStore.getState().resetToken();
    vi.mocked(api.userInfoRequest).mockReset().mockResolvedValue(info);
    vi.mocked(routesRequest).mockReset().mockResolvedValue([]);
    vi.mocked(manifestRequest).mockReset().mockResolvedValue({ resources: built.resources });
    // the home page's figures stay on their way (these tests are about where the app goes): a
    // request that answered undefined would be an error React Query reports on the console
    vi.mocked(dashboardRequest)
      .mockReset()
      .mockReturnValue(new Promise(() => {}));
  });

  it('sends a visitor without a session to sign in, remembering the page', async () => {
    const router = renderApp('/sys/users?page=2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/sys/users?page=2');
    await screen.findByPlaceholderText('用户名');
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
    await screen.findByText('404');
    expect(router.state.location.pathname).toBe('/cms/gone');
  });

  it('draws the frame while the manifest loads, and offers a retry when it cannot be fetched', async () => {
    reloadWithSession();
    vi.mocked(routesRequest).mockResolvedValue([
      {
        path: '/sys',
        component: 'Layout',
        children: [{ path: 'users', name: 'users', component: 'resource/users' }],
      },
    ]);
    vi.mocked(manifestRequest).mockRejectedValue(new Error('Network Error'));
    renderApp('/sys/users');
    const retry = await screen.findByRole('button', { name: /重\s*试/ });
    expect(screen.getByText('页面定义加载失败')).toBeTruthy();
    expect(screen.getByTestId('sidebar')).toBeTruthy();
    const failedCalls = vi.mocked(manifestRequest).mock.calls.length;
    vi.mocked(manifestRequest).mockResolvedValue({ resources: built.resources });
    fireEvent.click(retry);
    // the generated users page, made from the manifest the second fetch brought
    expect((await screen.findAllByText('创建时间')).length).toBeGreaterThan(0);
    expect(manifestRequest).toHaveBeenCalledTimes(failedCalls + 1);
  });

  it("asks for the home page's figures beside the profile and route list on a reload there", async () => {
    reloadWithSession();
    let answerRoutes: (routes: never[]) => void = () => {};
    vi.mocked(routesRequest).mockReturnValue(new Promise((resolve) => (answerRoutes = resolve)));
    renderApp('/dashboard');
    await waitFor(() => expect(dashboardRequest).toHaveBeenCalledTimes(1));
    expect(usePermissionStore.getState().generated).toBe(false);
    answerRoutes([]);
  });

  it('does not ask for them for a user held on the password page', async () => {
    reloadWithSession(true);
    vi.mocked(api.userInfoRequest).mockResolvedValue({ ...info, firstlogin: true });
    const router = renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/userinfo/password'));
    expect(dashboardRequest).not.toHaveBeenCalled();
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
