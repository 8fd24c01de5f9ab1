// The signed-in user: token and profile, mirrored into the spec's session-storage keys (§3, §9)
// so a reload keeps the session, and the token also into the `token` cookie.

import Cookies from 'js-cookie';
import { create } from 'zustand';
import { DEFAULT_AVATAR } from '../../runtime/client/constants.ts';
import type { UserInfo } from '../../runtime/contract.ts';
import {
  type Credentials,
  loginRequest,
  logoutRequest,
  switchRoleRequest,
  userInfoRequest,
} from '../api/session.ts';
import { prefetchManifest } from '../app/manifest.ts';
import { queryClient } from '../app/queryClient.ts';
import { TOKEN_COOKIE } from '../config.ts';
import { readSessionValue, writeSessionValues } from '../session/sessionStorage.ts';
import { LANGUAGE_STORAGE_KEY } from './language.ts';
import { usePermissionStore } from './permission.ts';
import { SETTINGS_STORAGE_KEY } from './settings.ts';
import { useTabsStore } from './tabs.ts';

export interface RoleOption {
  roleKey: string;
  roleName: string;
}

export interface SessionProfile {
  token: string;
  userId: string;
  userName: string;
  realName: string;
  dpmtId: string;
  dpmtName: string;
  rank: string;
  positionId: string;
  positionRankId: string;
  classifiedGrades: string;
  firstlogin: boolean;
  /** shown in the navbar */
  name: string;
  /** head_1 … head_16 */
  avatar: string;
  roles: string[];
  /** the roles the user holds, to switch between */
  roleOptions: RoleOption[];
  /** the role the session is limited to after a switch; null = every role the user holds */
  activeRole: string | null;
}

export interface SessionState extends SessionProfile {
  login(credentials: Credentials): Promise<void>;
  fetchUserInfo(): Promise<UserInfo>;
  logout(): Promise<void>;
  resetToken(): void;
  setFirstlogin(value: boolean): void;
  /** spec §4 "Role switch": a new session for the role, the profile and routes again, no tabs */
  switchRole(roleKey: string): Promise<void>;
}

const AVATAR_PATTERN = /^head_(?:[1-9]|1[0-6])$/;

function emptyProfile(): SessionProfile {
  return {
    token: '',
    userId: '',
    userName: '',
    realName: '',
    dpmtId: '',
    dpmtName: '',
    rank: '',
    positionId: '',
    positionRankId: '',
    classifiedGrades: '',
    firstlogin: false,
    name: '',
    avatar: DEFAULT_AVATAR,
    roles: [],
    roleOptions: [],
    activeRole: null,
  };
}

// On a reload the profile comes back from session storage; roles and permissions are not kept
// there, they come back with the user-info call the route guard makes.
function storedProfile(): SessionProfile {
  const realName = readSessionValue('realName');
  const userName = readSessionValue('userName');
  return {
    ...emptyProfile(),
    token: readSessionValue('token'),
    userId: readSessionValue('userId'),
    userName,
    realName,
    dpmtId: readSessionValue('dpmtId'),
    dpmtName: readSessionValue('dpmtName'),
    rank: readSessionValue('rank'),
    positionId: readSessionValue('positionId'),
    positionRankId: readSessionValue('positionRankId'),
    classifiedGrades: readSessionValue('classifiedGrades'),
    firstlogin: readSessionValue('firstlogin') === 'true',
    name: realName || userName,
  };
}

/** The head icon a profile names, or the default one for anything else (uploads, empty). */
export function avatarName(personImage: string | null | undefined): string {
  return personImage && AVATAR_PATTERN.test(personImage) ? personImage : DEFAULT_AVATAR;
}

// Routes, permissions and tabs belong to the session: they go when it goes.
function forgetSessionState(): void {
  usePermissionStore.getState().reset();
  useTabsStore.getState().reset();
  queryClient.clear();
}

function keepToken(token: string): void {
  writeSessionValues({ token });
  Cookies.set(TOKEN_COOKIE, token, { sameSite: 'strict' });
}

// The look-and-feel settings and the language belong to the person at this browser, not to the
// session, so the spec's "local storage is cleared" at logout spares them.
const PREFERENCE_KEYS = [SETTINGS_STORAGE_KEY, LANGUAGE_STORAGE_KEY];

function clearLocalStorageButPreferences(): void {
  const kept = PREFERENCE_KEYS.map((key) => [key, localStorage.getItem(key)] as const);
  localStorage.clear();
  for (const [key, value] of kept) if (value !== null) localStorage.setItem(key, value);
}

export const useSessionStore = create<SessionState>()((set, get) => ({
  ...storedProfile(),

  async login(credentials) {
    const result = await loginRequest({
      userName: credentials.userName.trim(),
      password: credentials.password,
    });
    const userName = credentials.userName.trim();
    writeSessionValues({ userId: result.userId, userName, firstlogin: result.firstlogin });
    keepToken(result.token);
    set({
      token: result.token,
      userId: String(result.userId),
      userName,
      name: userName,
      firstlogin: result.firstlogin,
    });
  },

  async fetchUserInfo() {
    const info = await userInfoRequest(get().userId);
    writeSessionValues({
      userName: info.userName,
      realName: info.realName,
      dpmtId: info.departmentId,
      dpmtName: info.departmentName,
      rank: info.rank,
      positionId: info.positionId,
      positionRankId: info.positionRankId,
      classifiedGrades: info.classifiedGrades,
      firstlogin: info.firstlogin,
    });
    set({
      userName: info.userName,
      realName: info.realName ?? '',
      dpmtId: info.departmentId === null ? '' : String(info.departmentId),
      dpmtName: info.departmentName ?? '',
      rank: info.rank ?? '',
      positionId: info.positionId === null ? '' : String(info.positionId),
      positionRankId: info.positionRankId === null ? '' : String(info.positionRankId),
      classifiedGrades: info.classifiedGrades ?? '',
      firstlogin: info.firstlogin,
      name: info.realName || info.userName,
      avatar: avatarName(info.personImage),
      // spec §6: the roles value comes from the user name when the server names no role
      roles: info.roles.length > 0 ? info.roles.map((role) => role.roleKey) : [info.userName],
      roleOptions: info.heldRoles.map(({ roleKey, roleName }) => ({ roleKey, roleName })),
      activeRole: info.activeRole,
    });
    // What the user may do is kept with what they may see: the permission store (see there).
    usePermissionStore.getState().setPermissions(info.permissions);
    return info;
  },

  async logout() {
    try {
      await logoutRequest();
    } finally {
      // Signing out locally must not depend on the server answering: the token is dropped anyway.
      // the stores first: resetting the tab store writes its empty list, which the clear then removes
      forgetSessionState();
      set(emptyProfile());
      clearLocalStorageButPreferences();
      sessionStorage.clear();
      Cookies.remove(TOKEN_COOKIE);
    }
  },

  resetToken() {
    forgetSessionState();
    set(emptyProfile());
    sessionStorage.clear();
    Cookies.remove(TOKEN_COOKIE);
  },

  setFirstlogin(value) {
    writeSessionValues({ firstlogin: value });
    set({ firstlogin: value });
  },

  async switchRole(roleKey) {
    const { token } = await switchRoleRequest(roleKey);
    keepToken(token);
    set({ token });
    // nothing read under the old role may show under the new one
    queryClient.clear();
    useTabsStore.getState().reset();
    await get().fetchUserInfo();
    // the pages inside the shell need the manifest: asked for beside the route list, not after it
    prefetchManifest();
    await usePermissionStore.getState().generateRoutes();
  },
}));
