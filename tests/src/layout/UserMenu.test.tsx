// The user menu against the real API on PGlite (realApi.ts): a user holding two roles signs in
// as the app does, and a role switch is the server's.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../../runtime/contract.ts';
import { UserMenu } from '../../../src/layout/UserMenu.tsx';
import { useLanguageStore } from '../../../src/stores/language.ts';
import { useSessionStore } from '../../../src/stores/session.ts';
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
 * Signs in a user named after the test who holds the editor role and a teacher role of their own
 * (named as its key, `<user>_teacher`),
 * their head icon head_3.
 */
async function signIn(userName: string) {
  await createRole(api.server, `${userName}_teacher`, ['cms:contents:list']);
  const user = await api.user(userName, ['editor', `${userName}_teacher`]);
  await api.server.db
    .updateTable('sys_users')
    .set({ person_image: 'head_3', real_name: `${userName} Chen` })
    .where('id', '=', user.id)
    .execute();
  const session = useSessionStore.getState();
  await session.login({ userName, password: user.password });
  await session.fetchUserInfo();
}

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
    sessionStorage.clear();
    useSessionStore.getState().resetToken();
  });

  it("shows the user's name and avatar, and offers personal centre, change password and log out", async () => {
    await signIn('menu_alice');
    mount();
    expect(screen.getByTestId('user-menu').textContent).toContain('menu_alice Chen');
    const avatar = screen.getByTestId('user-menu').querySelector('img')?.getAttribute('src') ?? '';
    expect(decodeURIComponent(avatar)).toContain('<title>head_3</title>');
    fireEvent.click(screen.getByTestId('user-menu'));
    for (const name of ['Personal centre', 'Change password', 'Log out']) {
      expect(await screen.findByText(name)).toBeTruthy();
    }
  });

  it('lists the roles the user holds to switch to', async () => {
    await signIn('menu_roles');
    mount();
    await openRoles();
    const editor = await screen.findByRole('menuitem', { name: '内容编辑' });
    expect(editor.getAttribute('aria-disabled')).not.toBe('true');
    const teacher = screen.getByRole('menuitem', { name: 'menu_roles_teacher' });
    expect(teacher.getAttribute('aria-disabled')).not.toBe('true');
  });

  it('switches to another role and opens the dashboard', async () => {
    await signIn('menu_switch');
    const editorToken = useSessionStore.getState().token;
    const router = mount();
    await openRoles();
    api.received.length = 0;
    fireEvent.click(await screen.findByRole('menuitem', { name: 'menu_switch_teacher' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const switches = api.received.filter((r) => r.method === 'POST' && r.path === API_PATHS.roleSwitch);
    expect(switches.map((r) => r.form.get('roleKey'))).toEqual(['menu_switch_teacher']);
    expect(useSessionStore.getState()).toMatchObject({ activeRole: 'menu_switch_teacher' });
    expect(useSessionStore.getState().token).not.toBe(editorToken);
    // the editor session is over: the server refuses its token
    const old = await api.server.app.inject({
      method: 'GET',
      url: API_PATHS.routes,
      headers: { 'x-token': editorToken },
    });
    expect(old.statusCode).toBe(401);
    // the session's own role is ticked, not to be chosen again
    await openRoles();
    const current = await screen.findByRole('menuitem', { name: /menu_switch_teacher/ });
    expect(current.getAttribute('aria-disabled')).toBe('true');
    // and the role switched from is still offered, to switch back
    const back = screen.getByRole('menuitem', { name: '内容编辑' });
    expect(back.getAttribute('aria-disabled')).not.toBe('true');
  });
});
