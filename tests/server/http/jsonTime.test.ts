// @vitest-environment node
// A time written by jsonTime is the text JSON.stringify writes for the Date, for every kind of
// date a timestamp column can hold and the odd ones it cannot. jsonTimeOfPgText writes the same
// from PostgreSQL's text of a timestamptz, without a Date, or leaves the text to a parser.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { jsonTime, jsonTimeOfPgText } from '../../../server/http/jsonTime.ts';

const asJson = (date: Date) => JSON.stringify({ at: jsonTime(date) });
const reference = (date: Date) => JSON.stringify({ at: date });

describe('jsonTime', () => {
  it('writes what JSON.stringify writes, to the millisecond', () => {
    const times = [
      '2025-12-27T02:08:00.000Z',
      '2026-01-01T00:00:00.001Z',
      '2026-11-26T23:59:59.010Z',
      '1999-09-09T09:09:09.099Z',
      '2000-02-29T12:30:45.999Z',
      '1970-01-01T00:00:00.000Z',
      '1000-01-01T00:00:00.000Z',
      '9999-12-31T23:59:59.999Z',
    ].map((text) => new Date(text));
    // and a spread of times over ten years, each millisecond value among them
    for (let i = 0; i < 2000; i++) times.push(new Date(Date.UTC(2016, 0, 1) + i * 157_680_000_017));
    for (const date of times) expect(asJson(date), date.toISOString()).toBe(reference(date));
  });

  it('writes years outside 1000–9999 and invalid dates as JSON.stringify does', () => {
    const odd = [
      new Date('0999-12-31T23:59:59.999Z'),
      new Date('0001-01-01T00:00:00.000Z'),
      new Date(Date.UTC(-1, 0, 1)),
      new Date(Date.UTC(10_000, 0, 1)),
      new Date(8.64e15),
      new Date(Number.NaN),
      new Date('not a time'),
    ];
    for (const date of odd) expect(asJson(date), String(date.getTime())).toBe(reference(date));
    expect(jsonTime(new Date(Number.NaN))).toBeNull();
  });
});

/** A time as PostgreSQL writes a timestamptz in a UTC session: microseconds, trailing zeros dropped. */
function pgText(epochMs: number, micros: number): string {
  const iso = new Date(epochMs).toISOString();
  const fraction =
    `${String(new Date(epochMs).getUTCMilliseconds()).padStart(3, '0')}${String(micros).padStart(3, '0')}`.replace(
      /0+$/,
      '',
    );
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction ? `.${fraction}` : ''}+00`;
}

describe('jsonTimeOfPgText', () => {
  const parse = pg.types.getTypeParser(1184) as (text: string) => Date;

  it('writes what JSON.stringify writes for the Date pg would parse, for every fraction of a second', () => {
    const texts = ['2025-12-27 02:08:00+00', '2026-01-01 00:00:00.5+00', '2026-01-01 00:00:00.05+00'];
    for (let i = 0; i < 3000; i++)
      texts.push(pgText(Date.UTC(1000, 0, 1) + i * 94_670_000_017, (i * 37) % 1000));
    for (const text of [...texts, '1000-01-01 00:00:00+00', '9999-12-31 23:59:59.999999+00']) {
      expect(JSON.stringify({ at: jsonTimeOfPgText(text) }), text).toBe(JSON.stringify({ at: parse(text) }));
    }
  });

  it('leaves every other form to the parser', () => {
    for (const text of [
      '2025-12-27 10:08:00+08',
      '2025-12-27 07:38:00+05:30',
      '2025-12-26 21:08:00-05',
      '0999-12-31 23:59:59+00',
      '10000-01-01 00:00:00+00',
      '0044-03-15 12:00:00+00 BC',
      'infinity',
      '-infinity',
      '2025-12-27',
    ])
      expect(jsonTimeOfPgText(text), text).toBeUndefined();
  });
});
