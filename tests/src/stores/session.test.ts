// The session store against the real API on PGlite (realApi.ts): sign-in, profile, sign-out and
// role switch are the server's. The server's users schema here also declares the spec's profile
// fields the shipped one leaves out (positionId, positionRankId, classifiedGrades; docs/api.md:
// the user info fills them when the users schema has them), so every session-storage key the
// spec names has a value to carry. Each test signs in a user of its own.
import { waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '../../../runtime/contract.ts';
import type { Field, Manifest } from '../../../runtime/schema/types.ts';
import { registerFeedback } from '../../../src/app/feedback.ts';
import { manifestQuery } from '../../../src/app/manifest.ts';
import { queryClient } from '../../../src/app/queryClient.ts';
import { usePermissionStore } from '../../../src/stores/permission.ts';
import { avatarName, useSessionStore } from '../../../src/stores/session.ts';
import { useTabsStore } from '../../../src/stores/tabs.ts';
import { testManifest } from '../../server/harness.ts';
import { createRole } from '../../server/roleFixtures.ts';
import { type RealApi, startRealApi } from '../realApi.ts';

/** The project's manifest with the spec's other profile fields on the users schema. */
async function withProfileFields(): Promise<Manifest> {
  const manifest = await testManifest();
  const extra: Field[] = [
    { name: 'positionId', column: 'position_id', type: 'integer' },
    { name: 'positionRankId', column: 'position_rank_id', type: 'integer' },
    { name: 'classifiedGrades', column: 'classified_grades', type: 'string', maxLength: 8 },
  ].map(
    (f) =>
      ({
        title: { zh: f.name, en: f.name },
        required: false,
        unique: false,
        trim: false,
        readOnly: false,
        writeOnly: false,
        ...f,
      }) as Field,
  );
  return {
    ...manifest,
    resources: manifest.resources.map((r) =>
      r.name === 'users' ? { ...r, fields: [...r.fields, ...extra] } : r,
    ),
  };
}

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi({ manifest: await withProfileFields() });
});
afterAll(async () => {
  await api?.close();
});

const session = () => useSessionStore.getState();

/**
 * A user named after the test, real name `<name> Chen`, head icon head_5, in a department, with
 * the profile values given and one role granting the users list.
 */
async function profileUser(userName: string, profile: Record<string, unknown> = {}) {
  await createRole(api.server, `${userName}_role`, ['sys:users:list']);
  const user = await api.user(userName, [`${userName}_role`]);
  const department = await api.asAdmin('POST', '/api/sys/departments', { dpmtName: `${userName} office` });
  await api.server.db
    .updateTable('sys_users')
    .set({
      real_name: `${userName} Chen`,
      person_image: 'head_5',
      dpmt_id: department.id,
      ...profile,
    } as never)
    .where('id', '=', user.id)
    .execute();
  return { ...user, departmentId: department.id as number };
}

const logins = () => api.received.filter((r) => r.method === 'POST' && r.path === API_PATHS.login);

