import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { userInfo } from '../userInfo.ts';

// every call of the module becomes a vi.fn() the tests answer
vi.mock('../../../src/api/session.ts');
vi.mock('../../../src/api/routes.ts');
// generateRoutes fetches the manifest beside the route list: answered (with no resources), since
// a query whose function resolves to undefined is an error React Query reports on the console
vi.mock('../../../src/api/manifest.ts', () => ({ manifestRequest: vi.fn(async () => ({ resources: [] })) }));

const api = await import('../../../src/api/session.ts');
const { routesRequest } = await import('../../../src/api/routes.ts');
const { avatarName, useSessionStore } = await import('../../../src/stores/session.ts');
const { usePermissionStore } = await import('../../../src/stores/permission.ts');
const { useTabsStore } = await import('../../../src/stores/tabs.ts');

const info = userInfo({
  userId: 7,
  userName: 'alice',
  realName: 'Alice Chen',
  departmentId: 3,
  departmentName: 'Teaching Office',
  rank: 'senior',
  positionId: 12,
  classifiedGrades: 'A',
  personImage: 'head_5',
  permissions: ['sys:users:list'],
  roles: [{ id: 2, roleKey: 'editor', roleName: 'Editor' }],
});

const session = () => useSessionStore.getState();

describe('session store', () => {
  beforeEach(() => {
    vi.mocked(api.loginRequest).mockReset();
    vi.mocked(api.logoutRequest).mockReset();
    vi.mocked(api.userInfoRequest).mockReset();
    sessionStorage.clear();
    localStorage.clear();
    Cookies.remove('token');
    session().resetToken();
  });

  it('signs in with the user name trimmed and keeps token, userId, userName and firstlogin in session storage', async () => {
    vi.mocked(api.loginRequest).mockResolvedValue({ token: 'tok-1', userId: 7, firstlogin: true });
    await session().login({ userName: '  alice ', password: ' secret ' });

    expect(api.loginRequest).toHaveBeenCalledWith({ userName: 'alice', password: ' secret ' });
    expect(sessionStorage.getItem('token')).toBe('tok-1');
    expect(sessionStorage.getItem('userId')).toBe('7');
    expect(sessionStorage.getItem('userName')).toBe('alice');
    expect(sessionStorage.getItem('firstlogin')).toBe('true');
    expect(session()).toMatchObject({ token: 'tok-1', userId: '7', userName: 'alice', firstlogin: true });
  });

  it('puts the token in the token cookie', async () => {
    vi.mocked(api.loginRequest).mockResolvedValue({ token: 'tok-2', userId: 7, firstlogin: false });
    await session().login({ userName: 'alice', password: 'pw' });
    expect(Cookies.get('token')).toBe('tok-2');
  });

  it('passes a failed sign-in on to the caller and stores nothing', async () => {
    vi.mocked(api.loginRequest).mockRejectedValue(new Error('incorrect user name or password'));
    await expect(session().login({ userName: 'alice', password: 'bad' })).rejects.toThrow('incorrect');
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(Cookies.get('token')).toBeUndefined();
  });

  it('stores the profile from the user info under the spec keys, and the permissions', async () => {
    vi.mocked(api.loginRequest).mockResolvedValue({ token: 'tok-3', userId: 7, firstlogin: false });
    vi.mocked(api.userInfoRequest).mockResolvedValue(info);
    await session().login({ userName: 'alice', password: 'pw' });
    await session().fetchUserInfo();

    expect(api.userInfoRequest).toHaveBeenCalledWith('7');
    expect(sessionStorage.getItem('realName')).toBe('Alice Chen');
    expect(sessionStorage.getItem('dpmtId')).toBe('3');
    expect(sessionStorage.getItem('dpmtName')).toBe('Teaching Office');
    expect(sessionStorage.getItem('rank')).toBe('senior');
    expect(sessionStorage.getItem('positionId')).toBe('12');
    expect(sessionStorage.getItem('classifiedGrades')).toBe('A');
    expect(sessionStorage.getItem('firstlogin')).toBe('false');
    expect(session()).toMatchObject({
      name: 'Alice Chen',
      avatar: 'head_5',
      roles: ['editor'],
      dpmtName: 'Teaching Office',
    });
    expect(usePermissionStore.getState().permissions).toEqual(['sys:users:list']);
  });

  it('keeps positionRankId when the profile has one', async () => {
    vi.mocked(api.userInfoRequest).mockResolvedValue({ ...info, positionRankId: 4 });
    await session().fetchUserInfo();
    expect(sessionStorage.getItem('positionRankId')).toBe('4');
    expect(session().positionRankId).toBe('4');
  });

  it('writes rank, positionId, positionRankId and classifiedGrades only when they have a value', async () => {
    vi.mocked(api.userInfoRequest).mockResolvedValue({ ...info, positionRankId: 4 });
    await session().fetchUserInfo();
    vi.mocked(api.userInfoRequest).mockResolvedValue({
      ...info,
      rank: '',
      positionId: null,
      positionRankId: null,
      classifiedGrades: '',
    });
    await session().fetchUserInfo();
    for (const key of ['rank', 'positionId', 'positionRankId', 'classifiedGrades']) {
      expect(sessionStorage.getItem(key), key).toBeNull();
    }
    expect(session()).toMatchObject({ rank: '', positionId: '', positionRankId: '', classifiedGrades: '' });
    // the keys that have values are there
    expect(sessionStorage.getItem('realName')).toBe('Alice Chen');
    expect(sessionStorage.getItem('firstlogin')).toBe('false');
  });

  it('takes the roles from the user name when the server names none', async () => {
    vi.mocked(api.userInfoRequest).mockResolvedValue({ ...info, roles: [] });
    await session().fetchUserInfo();
    expect(session().roles).toEqual(['alice']);
  });

  it('logs out through the server, then clears storage, cookie, state, permissions and tabs', async () => {
    vi.mocked(api.loginRequest).mockResolvedValue({ token: 'tok-4', userId: 7, firstlogin: false });
    vi.mocked(api.userInfoRequest).mockResolvedValue(info);
    vi.mocked(api.logoutRequest).mockResolvedValue(null);
    await session().login({ userName: 'alice', password: 'pw' });
    await session().fetchUserInfo();
    localStorage.setItem('something', 'kept by the page');
    useTabsStore
      .getState()
      .addView({ path: '/x', fullPath: '/x', name: 'x', meta: { title: 'x' }, query: {} });

    await session().logout();

    expect(api.logoutRequest).toHaveBeenCalledTimes(1);
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.length).toBe(0);
    expect(Cookies.get('token')).toBeUndefined();
    expect(session()).toMatchObject({ token: '', userId: '', name: '', avatar: 'head_1', roles: [] });
    expect(usePermissionStore.getState()).toMatchObject({ permissions: [], generated: false });
    expect(useTabsStore.getState().visitedViews).toEqual([]);
  });

  it('keeps the look-and-feel settings and the language through a logout', async () => {
    vi.mocked(api.loginRequest).mockResolvedValue({ token: 'tok-7', userId: 7, firstlogin: false });
    vi.mocked(api.logoutRequest).mockResolvedValue(null);
    await session().login({ userName: 'alice', password: 'pw' });
    localStorage.setItem('settings', '{"state":{"theme":"#eb2f96"},"version":0}');
    localStorage.setItem('language', '{"state":{"lang":"en"},"version":0}');
    localStorage.setItem('page-notes', 'a page left this');
    await session().logout();
    expect(localStorage.getItem('settings')).toContain('#eb2f96');
    expect(localStorage.getItem('language')).toContain('en');
    expect(localStorage.getItem('page-notes')).toBeNull();
  });

  it('clears the session even when the logout call fails', async () => {
    vi.mocked(api.loginRequest).mockResolvedValue({ token: 'tok-5', userId: 7, firstlogin: false });
    vi.mocked(api.logoutRequest).mockRejectedValue(new Error('network down'));
    await session().login({ userName: 'alice', password: 'pw' });
    await expect(session().logout()).rejects.toThrow('network down');
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(Cookies.get('token')).toBeUndefined();
    expect(session().token).toBe('');
  });

  it('resets the token without calling the server', async () => {
    vi.mocked(api.loginRequest).mockResolvedValue({ token: 'tok-6', userId: 7, firstlogin: false });
    await session().login({ userName: 'alice', password: 'pw' });
    session().resetToken();
    expect(api.logoutRequest).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(Cookies.get('token')).toBeUndefined();
    expect(session().token).toBe('');
  });

  it('keeps the firstlogin flag in session storage when it changes', () => {
    session().setFirstlogin(true);
    expect(sessionStorage.getItem('firstlogin')).toBe('true');
    session().setFirstlogin(false);
    expect(session().firstlogin).toBe(false);
    expect(sessionStorage.getItem('firstlogin')).toBe('false');
  });
});

