// Form-encoded bodies and query strings carry every value as text (docs/api.md); this turns a
// value into the type its field declares, or says why it cannot. JSON bodies pass through
// the same path, so both encodings mean the same thing.
import type { Field } from '../../runtime/schema/types.ts';

export type Coerced = { ok: true; value: unknown } | { ok: false; message: string };

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** NaN for anything that is not a number or numeric text ('' included, which Number() reads as 0). */
function toNumber(raw: unknown): number {
  if (typeof raw === 'number') return raw;
  return typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : Number.NaN;
}

function scalar(field: Field, raw: unknown): Coerced {
  if (raw === null) return { ok: true, value: null };
  switch (field.type) {
    case 'integer':
    case 'ref':
    case 'tree-parent': {
      const n = toNumber(raw);
      return Number.isInteger(n) ? { ok: true, value: n } : { ok: false, message: 'must be a whole number' };
    }
    case 'number': {
      const n = toNumber(raw);
      return Number.isFinite(n) ? { ok: true, value: n } : { ok: false, message: 'must be a number' };
    }
    case 'boolean': {
      if (typeof raw === 'boolean') return { ok: true, value: raw };
      if (raw === 'true' || raw === '1' || raw === 1) return { ok: true, value: true };
      if (raw === 'false' || raw === '0' || raw === 0) return { ok: true, value: false };
      return { ok: false, message: 'must be true or false' };
    }
    case 'enum': {
      const option = (field.options ?? []).find((o) => String(o.value) === String(raw));
      return option
        ? { ok: true, value: option.value }
        : { ok: false, message: `must be one of ${(field.options ?? []).map((o) => o.value).join(', ')}` };
    }
    case 'date': {
      const text = String(raw);
      return DATE.test(text) && !Number.isNaN(Date.parse(text))
        ? { ok: true, value: text }
        : { ok: false, message: 'must be a date YYYY-MM-DD' };
    }
    case 'datetime': {
      const time = typeof raw === 'number' ? raw : Date.parse(String(raw));
      return Number.isNaN(time)
        ? { ok: false, message: 'must be a date and time' }
        : { ok: true, value: new Date(time).toISOString() };
    }
    case 'json': {
      if (typeof raw !== 'string') return { ok: true, value: raw };
      try {
        return { ok: true, value: JSON.parse(raw) };
      } catch {
        return { ok: false, message: 'must be JSON' };
      }
    }
    default: {
      if (typeof raw === 'object') return { ok: false, message: 'must be text' };
      const text = String(raw);
      return { ok: true, value: field.trim ? text.trim() : text };
    }
  }
}

/** An empty form value means "no value" for every type but text. */
function blank(field: Field, raw: unknown): boolean {
  const textual = [
    'string',
    'text',
    'richtext',
    'password',
    'url',
    'email',
    'phone',
    'image',
    'avatar',
    'file',
  ];
  return raw === '' && !textual.includes(field.type);
}

export function coerceField(field: Field, raw: unknown): Coerced {
  if (raw === undefined) return { ok: true, value: undefined };
  if (field.multiple) {
    // ids=1&ids=2 arrives as an array, ids=1 as one value, ids= as '' (the empty list)
    const list = Array.isArray(raw) ? raw : raw === '' || raw === null ? [] : [raw];
    const values: unknown[] = [];
    for (const item of list) {
      if (item === '') continue;
      const one = scalar(field, item);
      if (!one.ok) return one;
      values.push(one.value);
    }
    return { ok: true, value: [...new Set(values)] };
  }
  if (Array.isArray(raw)) return { ok: false, message: 'must be a single value' };
  if (blank(field, raw)) return { ok: true, value: null };
  return scalar(field, raw);
}

/** `ids` of a batch body: a non-empty list of positive whole numbers. */
export function coerceIds(raw: unknown): { ok: true; ids: number[] } | { ok: false; message: string } {
  const list = Array.isArray(raw) ? raw : raw === undefined || raw === '' ? [] : [raw];
  const ids: number[] = [];
  for (const item of list) {
    const n = typeof item === 'number' ? item : typeof item === 'string' ? Number(item) : Number.NaN;
    if (!Number.isInteger(n) || n < 1) return { ok: false, message: 'must be a list of ids' };
    ids.push(n);
  }
  if (ids.length === 0) return { ok: false, message: 'required' };
  if (ids.length > 1000) return { ok: false, message: 'at most 1000 ids' };
  return { ok: true, ids: [...new Set(ids)] };
}

export function parseId(raw: unknown): number | null {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
}
