// The route guard and table against the real API on PGlite (realApi.ts): a reload finds a real
// session in session storage, and the profile, route list, manifest and home figures are the
// server's. Each test signs in a user of its own.
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '../../../runtime/contract.ts';
import { registerFeedback } from '../../../src/app/feedback.ts';
// the app's own client, as the app has it: the route guard's prefetch and the shell share it
import { queryClient } from '../../../src/app/queryClient.ts';
import { AppRoutes } from '../../../src/router/AppRoutes.tsx';
import { usePermissionStore } from '../../../src/stores/permission.ts';
import { useSessionStore } from '../../../src/stores/session.ts';
import { login } from '../../server/harness.ts';
import { createRole } from '../../server/roleFixtures.ts';
import { type RealApi, startRealApi } from '../realApi.ts';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterAll(async () => {
  await api?.close();
});

/**
 * What a reload finds: a user's live session (token and user id) in session storage, no routes
 * yet. The user is named after the test and holds a role granting `codes` (none: no role).
 */
async function reloadWithSession(userName: string, codes: string[] = [], firstlogin = false) {
  const roles = codes.length > 0 ? [`${userName}_role`] : [];
  if (codes.length > 0) await createRole(api.server, `${userName}_role`, codes);
  const user = await api.user(userName, roles, firstlogin);
  const token = await login(api.server.app, userName, user.password);
  sessionStorage.setItem('token', token);
  sessionStorage.setItem('userId', String(user.id));
  sessionStorage.setItem('firstlogin', String(firstlogin));
  useSessionStore.setState({ token, userId: String(user.id), firstlogin });
  return user;
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
  // no call of one test answered during the next (a reload's parts are asked for a frame apart)
  afterEach(() => api.idle());
  beforeEach(() => {
    // jsdom implements no scrolling: it logs "not implemented" for every navigation's scroll to the top
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    sessionStorage.clear();
    useSessionStore.getState().resetToken();
    api.received.length = 0;
  });

  it('sends a visitor without a session to sign in, remembering the page', async () => {
    const router = renderApp('/sys/users?page=2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/sys/users?page=2');
    await screen.findByPlaceholderText('用户名');
    expect(api.received).toEqual([]);
  });

  it('after a reload, fetches the profile and routes again before deciding where an unknown path goes', async () => {
    const user = await reloadWithSession('routes_unknown');
    const router = renderApp('/nowhere');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    // and drawn: its code still loading when the test ends would finish in the next one
    await screen.findByText('404');
    expect(api.count('GET', API_PATHS.userInfo(user.id))).toBe(1);
    expect(api.count('GET', API_PATHS.routes)).toBe(1);
    expect(usePermissionStore.getState().generated).toBe(true);
    expect(useSessionStore.getState().name).toBe('routes_unknown');
  });

  it('serves a page the restored route table holds', async () => {
    const user = await reloadWithSession('routes_gone');
    // a menu entry naming a view this build lacks, granted to the user's own role
    const db = api.server.db;
    const folder = await db
      .insertInto('sys_menus')
      .values({
        parent_id: null,
        menu_name: '去处',
        menu_name_en: 'Gone',
        menu_type: 'M',
        path: '/gone',
        component: null,
        perms: null,
        icon: null,
        menu_key: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const page = await db
      .insertInto('sys_menus')
      .values({
        parent_id: folder.id,
        menu_name: '这里',
        menu_name_en: 'Here',
        menu_type: 'C',
        path: 'here',
        component: 'views/none/here',
        perms: null,
        icon: null,
        menu_key: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const role = await createRole(api.server, 'routes_gone_role', []);
    await db.insertInto('sys_role_menus').values({ role_id: role, menu_id: page.id }).execute();
    await db.insertInto('sys_user_roles').values({ user_id: user.id, role_id: role }).execute();
    const router = renderApp('/gone/here');
    // a menu entry naming a view this build lacks shows the 404 page in place, at its own address
    await screen.findByText('404');
    expect(router.state.location.pathname).toBe('/gone/here');
  });

  it('draws the frame while the manifest loads, and offers a retry when it cannot be fetched', async () => {
    await reloadWithSession('routes_retry', ['sys:users:list']);
    // the connection lost on the way to the manifest: the one failure the server cannot be made to give
    const reconnect = api.dropAll('GET', API_PATHS.manifest);
    const toasts: string[] = [];
    registerFeedback({ error: (message) => toasts.push(message), tokenFailed: async () => {} });
    try {
      renderApp('/sys/users');
      const retry = await screen.findByRole('button', { name: /重\s*试/ });
      expect(screen.getByText('页面定义加载失败')).toBeTruthy();
      expect(screen.getByTestId('sidebar')).toBeTruthy();
      const failedCalls = api.count('GET', API_PATHS.manifest);
      reconnect();
      fireEvent.click(retry);
      // the generated users page, made from the manifest the second fetch brought
      expect((await screen.findAllByText('创建时间')).length).toBeGreaterThan(0);
      expect(api.count('GET', API_PATHS.manifest)).toBe(failedCalls + 1);
      await waitFor(() => expect(toasts).not.toHaveLength(0));
    } finally {
      reconnect();
      registerFeedback(null);
    }
  });

  it("asks for the home page's figures beside the profile and route list on a reload there", async () => {
    await reloadWithSession('routes_figures');
    const release = api.hold('GET', API_PATHS.routes);
    try {
      renderApp('/dashboard');
      await waitFor(() => expect(api.count('GET', API_PATHS.dashboard)).toBe(1));
      expect(usePermissionStore.getState().generated).toBe(false);
    } finally {
      release();
    }
    await screen.findByTestId('dashboard');
  });

  it('does not ask for them for a user held on the password page', async () => {
    await reloadWithSession('routes_held', [], true);
    const router = renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/userinfo/password'));
    expect(api.count('GET', API_PATHS.dashboard)).toBe(0);
  });

  it('ends the session when it cannot be restored', async () => {
    const user = await reloadWithSession('routes_ended');
    // the session was ended elsewhere (signed out in another tab): the server refuses its token
    await api.server.db
      .updateTable('sys_sessions')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', user.id)
      .execute();
    const asked: string[] = [];
    registerFeedback({
      error: (message) => asked.push(message),
      tokenFailed: async () => asked.push('token failed'),
    });
    try {
      const router = renderApp('/dashboard');
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(sessionStorage.getItem('token')).toBeNull();
      await waitFor(() => expect(asked).toContain('token failed'));
      // every call of the resume refused and handled while this feedback is the app's: a refusal
      // handled after the test would ask the next test's page for a new sign-in
      await api.idle();
    } finally {
      registerFeedback(null);
    }
  });

  it('keeps a user who must replace their password on the password page', async () => {
    await reloadWithSession('routes_password', [], true);
    const router = renderApp('/dashboard?tab=1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/userinfo/password'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/dashboard?tab=1');
  });

  it("redirects '/' to the dashboard", async () => {
    await reloadWithSession('routes_root');
    const router = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    // and drawn: the route table is drawn in a transition after the redirect, and its render
    // finishing after the test's end (the machine busy) was a state update outside act()
    await screen.findByTestId('dashboard');
  });
});
