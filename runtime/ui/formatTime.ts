// Dates as the spec shows them (§9): `YYYY-MM-DD HH:mm:ss`, and a 10-digit number is seconds.
import dayjs from 'dayjs';
import { DATETIME_FORMAT } from '../client/constants.ts';

export function toDayjs(value: unknown): dayjs.Dayjs | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  let input: string | number | Date;
  if (typeof value === 'number') input = value;
  else if (typeof value === 'string' && /^\d+$/.test(value)) input = Number(value);
  else if (typeof value === 'string' || value instanceof Date) input = value;
  else return undefined;
  if (typeof input === 'number' && String(Math.trunc(input)).length === 10) input *= 1000;
  const parsed = dayjs(input);
  return parsed.isValid() ? parsed : undefined;
}

/** The text for a date or time value; what cannot be read as a date is shown as it came. */
export function formatTime(value: unknown, format: string = DATETIME_FORMAT): string {
  const parsed = toDayjs(value);
  if (parsed) return parsed.format(format);
  return value === null || value === undefined ? '' : String(value);
}
