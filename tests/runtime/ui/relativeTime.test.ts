// Recent times as how long ago they were, by a clock the test gives.
import { describe, expect, it } from 'vitest';
import { relativeTime } from '../../../runtime/ui/relativeTime.ts';

const NOW = new Date('2026-11-25T12:00:00+08:00').getTime();
const earlier = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;

describe('relativeTime', () => {
  it.each([
    [earlier(0), '刚刚', 'just now'],
    [earlier(59_000), '刚刚', 'just now'],
    [earlier(MIN), '1分钟前', '1 min ago'],
    [earlier(59 * MIN), '59分钟前', '59 min ago'],
    [earlier(60 * MIN), '1小时前', '1 h ago'],
    [earlier(23 * 60 * MIN + 59 * MIN), '23小时前', '23 h ago'],
    [earlier(24 * 60 * MIN), '1天前', '1 d ago'],
    [earlier(6 * 24 * 60 * MIN), '6天前', '6 d ago'],
  ])('%s reads %s', (value, zh, en) => {
    expect(relativeTime(value, 'zh', NOW)).toBe(zh);
    expect(relativeTime(value, 'en', NOW)).toBe(en);
  });

  it('gives the date from a week ago on, and the full time for a time ahead', () => {
    expect(relativeTime('2026-11-18T12:00:00+08:00', 'zh', NOW)).toMatch(/^2026-11-1[78]$/);
    expect(relativeTime(new Date(NOW + 5 * MIN), 'zh', NOW)).toMatch(/^2026-11-25 \d\d:05:00$/);
  });

  it('reads 10-digit timestamps as seconds, and nothing for what is not a time', () => {
    expect(relativeTime(Math.floor((NOW - 3 * MIN) / 1000), 'zh', NOW)).toBe('3分钟前');
    expect(relativeTime(undefined, 'zh', NOW)).toBeUndefined();
    expect(relativeTime('', 'zh', NOW)).toBeUndefined();
    expect(relativeTime('soon', 'zh', NOW)).toBeUndefined();
  });
});
