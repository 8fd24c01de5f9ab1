// Form encoding as docs/api.md fixes it: an array is repeated keys, an empty array one empty value
// (so "clear every role" survives the trip), an object a JSON string. The spec asks for form posts.

function encodeScalar(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Encodes write bodies and query strings alike; `undefined` values are left out, `null` sends an empty value. */
export function encodeForm(values: Record<string, unknown>): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      if (value.length === 0) out.append(key, '');
      for (const item of value) out.append(key, encodeScalar(item));
      continue;
    }
    out.append(key, encodeScalar(value));
  }
  return out;
}

/** True for the `{...}` literals pages pass as bodies, not for FormData, Blob, URLSearchParams or strings. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
