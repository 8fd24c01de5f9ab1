// Reading the body every response carries (docs/api.md): `{ meta: { success, message }, data }`.
// The shapes themselves are the wire contract's, shared with the server.

import type { Envelope, Meta } from '../contract.ts';

export type { Envelope, ListResult, Meta } from '../contract.ts';

export function isEnvelope(body: unknown): body is Envelope {
  if (body === null || typeof body !== 'object') return false;
  const meta = (body as { meta?: unknown }).meta;
  return meta !== null && typeof meta === 'object' && typeof (meta as Meta).success === 'boolean';
}

/** `data.errors` of a validation (400) or unique-conflict (409) answer, when it is a field → message map. */
export function fieldErrorsOf(data: unknown): Record<string, string> | undefined {
  if (data === null || typeof data !== 'object') return undefined;
  const errors = (data as { errors?: unknown }).errors;
  if (errors === null || typeof errors !== 'object' || Array.isArray(errors)) return undefined;
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    if (typeof message === 'string') out[field] = message;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