describe('role switch (spec §4)', () => {
  beforeEach(() => {
    vi.mocked(api.switchRoleRequest).mockReset();
    vi.mocked(api.userInfoRequest).mockReset();
    vi.mocked(routesRequest).mockReset();
    sessionStorage.clear();
    session().resetToken();
  });

  it('takes the new session token, reloads the user info, regenerates the routes and closes every tab', async () => {
    useSessionStore.setState({ token: 'old', userId: '7' });
    useTabsStore
      .getState()
      .addView({ path: '/x', fullPath: '/x', name: 'x', meta: { title: 'x', affix: true }, query: {} });
    vi.mocked(api.switchRoleRequest).mockResolvedValue({ token: 'role-token' });
    vi.mocked(api.userInfoRequest).mockResolvedValue({ ...info, activeRole: 'editor' });
    vi.mocked(routesRequest).mockResolvedValue([
      {
        path: '/cms',
        component: 'Layout',
        children: [{ path: 'contents', name: 'contents', component: 'resource/contents' }],
      },
    ]);

    await session().switchRole('editor');

    expect(api.switchRoleRequest).toHaveBeenCalledWith('editor');
    expect(session().token).toBe('role-token');
    expect(sessionStorage.getItem('token')).toBe('role-token');
    expect(Cookies.get('token')).toBe('role-token');
    expect(api.userInfoRequest).toHaveBeenCalledWith('7');
    expect(session().activeRole).toBe('editor');
    expect(usePermissionStore.getState().routes.some((r) => r.path === '/cms')).toBe(true);
    expect(useTabsStore.getState().visitedViews).toEqual([]);
  });

  it('lists the roles the user holds to switch between', async () => {
    vi.mocked(api.userInfoRequest).mockResolvedValue({
      ...info,
      roles: [
        { id: 2, roleKey: 'editor', roleName: 'Editor' },
        { id: 3, roleKey: 'teacher', roleName: 'Teacher' },
      ],
    });
    await session().fetchUserInfo();
    expect(session().roleOptions).toEqual([
      { roleKey: 'editor', roleName: 'Editor' },
      { roleKey: 'teacher', roleName: 'Teacher' },
    ]);
    expect(session().activeRole).toBeNull();
  });

  it('keeps the current session when the server refuses the role', async () => {
    useSessionStore.setState({ token: 'old', userId: '7' });
    vi.mocked(api.switchRoleRequest).mockRejectedValue(new Error('you do not hold the role admin'));
    await expect(session().switchRole('admin')).rejects.toThrow('you do not hold');
    expect(session().token).toBe('old');
    expect(api.userInfoRequest).not.toHaveBeenCalled();
  });
});

describe('session store after a reload', () => {
  it('starts from what session storage holds', async () => {
    sessionStorage.setItem('token', 'kept');
    sessionStorage.setItem('userId', '9');
    sessionStorage.setItem('userName', 'bob');
    sessionStorage.setItem('realName', 'Bob Li');
    sessionStorage.setItem('firstlogin', 'true');
    vi.resetModules();
    const fresh = await import('../../../src/stores/session.ts');
    expect(fresh.useSessionStore.getState()).toMatchObject({
      token: 'kept',
      userId: '9',
      userName: 'bob',
      name: 'Bob Li',
      firstlogin: true,
    });
    sessionStorage.clear();
  });
});

describe('avatarName', () => {
  it('accepts head_1 to head_16 and falls back to head_1', () => {
    expect(avatarName('head_16')).toBe('head_16');
    expect(avatarName('head_17')).toBe('head_1');
    expect(avatarName('/uploads/me.png')).toBe('head_1');
    expect(avatarName(null)).toBe('head_1');
  });
});
