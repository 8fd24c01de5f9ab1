// Who may call a route, declared on the route itself (`config.access`). The auth plugin reads
// it before the body is parsed; an /api route that declares nothing is refused, so a route
// added without thinking about access fails closed.
import { type ApiError, forbidden, missingPermission, unauthorized } from '../http/errors.ts';
import { SERVER_MESSAGES } from '../http/messages.ts';
import { allows, type Grants } from './grants.ts';
import type { SessionUser } from './sessions.ts';

export type Access =
  /** no session needed (login, the public content service) */
  | { public: true }
  /** any signed-in user; `beforePasswordChange` lets a user who must change their password in */
  | { signedIn: true; beforePasswordChange?: boolean }
  /** a session holding any one of the codes */
  | { permission: string | readonly string[] };

export interface RequestAuth extends SessionUser {
  token: string;
  grants: Grants;
}

export function isPublic(access: Access | undefined): boolean {
  return access !== undefined && 'public' in access;
}

/** null when the request may go on, else the error to answer with. */
export function checkAccess(access: Access | undefined, auth: RequestAuth | null): ApiError | null {
  if (access === undefined) return forbidden(SERVER_MESSAGES.noAccessRule);
  if ('public' in access) return null;
  if (!auth) return unauthorized();
  const early = 'signedIn' in access && access.beforePasswordChange === true;
  if (auth.firstlogin && !early) return forbidden(SERVER_MESSAGES.passwordChangeRequired);
  if ('permission' in access) {
    const codes = typeof access.permission === 'string' ? [access.permission] : access.permission;
    if (!allows(auth.grants, codes)) return missingPermission(codes);
  }
  return null;
}
