// Spec §9's time rules. The default pattern and the 10-digit-seconds rule live in runtime/ui's
// formatTime (the generated list cells use them too); the weekday and duration rules are the
// shell's. dayjs does the arithmetic.

import dayjs from 'dayjs';
import duration from 'dayjs/plugin/duration';
import isoWeek from 'dayjs/plugin/isoWeek';
import type { Lang } from '../../runtime/schema/types.ts';
import { formatTime, toDayjs } from '../../runtime/ui/formatTime.ts';

dayjs.extend(duration);
dayjs.extend(isoWeek);

export { formatTime };

/** Monday to Sunday; index 0 is weekday 1. */
const CHINESE_WEEKDAYS = ['一', '二', '三', '四', '五', '六', '日'] as const;

/** The weekday as the spec counts it: Monday 1 … Sunday 7; a dayjs value, a Date, a timestamp or a date text. */
export function weekdayNumber(value: unknown): number | undefined {
  return (dayjs.isDayjs(value) ? value : toDayjs(value))?.isoWeekday();
}

/** The weekday's Chinese name ('一' … '日'), whatever language the interface speaks. */
export function chineseWeekday(value: unknown): string {
  const day = weekdayNumber(value);
  return day === undefined ? '' : CHINESE_WEEKDAYS[day - 1];
}

const UNITS: Record<Lang, [string, string, string, string]> = {
  zh: ['天', '小时', '分钟', '秒'],
  en: [' d ', ' h ', ' min ', ' s'],
};

/**
 * A span of time as days, hours, minutes and seconds, from the largest unit that is not zero:
 * 93784 s → '1天2小时3分钟4秒', 65 s → '1分钟5秒', 0 → '0秒'.
 */
export function formatDayCount(milliseconds: number, lang: Lang = 'zh'): string {
  const total = dayjs.duration(Math.max(0, milliseconds));
  const days = Math.floor(total.asDays());
  // dayjs counts spans of a month or more in 30.4-day months; the rest of the last day is exact
  const rest = dayjs.duration(total.asMilliseconds() - days * 86_400_000);
  const parts = [days, rest.hours(), rest.minutes(), rest.seconds()];
  const first = parts.findIndex((part) => part > 0);
  const from = first === -1 ? parts.length - 1 : first;
  return parts
    .slice(from)
    .map((part, i) => `${part}${UNITS[lang][from + i]}`)
    .join('')
    .trim();
}
