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
