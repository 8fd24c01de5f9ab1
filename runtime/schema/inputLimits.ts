// What a value must be for the database to store it: the range of the columns it lands in,
// no NUL character (PostgreSQL text and jsonb cannot hold one), and JSON no deeper than a
// recursive walk (ajv, structuredClone, JSON.stringify) can follow. The browser form, the
// server's validator and the request parsers all read their limits here.
import { FIELD_TYPE_SPECS } from './fieldTypes.ts';
import type { Field, JsonSchema } from './types.ts';

/** int4: every integer column, enum code, reference and row id is one. */
export const INT_MIN = -2_147_483_648;
export const INT_MAX = 2_147_483_647;

/** Past the largest finite double lie Infinity and NaN, which no JSON answer can carry. */
export const NUMBER_MAX = Number.MAX_VALUE;

/** Deepest nesting of objects and arrays a JSON body or a json field may have. */
export const MAX_JSON_DEPTH = 64;

/**
 * What PostgreSQL reads of the JSON Schema formats `date` and `date-time`: not year 0000 (its
 * calendar goes from 1 BC to 1 AD), nor a time zone offset of 16 hours or more.
 */
const YEAR_NOT_ZERO = '^(?!0000)';
const OFFSET_UNDER_16_HOURS = '(?!.*[+-](?:1[6-9]|[2-9]\\d)(?::?\\d\\d)?$)';

/** The bounds the column of a field puts on its values, as JSON Schema keywords. */
function storageLimits(field: Field, valueType: JsonSchema['type']): JsonSchema {
  // an enum's value is one of its options already
  if (field.type === 'enum') return {};
  if (valueType === 'integer') return { minimum: INT_MIN, maximum: INT_MAX };
  if (valueType === 'number') return { minimum: -NUMBER_MAX, maximum: NUMBER_MAX };
  if (field.type === 'date') return { pattern: YEAR_NOT_ZERO };
  if (field.type === 'datetime') return { pattern: `${YEAR_NOT_ZERO}${OFFSET_UNDER_16_HOURS}` };
  const sized = /^varchar\((\d+)\)$/.exec(FIELD_TYPE_SPECS[field.type].sql(field));
  return sized ? { maxLength: Number(sized[1]) } : {};
}

/**
 * Narrows the JSON Schema of one value of `field` to what its column stores, keeping any
 * narrower limit the field declares itself.
 */
export function limitToStorage(field: Field, schema: JsonSchema): void {
  const limits = storageLimits(field, schema.type);
  if (limits.minimum !== undefined)
    schema.minimum = Math.max(schema.minimum ?? limits.minimum, limits.minimum);
  if (limits.maximum !== undefined)
    schema.maximum = Math.min(schema.maximum ?? limits.maximum, limits.maximum);
  if (limits.maxLength !== undefined)
    schema.maxLength = Math.min(schema.maxLength ?? limits.maxLength, limits.maxLength);
  if (limits.pattern !== undefined && schema.pattern === undefined) schema.pattern = limits.pattern;
}

/** Whether a whole number fits an int4 column. */
export function isInt4(n: number): boolean {
  return Number.isInteger(n) && n >= INT_MIN && n <= INT_MAX;
}

/**
 * Whether JSON text nests deeper than `max`, read without parsing it: a linear scan that
 * counts brackets outside strings, so a body of a million `[` costs no stack at all.
 */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

/**
 * The path (`a.b.0`) of the first key or text holding a NUL character, '' for the value
 * itself, undefined when there is none. Walked with a stack of its own and bounded in depth,
 * so a hostile value costs no call stack.
 */
export function findNul(value: unknown, max = MAX_JSON_DEPTH): string | undefined {
  // a lone text (a header, most often) needs no walk: every request's headers pass here
  if (typeof value === 'string') return value.includes('\u0000') ? '' : undefined;
  if (value === undefined || value === null) return undefined;
  const stack: Array<{ value: unknown; path: string[] }> = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return path.join('.');
    } else if (v !== null && typeof v === 'object' && path.length < max) {
      for (const [key, item] of Object.entries(v)) {
        const at = [...path, key];
        if (key.includes('\u0000')) return at.join('.');
        stack.push({ value: item, path: at });
      }
    }
  }
  return undefined;
}
