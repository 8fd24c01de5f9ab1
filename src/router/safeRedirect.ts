import { HOME_PATH, LOGIN_PATH } from '../config.ts';

/**
 * The page a `redirect` query may send the user to: a path inside the app, never another site
 * ('//host') and never the sign-in page itself; anything else means the home page.
 */
export function safeRedirect(value: string | null): string {
  const inside = value?.startsWith('/') && !value.startsWith('//') && !value.startsWith(LOGIN_PATH);
  return inside ? value! : HOME_PATH;
}
