import { describe, expect, it } from 'vitest';
import { chineseWeekday, formatDayCount, formatTime, weekdayNumber } from '../../../src/utils/time.ts';

describe('time formatting (spec §9)', () => {
  it('uses year-month-day hour:minute:second with two-digit padding by default', () => {
    expect(formatTime(new Date(2026, 0, 5, 7, 8, 9))).toBe('2026-01-05 07:08:09');
  });

  it('reads a 10-digit timestamp as seconds', () => {
    const seconds = Math.floor(new Date(2026, 2, 1, 12, 0, 0).getTime() / 1000);
    expect(String(seconds)).toHaveLength(10);
    expect(formatTime(seconds)).toBe('2026-03-01 12:00:00');
    expect(formatTime(String(seconds))).toBe('2026-03-01 12:00:00');
    expect(formatTime(seconds * 1000)).toBe('2026-03-01 12:00:00');
  });

  it('names weekdays in Chinese from Monday to Sunday, Sunday being 7', () => {
    // 2026-11-16 is a Monday, 2026-11-22 a Sunday
    const week = [16, 17, 18, 19, 20, 21, 22].map((day) => new Date(2026, 10, day));
    expect(week.map(weekdayNumber)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(week.map(chineseWeekday).join('')).toBe('一二三四五六日');
  });

  it('shows a day count as days, hours, minutes and seconds', () => {
    const span = ((1 * 24 + 2) * 60 + 3) * 60_000 + 4000;
    expect(formatDayCount(span)).toBe('1天2小时3分钟4秒');
    expect(formatDayCount(span, 'en')).toBe('1 d 2 h 3 min 4 s');
  });

  it('starts a day count at its largest unit, keeping the zeros after it', () => {
    expect(formatDayCount(65_000)).toBe('1分钟5秒');
    expect(formatDayCount(2 * 86_400_000 + 5000)).toBe('2天0小时0分钟5秒');
    expect(formatDayCount(40 * 86_400_000)).toBe('40天0小时0分钟0秒');
    expect(formatDayCount(0)).toBe('0秒');
    expect(formatDayCount(-5000)).toBe('0秒');
  });
});
