// The body every response carries (docs/api.md): `{ meta: { success, message }, data }`.
import type { Envelope } from '../../runtime/contract.ts';

export function ok<T>(data: T, message = 'ok'): Envelope<T> {
  return { meta: { success: true, message }, data };
}

export function failure(message: string, data: unknown = null): Envelope {
  return { meta: { success: false, message }, data };
}
