// Sign-in, sign-out, the profile and the password: the calls docs/api.md names for the session.

import { API_PATHS, type LoginResult, type UserInfo } from '../../runtime/contract.ts';
import { getData, postData } from './http.ts';

export interface Credentials {
  userName: string;
  password: string;
}

/** Silent: the login form shows the failure beside itself rather than as a toast (spec §8). */
export function loginRequest(credentials: Credentials): Promise<LoginResult> {
  return postData<LoginResult>(API_PATHS.login, credentials, { silent: true });
}

export function logoutRequest(): Promise<unknown> {
  return getData<unknown>(API_PATHS.logout);
}

export function userInfoRequest(userId: string | number): Promise<UserInfo> {
  return getData<UserInfo>(API_PATHS.userInfo(userId));
}

/** A new session limited to one role the user holds (docs/api.md); the old token stops working. */
export function switchRoleRequest(roleKey: string): Promise<{ token: string }> {
  return postData<{ token: string }>(API_PATHS.roleSwitch, { roleKey });
}
