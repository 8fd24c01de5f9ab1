// @vitest-environment node
// Text from query strings and form bodies read as the declared type: only values an int4,
// a date or a timestamptz column holds get through.
import { describe, expect, it } from 'vitest';
import type { Field } from '../../../runtime/schema/types.ts';
import { coerceField, coerceIds, isDate, parseId, toInt4 } from '../../../server/resources/coerce.ts';

const field = (type: Field['type']): Field =>
  ({ name: 'f', column: 'f', type, title: { zh: 'f', en: 'f' } }) as unknown as Field;

describe('coerce', () => {
  it('reads int4 whole numbers from numbers and decimal digits only', () => {
    expect(toInt4('42')).toBe(42);
    expect(toInt4(' -7 ')).toBe(-7);
    expect(toInt4(2147483647)).toBe(2147483647);
    expect(toInt4('-2147483648')).toBe(-2147483648);
    expect(Object.is(toInt4('-0'), 0)).toBe(true);
    for (const bad of [
      '2147483648',
      '-2147483649',
      '1e3',
      '0x10',
      'Infinity',
      '1.5',
      '',
      ' ',
      'abc',
      1.5,
      1e20,
      Number.NaN,
      null,
      [],
      {},
    ])
      expect(toInt4(bad), String(bad)).toBeNull();
  });

  it('takes ids as positive int4 only', () => {
    expect(parseId('12')).toBe(12);
    for (const bad of ['0', '-0', '-1', '2147483648', '1e2', 'abc', undefined])
      expect(parseId(bad)).toBeNull();
    expect(coerceIds(['1', 2, '2'])).toEqual({ ok: true, ids: [1, 2] });
    expect(coerceIds(['2147483648'])).toEqual({ ok: false, message: 'must be a list of ids' });
    expect(coerceIds([1e20])).toEqual({ ok: false, message: 'must be a list of ids' });
  });

  it('knows the calendar: no year 0000, no 30 February, 29 February in leap years only', () => {
    expect(isDate('2024-02-29')).toBe(true);
    expect(isDate('2000-02-29')).toBe(true);
    expect(isDate('1900-02-29')).toBe(false);
    expect(isDate('2026-02-29')).toBe(false);
    expect(isDate('2026-02-30')).toBe(false);
    expect(isDate('0000-01-01')).toBe(false);
    expect(isDate('0001-01-01')).toBe(true);
    expect(isDate('2026-13-01')).toBe(false);
    expect(isDate('2026-1-1')).toBe(false);
  });

  it('reads moments within years 1 to 9999 and refuses the rest instead of throwing', () => {
    expect(coerceField(field('datetime'), '2026-01-02T03:04:05+08:00')).toEqual({
      ok: true,
      value: '2026-01-01T19:04:05.000Z',
    });
    for (const bad of [1e20, '+275760-09-13T00:00:00Z', '10000-01-01', 'tomorrow'])
      expect(coerceField(field('datetime'), bad), String(bad)).toMatchObject({ ok: false });
  });

  it('refuses integers past int4, numbers past a double and text with a NUL character', () => {
    expect(coerceField(field('integer'), '2147483648')).toMatchObject({ ok: false });
    expect(coerceField(field('ref'), '1e20')).toMatchObject({ ok: false });
    expect(coerceField(field('number'), '1e400')).toMatchObject({ ok: false });
    expect(coerceField(field('number'), '1.5')).toEqual({ ok: true, value: 1.5 });
    expect(coerceField(field('string'), 'a\u0000b')).toMatchObject({ ok: false });
  });
});
