// A recent time as how long ago it was, where recency is what the reader wants to know (the
// dashboard, the reports inbox, a row's history): 刚刚, N分钟前, N小时前, N天前 up to a week, then
// the date. A time ahead (a scheduled publication) is never "ago": it shows as its date and time.
import { DATE_FORMAT } from '../client/constants.ts';
import type { Lang } from '../schema/types.ts';
import { formatTime, toDayjs } from './formatTime.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** past this a day count stops helping and the date says more */
const DAYS_SHOWN = 7;

const WORDS = {
  zh: { now: '刚刚', minutes: '{n}分钟前', hours: '{n}小时前', days: '{n}天前' },
  en: { now: 'just now', minutes: '{n} min ago', hours: '{n} h ago', days: '{n} d ago' },
} as const;

/**
 * `now` is the reader's clock (a parameter, so a caller or a test decides it). Undefined for
 * what is not a time, like formatTime's empty text.
 */
export function relativeTime(value: unknown, lang: Lang, now: number = Date.now()): string | undefined {
  const time = toDayjs(value);
  if (!time) return undefined;
  const ago = now - time.valueOf();
  if (ago < 0) return formatTime(time.toDate());
  const words = WORDS[lang];
  const say = (template: string, n: number) => template.replace('{n}', String(n));
  if (ago < MINUTE) return words.now;
  if (ago < HOUR) return say(words.minutes, Math.floor(ago / MINUTE));
  if (ago < DAY) return say(words.hours, Math.floor(ago / HOUR));
  if (ago < DAYS_SHOWN * DAY) return say(words.days, Math.floor(ago / DAY));
  return time.format(DATE_FORMAT);
}
