// @vitest-environment node
// A time written by jsonTime is the text JSON.stringify writes for the Date, for every kind of
// date a timestamp column can hold and the odd ones it cannot.
import { describe, expect, it } from 'vitest';
import { jsonTime } from '../../../server/http/jsonTime.ts';

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
