// "3 分钟前" / "3 minutes ago": how long ago a time was, in the language shown, for a history
// where the order of recent saves matters more than their exact times (shown beside them).
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import 'dayjs/locale/zh-cn';
import type { Lang } from '../schema/types.ts';
import { toDayjs } from './formatTime.ts';

dayjs.extend(relativeTime);

/** How long ago `value` was; empty when it is no time. `now` is for a caller that holds one. */
export function fromNow(value: unknown, lang: Lang, now?: unknown): string {
  const time = toDayjs(value);
  if (!time) return '';
  const localized = time.locale(lang === 'zh' ? 'zh-cn' : 'en');
  const base = toDayjs(now);
  return base ? localized.from(base) : localized.fromNow();
}
