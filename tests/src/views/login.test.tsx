// The sign-in page against the real API on PGlite (realApi.ts): each test signs in a user of its
// own, and reads what reached the server from the local server's record of requests.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../../runtime/contract.ts';
import { registerFeedback } from '../../../src/app/feedback.ts';
import { usePermissionStore } from '../../../src/stores/permission.ts';
import { useSessionStore } from '../../../src/stores/session.ts';
import LoginPage from '../../../src/views/login/index.tsx';
import { call } from '../../server/harness.ts';
import { type RealApi, startRealApi } from '../realApi.ts';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterAll(async () => {
  await api?.close();
});

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

const logins = () => api.received.filter((r) => r.method === 'POST' && r.path === API_PATHS.login);

describe('login page', () => {
  beforeEach(() => {
    sessionStorage.clear();
    useSessionStore.getState().resetToken();
    api.received.length = 0;
  });

  it('sends the user name trimmed, then fetches the profile and routes and goes to the redirect', async () => {
    const user = await api.user('login_trim', ['admin'], false, 'pass word');
    const router = renderLogin('/login?redirect=%2Fsys%2Fusers%3Fpage%3D2');
    fill('  login_trim  ', 'pass word');

    await waitFor(() => expect(router.state.location.pathname).toBe('/sys/users'));
    expect(router.state.location.search).toBe('?page=2');
    expect(logins().map((r) => Object.fromEntries(r.form))).toEqual([
      { userName: 'login_trim', password: 'pass word' },
    ]);
    expect(api.count('GET', API_PATHS.userInfo(user.id))).toBe(1);
    expect(api.count('GET', API_PATHS.routes)).toBe(1);
    expect(usePermissionStore.getState().generated).toBe(true);
    expect(useSessionStore.getState()).toMatchObject({ userName: 'login_trim', userId: String(user.id) });
  });

  it('goes to the dashboard when no redirect is given', async () => {
    const user = await api.user('login_home', ['editor']);
    const router = renderLogin('/login');
    fill('login_home', user.password);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('refuses a redirect to another site', async () => {
    const user = await api.user('login_evil', ['editor']);
    const router = renderLogin('/login?redirect=%2F%2Fevil.example%2F');
    fill('login_evil', user.password);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('shows the server message when sign-in fails, and stays', async () => {
    const user = await api.user('login_wrong', ['editor']);
    // what the server says to a wrong password, in the page's language
    const refusal = await call(api.server.app, 'POST', API_PATHS.login, {
      form: true,
      body: { userName: 'nobody_here', password: 'wrong' },
      headers: { 'accept-language': 'zh' },
    });
    expect(refusal.status).not.toBe(200);
    const router = renderLogin('/login');
    fill('login_wrong', `${user.password}-wrong`);
    expect((await screen.findByRole('alert')).textContent).toContain(refusal.body.meta.message);
    expect(router.state.location.pathname).toBe('/login');
    expect(api.count('GET', API_PATHS.userInfo(user.id))).toBe(0);
    expect(useSessionStore.getState().token).toBe('');
  });

  it('does not keep half a session when the profile cannot be fetched', async () => {
    const user = await api.user('login_half', ['editor']);
    // a connection lost on the way to the profile: the one failure the server cannot be made to give
    api.dropNext('GET', API_PATHS.userInfo(user.id));
    // the failure's toast, where the shell's FeedbackBridge would send it
    const toasts: string[] = [];
    registerFeedback({ error: (message) => toasts.push(message), tokenFailed: async () => {} });
    try {
      renderLogin('/login');
      fill('login_half', user.password);
      const alert = await screen.findByRole('alert');
      await waitFor(() => expect(toasts).toHaveLength(1));
      expect(alert.textContent).toBe(toasts[0]);
      expect(useSessionStore.getState().token).toBe('');
      expect(sessionStorage.getItem('token')).toBeNull();
    } finally {
      registerFeedback(null);
    }
  });

  it('asks for both fields before calling the server, a blank user name counting as none', async () => {
    renderLogin('/login');
    fill('   ', '');
    await screen.findByText('请输入用户名');
    await screen.findByText('请输入密码');
    expect(logins()).toEqual([]);
  });
});