describe('session store', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    Cookies.remove('token');
    session().resetToken();
    api.received.length = 0;
  });

  it('signs in with the user name trimmed and keeps token, userId, userName and firstlogin in session storage', async () => {
    const user = await api.user('sess_trim', ['editor'], true, ' secret words ');
    await session().login({ userName: '  sess_trim ', password: ' secret words ' });

    expect(logins().map((r) => Object.fromEntries(r.form))).toEqual([
      { userName: 'sess_trim', password: ' secret words ' },
    ]);
    const token = session().token;
    expect(token).not.toBe('');
    expect(sessionStorage.getItem('token')).toBe(token);
    expect(sessionStorage.getItem('userId')).toBe(String(user.id));
    expect(sessionStorage.getItem('userName')).toBe('sess_trim');
    expect(sessionStorage.getItem('firstlogin')).toBe('true');
    expect(session()).toMatchObject({ userId: String(user.id), userName: 'sess_trim', firstlogin: true });
  });

  it('puts the token in the token cookie', async () => {
    const user = await api.user('sess_cookie', ['editor']);
    await session().login({ userName: 'sess_cookie', password: user.password });
    expect(Cookies.get('token')).toBe(session().token);
  });

  it('passes a failed sign-in on to the caller and stores nothing', async () => {
    const user = await api.user('sess_refused', ['editor']);
    await expect(
      session().login({ userName: 'sess_refused', password: `${user.password}x` }),
    ).rejects.toThrow();
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(Cookies.get('token')).toBeUndefined();
    expect(session().token).toBe('');
  });

  it('stores the profile from the user info under the spec keys, and the permissions', async () => {
    const user = await profileUser('sess_profile', {
      rank: 'senior',
      position_id: 12,
      classified_grades: 'A',
    });
    await session().login({ userName: 'sess_profile', password: user.password });
    await session().fetchUserInfo();

    expect(api.count('GET', API_PATHS.userInfo(user.id))).toBe(1);
    expect(sessionStorage.getItem('realName')).toBe('sess_profile Chen');
    expect(sessionStorage.getItem('dpmtId')).toBe(String(user.departmentId));
    expect(sessionStorage.getItem('dpmtName')).toBe('sess_profile office');
    expect(sessionStorage.getItem('rank')).toBe('senior');
    expect(sessionStorage.getItem('positionId')).toBe('12');
    expect(sessionStorage.getItem('classifiedGrades')).toBe('A');
    expect(sessionStorage.getItem('firstlogin')).toBe('false');
    expect(session()).toMatchObject({
      name: 'sess_profile Chen',
      avatar: 'head_5',
      roles: ['sess_profile_role'],
      dpmtName: 'sess_profile office',
    });
    expect(usePermissionStore.getState().permissions).toEqual(['sys:users:list']);
  });

  it('keeps positionRankId when the profile has one', async () => {
    const user = await profileUser('sess_rankid', { position_rank_id: 4 });
    await session().login({ userName: 'sess_rankid', password: user.password });
    await session().fetchUserInfo();
    expect(sessionStorage.getItem('positionRankId')).toBe('4');
    expect(session().positionRankId).toBe('4');
  });

  it('writes rank, positionId, positionRankId and classifiedGrades only when they have a value', async () => {
    const user = await profileUser('sess_blank', { rank: 'senior', position_rank_id: 4 });
    await session().login({ userName: 'sess_blank', password: user.password });
    await session().fetchUserInfo();
    expect(sessionStorage.getItem('positionRankId')).toBe('4');
    await api.server.db
      .updateTable('sys_users')
      .set({ rank: null, position_id: null, position_rank_id: null, classified_grades: null } as never)
      .where('id', '=', user.id)
      .execute();
    await session().fetchUserInfo();
    for (const key of ['rank', 'positionId', 'positionRankId', 'classifiedGrades']) {
      expect(sessionStorage.getItem(key), key).toBeNull();
    }
    expect(session()).toMatchObject({ rank: '', positionId: '', positionRankId: '', classifiedGrades: '' });
    // the keys that have values are there
    expect(sessionStorage.getItem('realName')).toBe('sess_blank Chen');
    expect(sessionStorage.getItem('firstlogin')).toBe('false');
  });

  it('takes the roles from the user name when the server names none', async () => {
    const user = await api.user('sess_noroles', []);
    await session().login({ userName: 'sess_noroles', password: user.password });
    await session().fetchUserInfo();
    expect(session().roles).toEqual(['sess_noroles']);
  });

  it('logs out through the server, then clears storage, cookie, state, permissions and tabs', async () => {
    const user = await profileUser('sess_logout');
    await session().login({ userName: 'sess_logout', password: user.password });
    await session().fetchUserInfo();
    const token = session().token;
    localStorage.setItem('something', 'kept by the page');
    useTabsStore
      .getState()
      .addView({ path: '/x', fullPath: '/x', name: 'x', meta: { title: 'x' }, query: {} });

    await session().logout();

    expect(api.count('GET', API_PATHS.logout)).toBe(1);
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.length).toBe(0);
    expect(Cookies.get('token')).toBeUndefined();
    expect(session()).toMatchObject({ token: '', userId: '', name: '', avatar: 'head_1', roles: [] });
    expect(usePermissionStore.getState()).toMatchObject({ permissions: [], generated: false });
    expect(useTabsStore.getState().visitedViews).toEqual([]);
    // the server ended the session: its token opens nothing
    const after = await api.server.app.inject({
      method: 'GET',
      url: API_PATHS.routes,
      headers: { 'x-token': token },
    });
    expect(after.statusCode).toBe(401);
  });

  it('keeps the look-and-feel settings and the language through a logout', async () => {
    const user = await api.user('sess_prefs', ['editor']);
    await session().login({ userName: 'sess_prefs', password: user.password });
    localStorage.setItem('settings', '{"state":{"theme":"#eb2f96"},"version":0}');
    localStorage.setItem('language', '{"state":{"lang":"en"},"version":0}');
    localStorage.setItem('page-notes', 'a page left this');
    await session().logout();
    expect(localStorage.getItem('settings')).toContain('#eb2f96');
    expect(localStorage.getItem('language')).toContain('en');
    expect(localStorage.getItem('page-notes')).toBeNull();
  });

  it('clears the session even when the logout call fails', async () => {
    const user = await api.user('sess_offline', ['editor']);
    await session().login({ userName: 'sess_offline', password: user.password });
    // the connection lost on the way: the one failure the server cannot be made to give
    api.dropNext('GET', API_PATHS.logout);
    const toasts: string[] = [];
    registerFeedback({ error: (message) => toasts.push(message), tokenFailed: async () => {} });
    // the failure's toast, where the shell's FeedbackBridge would send it
    try {
      await expect(session().logout()).rejects.toThrow();
      expect(toasts).toHaveLength(1);
    } finally {
      registerFeedback(null);
    }
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(Cookies.get('token')).toBeUndefined();
    expect(session().token).toBe('');
  });

  it('resets the token without calling the server', async () => {
    const user = await api.user('sess_reset', ['editor']);
    await session().login({ userName: 'sess_reset', password: user.password });
    api.received.length = 0;
    session().resetToken();
    expect(api.received).toEqual([]);
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
    sessionStorage.clear();
    session().resetToken();
    api.received.length = 0;
  });

  /** A user holding the editor role and a role of their own granting the contents list. */
  async function twoRoles(userName: string) {
    await createRole(api.server, `${userName}_teacher`, ['cms:contents:list']);
    const user = await api.user(userName, ['editor', `${userName}_teacher`]);
    await session().login({ userName, password: user.password });
    return user;
  }

  it('takes the new session token, reloads the user info, regenerates the routes and closes every tab', async () => {
    const user = await twoRoles('switch_tabs');
    const old = session().token;
    useTabsStore
      .getState()
      .addView({ path: '/x', fullPath: '/x', name: 'x', meta: { title: 'x', affix: true }, query: {} });

    await session().switchRole('switch_tabs_teacher');

    expect(api.received.find((r) => r.path === API_PATHS.roleSwitch)?.form.get('roleKey')).toBe(
      'switch_tabs_teacher',
    );
    const token = session().token;
    expect(token).not.toBe(old);
    expect(sessionStorage.getItem('token')).toBe(token);
    expect(Cookies.get('token')).toBe(token);
    expect(api.count('GET', API_PATHS.userInfo(user.id))).toBe(1);
    expect(session().activeRole).toBe('switch_tabs_teacher');
    expect(usePermissionStore.getState().routes.some((r) => r.path === '/cms')).toBe(true);
    expect(usePermissionStore.getState().permissions).toEqual(['cms:contents:list']);
    expect(useTabsStore.getState().visitedViews).toEqual([]);
  });

  it("asks for the new role's manifest beside its route list, not after it", async () => {
    await twoRoles('switch_manifest');
    // the route list is held on its way: the manifest must arrive while it is
    const release = api.hold('GET', API_PATHS.routes);
    const switching = session().switchRole('switch_manifest_teacher');
    try {
      await waitFor(() => expect(queryClient.getQueryData(manifestQuery.queryKey)).toBeDefined());
      expect(api.count('GET', API_PATHS.manifest)).toBe(1);
      expect(api.count('GET', API_PATHS.routes)).toBe(1);
    } finally {
      release();
    }
    await switching;
    expect(usePermissionStore.getState().routes.some((r) => r.path === '/cms')).toBe(true);
  });

  it('lists the roles the user holds to switch between', async () => {
    await twoRoles('switch_list');
    await session().fetchUserInfo();
    expect(session().roleOptions).toEqual([
      { roleKey: 'editor', roleName: '内容编辑' },
      { roleKey: 'switch_list_teacher', roleName: 'switch_list_teacher' },
    ]);
    expect(session().activeRole).toBeNull();
  });

  it('keeps the current session when the server refuses the role', async () => {
    const user = await twoRoles('switch_refused');
    const old = session().token;
    // the refusal's toast, where the shell's FeedbackBridge would send it
    const toasts: string[] = [];
    registerFeedback({ error: (message) => toasts.push(message), tokenFailed: async () => {} });
    try {
      await expect(session().switchRole('admin')).rejects.toThrow();
      expect(toasts).toEqual([expect.stringContaining('admin')]);
    } finally {
      registerFeedback(null);
    }
    expect(session().token).toBe(old);
    expect(api.count('GET', API_PATHS.userInfo(user.id))).toBe(0);
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
