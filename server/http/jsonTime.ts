// A time as a JSON answer writes it: `JSON.stringify` turns a Date into its `toISOString()` text
// (null for an invalid one). Written here from the date's UTC parts, which costs a third of
// `toISOString()` on Node 20 (and JSON.stringify calling toJSON for each Date costs more still): a
// list page of 20 contents carries 60–80 times, which were a fifth of the list's own CPU time a
// request (docs/benchmarks.md, "Lists"). The text is the same, character for character.

/** '00' … '99' */
const TWO_DIGITS = Array.from({ length: 100 }, (_, i) => (i < 10 ? `0${i}` : `${i}`));

/** The value JSON.stringify writes for `date`: its ISO text, or null when it is not a valid time. */
export function jsonTime(date: Date): string | null {
  const year = date.getUTCFullYear();
  // NaN (an invalid date) fails both tests; years outside 0–9999 take toISOString's ±YYYYYY form
  if (!(year >= 1000 && year <= 9999)) return Number.isNaN(year) ? null : date.toISOString();
  const ms = date.getUTCMilliseconds();
  return `${year}-${TWO_DIGITS[date.getUTCMonth() + 1]}-${TWO_DIGITS[date.getUTCDate()]}T${TWO_DIGITS[date.getUTCHours()]}:${TWO_DIGITS[date.getUTCMinutes()]}:${TWO_DIGITS[date.getUTCSeconds()]}.${ms < 10 ? '00' : ms < 100 ? '0' : ''}${ms}Z`;
}

/**
 * The same text for a `timestamptz` as PostgreSQL writes it in a UTC session ('2025-12-27
 * 02:08:00+00', '… 02:08:00.5+00', up to six digits of the second), without a Date between;
 * undefined for any other form (another offset, a year outside 1000–9999, BC, infinity), which
 * the caller parses. A Date keeps whole milliseconds, cut, not rounded, and so does this.
 */
export function jsonTimeOfPgText(text: string): string | undefined {
  const n = text.length;
  if (
    n < 22 ||
    text.charCodeAt(4) !== 45 /* - */ ||
    text.charCodeAt(10) !== 32 /* space */ ||
    text.charCodeAt(0) === 48 /* a year before 1000 */ ||
    text.charCodeAt(n - 3) !== 43 /* + */ ||
    text.charCodeAt(n - 2) !== 48 ||
    text.charCodeAt(n - 1) !== 48
  )
    return undefined;
  const fraction = n === 22 ? '' : text.charCodeAt(19) === 46 /* . */ ? text.slice(20, n - 3) : undefined;
  if (fraction === undefined || n > 29) return undefined;
  const ms = fraction.length >= 3 ? fraction.slice(0, 3) : fraction.padEnd(3, '0');
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${ms}Z`;
}
