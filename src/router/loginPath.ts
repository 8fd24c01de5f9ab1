import { LOGIN_PATH } from '../config.ts';

/** The sign-in page, told where to come back to. */
export function loginPath(location: { pathname: string; search: string }): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(location.pathname + location.search)}`;
}
