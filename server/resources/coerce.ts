// Form-encoded bodies and query strings carry every value as text (docs/api.md); this turns a
// value into the type its field declares, or says why it cannot. JSON bodies pass through
// the same path, so both encodings mean the same thing, and list filters (listQuery.ts) and
// writes (input.ts) read a value by the same rules: `pinned=1` is true in both.
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import { isInt4 } from '../../runtime/schema/inputLimits.ts';
import type { Field, Lang } from '../../runtime/schema/types.ts';
import { validationMessage } from '../../runtime/schema/validationMessages.ts';

dayjs.extend(customParseFormat);

export type Coerced = { ok: true; value: unknown } | { ok: false; message: string };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const WHOLE = /^[+-]?\d+$/;
// ISO 8601 (`T`) or the space the product's own format puts there, seconds and fraction optional;
// without an offset the time is the server's time zone
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?)(Z|[+-]\d{2}:?\d{2})?$/i;
const LOCAL_FORMATS = [
  'YYYY-MM-DD HH:mm',
  'YYYY-MM-DD HH:mm:ss',
  'YYYY-MM-DD HH:mm:ss.S',
  'YYYY-MM-DD HH:mm:ss.SS',
  'YYYY-MM-DD HH:mm:ss.SSS',
];

/** A calendar day PostgreSQL stores: year 1 to 9999, a month's real days. */
export function isDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return year >= 1 && days !== undefined && day >= 1 && day <= days;
}

/** The instant a date-time text names, as ISO 8601 in UTC, within years 1 to 9999; undefined when it names none. */
export function parseDateTime(text: string): string | undefined {
  const match = DATE_TIME.exec(text.trim());
  if (!match) return undefined;
  const [, day, time, offset] = match;
  if (!isDate(day)) return undefined;
  // strict parsing checks every part (month 13, 30 February, 24:00 are refused)
  const local = dayjs(`${day} ${time}`, LOCAL_FORMATS, true);
  if (!local.isValid()) return undefined;
  const instant = offset
    ? Date.parse(
        `${day}T${local.format('HH:mm:ss.SSS')}${offset.toUpperCase() === 'Z' ? 'Z' : `${offset.slice(0, 3)}:${offset.slice(-2)}`}`,
      )
    : local.valueOf();
  if (!Number.isFinite(instant)) return undefined;
  const year = new Date(instant).getUTCFullYear();
  return year >= 1 && year <= 9999 ? new Date(instant).toISOString() : undefined;
}

/** NaN for anything that is not a number or numeric text ('' included, which Number() reads as 0). */
function toNumber(raw: unknown): number {
  if (typeof raw === 'number') return raw;
  return typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : Number.NaN;
}

/**
 * A whole number an int4 column holds, from a number or from decimal digits: text such as
 * `1e3`, `0x10` or `Infinity` is not how anyone writes a count or an id.
 */
export function toInt4(raw: unknown): number | null {
  if (typeof raw === 'string' && !WHOLE.test(raw.trim())) return null;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : Number.NaN;
  // -0 is 0 to PostgreSQL; as an id it is simply below 1
  return isInt4(n) ? n + 0 : null;
}

function scalar(field: Field, raw: unknown, lang: Lang): Coerced {
  if (raw === null) return { ok: true, value: null };
  const refuse = (keyword: string): Coerced => ({
    ok: false,
    message: validationMessage(lang, keyword, { title: field.title[lang] }),
  });
  switch (field.type) {
    case 'integer':
    case 'ref':
    case 'tree-parent': {
      const n = toInt4(raw);
      return n === null ? refuse('wholeNumber') : { ok: true, value: n };
    }
    case 'number': {
      const n = toNumber(raw);
      return Number.isFinite(n) ? { ok: true, value: n } : refuse('number');
    }
    case 'boolean': {
      if (typeof raw === 'boolean') return { ok: true, value: raw };
      if (raw === 'true' || raw === '1' || raw === 1) return { ok: true, value: true };
      if (raw === 'false' || raw === '0' || raw === 0) return { ok: true, value: false };
      return refuse('boolean');
    }
    case 'enum': {
      const option = (field.options ?? []).find((o) => String(o.value) === String(raw));
      return option ? { ok: true, value: option.value } : refuse('oneOf');
    }
    case 'date': {
      const text = typeof raw === 'string' ? raw.trim() : '';
      return isDate(text) ? { ok: true, value: text } : refuse('dateText');
    }
    case 'datetime': {
      const value = typeof raw === 'string' ? parseDateTime(raw) : undefined;
      return value === undefined ? refuse('dateTimeText') : { ok: true, value };
    }
    case 'json': {
      if (typeof raw !== 'string') return { ok: true, value: raw };
      try {
        return { ok: true, value: JSON.parse(raw) };
      } catch {
        return refuse('invalid');
      }
    }
    default: {
      if (typeof raw === 'object') return refuse('type');
      const text = String(raw);
      if (text.includes('\u0000')) return refuse('nul');
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

export function coerceField(field: Field, raw: unknown, lang: Lang = 'zh'): Coerced {
  if (raw === undefined) return { ok: true, value: undefined };
  if (field.multiple) {
    // ids=1&ids=2 arrives as an array, ids=1 as one value, ids= as '' (the empty list)
    const list = Array.isArray(raw) ? raw : raw === '' || raw === null ? [] : [raw];
    const values: unknown[] = [];
    for (const item of list) {
      if (item === '') continue;
      const one = scalar(field, item, lang);
      if (!one.ok) return one;
      values.push(one.value);
    }
    return { ok: true, value: [...new Set(values)] };
  }
  if (Array.isArray(raw))
    return { ok: false, message: validationMessage(lang, 'single', { title: field.title[lang] }) };
  if (blank(field, raw)) return { ok: true, value: null };
  return scalar(field, raw, lang);
}

/** `ids` of a batch body: a non-empty list of positive whole numbers. */
export function coerceIds(raw: unknown): { ok: true; ids: number[] } | { ok: false; message: string } {
  const list = Array.isArray(raw) ? raw : raw === undefined || raw === '' ? [] : [raw];
  const ids: number[] = [];
  for (const item of list) {
    const n = toInt4(item);
    if (n === null || n < 1) return { ok: false, message: 'must be a list of ids' };
    ids.push(n);
  }
  if (ids.length === 0) return { ok: false, message: 'required' };
  if (ids.length > 1000) return { ok: false, message: 'at most 1000 ids' };
  return { ok: true, ids: [...new Set(ids)] };
}

/** A row id (a positive int4) from a path or a body; null when it cannot be one. */
export function parseId(raw: unknown): number | null {
  const n = toInt4(raw);
  return n !== null && n > 0 ? n : null;
}

/**
 * A write body's values brought to their fields' types by the rules above, before the schema's
 * validator sees them, so a write reads `pinned=1` or `2026-11-01 10:00:00` as a filter does.
 * Only `fields` (those the write may set) are read; anything else is left for the validator
 * to refuse. A value that cannot be read is a problem named by its field.
 */
export function coerceBody(
  fields: Field[],
  body: Record<string, unknown>,
  lang: Lang,
): { value: Record<string, unknown>; errors: Record<string, string> } {
  const value = { ...body };
  const errors: Record<string, string> = {};
  for (const field of fields) {
    if (!Object.hasOwn(body, field.name)) continue;
    const coerced = coerceField(field, body[field.name], lang);
    if (!coerced.ok) errors[field.name] = coerced.message;
    else if (coerced.value === null && field.required)
      errors[field.name] = validationMessage(lang, 'required', { title: field.title[lang] });
    else value[field.name] = coerced.value;
  }
  return { value, errors };
}
