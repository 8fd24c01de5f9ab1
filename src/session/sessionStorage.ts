// The spec's session-storage keys (§9). The session store writes them; the HTTP client reads the
// token straight from here so that it does not have to import the store that imports it.

export const SESSION_KEYS = [
  'token',
  'userId',
  'userName',
  'realName',
  'dpmtId',
  'dpmtName',
  'rank',
  'positionId',
  'positionRankId',
  'classifiedGrades',
  'firstlogin',
] as const;

export type SessionKey = (typeof SESSION_KEYS)[number];

export function readSessionValue(key: SessionKey): string {
  return sessionStorage.getItem(key) ?? '';
}

/**
 * Writes each value that has one. A value that is null, undefined or empty text removes the key
 * instead: a profile without a rank has no `rank` key rather than an empty one, and a stale value
 * cannot linger. Reading a missing key gives '' (readSessionValue), as before.
 */
export function writeSessionValues(
  values: Partial<Record<SessionKey, string | number | boolean | null>>,
): void {
  for (const [key, value] of Object.entries(values)) {
    if (value === null || value === undefined || value === '') sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, String(value));
  }
}

export function readToken(): string | undefined {
  return sessionStorage.getItem('token') || undefined;
}
