// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { coerceLiteral, NOW } from '../../../runtime/schema/coerceLiteral.ts';
import type { RawField } from '../../../runtime/schema/metaSchema.ts';
import { inLang } from '../../../runtime/schema/problemMessages.ts';

function coerce(value: unknown, field: RawField, allowNow = false) {
  const messages: string[] = [];
  const result = coerceLiteral(value, field, 'f', (m) => messages.push(inLang(m, 'en')), { allowNow });
  return { result, messages };
}

describe('coerceLiteral', () => {
  const status: RawField = {
    type: 'enum',
    options: [
      { value: 0, zh: '草稿', en: 'Draft' },
      { value: 1, zh: '发布', en: 'Published' },
    ],
  };

  it('gives an enum literal the type of the matching option', () => {
    expect(coerce('1', status)).toEqual({ result: 1, messages: [] });
    expect(coerce(2, status).messages).toEqual([
      '"2" is not a value of the enum field "f"; expected one of: 0, 1',
    ]);
  });

  it('wants numbers for numeric and ref fields, booleans for boolean ones', () => {
    expect(coerce(3, { type: 'ref', ref: 'x', label: 'y' })).toEqual({ result: 3, messages: [] });
    expect(coerce('three', { type: 'integer' }).messages).toEqual([
      '"three" is not a number, but "f" is a integer field',
    ]);
    expect(coerce('yes', { type: 'boolean' }).messages).toEqual([
      '"yes" is not true or false, but "f" is a boolean field',
    ]);
  });

  it('accepts "now" and date text for dates only where the caller allows it', () => {
    expect(coerce(NOW, { type: 'datetime' }, true)).toEqual({ result: 'now', messages: [] });
    expect(coerce('2025-09-01T08:00:00+08:00', { type: 'datetime' }, true).messages).toEqual([]);
    expect(coerce('2025-09-01', { type: 'date' }, true).messages).toEqual([]);
    expect(coerce('tomorrow', { type: 'date' }, true).messages).toEqual([
      '"tomorrow" is not now or a YYYY-MM-DD date',
    ]);
    // in a condition "now" is just text, compared as such
    expect(coerce(NOW, { type: 'datetime' })).toEqual({ result: 'now', messages: [] });
  });

  it('keeps text as text', () => {
    expect(coerce(12, { type: 'string' })).toEqual({ result: '12', messages: [] });
    expect(coerce(null, { type: 'string' })).toEqual({ result: null, messages: [] });
  });
});
