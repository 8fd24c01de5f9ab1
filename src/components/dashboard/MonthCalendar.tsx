// A month as a grid, Monday first as spec §9 counts the week (Monday 1 … Sunday 7), with a mark
// under the days that have something on them. Drawn here rather than with antd's Calendar, which
// brings the whole date picker and two selects to a page that only shows a month.

import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import type { Lang } from '../../../runtime/schema/types.ts';
import { weekdayNumber } from '../../utils/time.ts';

export interface MonthCalendarProps {
  /** the first day of the month shown */
  month: Dayjs;
  onMonth(month: Dayjs): void;
  lang: Lang;
  /** how many things happened on a day ('YYYY-MM-DD') */
  marks: ReadonlyMap<string, number>;
  markLabel(count: number): string;
  previousLabel: string;
  nextLabel: string;
}

const WEEKDAY_NAMES: Record<Lang, string[]> = {
  zh: ['一', '二', '三', '四', '五', '六', '日'],
  en: ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'],
};

/** The days of the grid: whole weeks from the Monday on or before the 1st to the Sunday on or after the last. */
export function monthGrid(month: Dayjs): Dayjs[] {
  const first = month.startOf('month');
  const start = first.subtract((weekdayNumber(first) ?? 1) - 1, 'day');
  const last = month.endOf('month');
  const end = last.add(7 - (weekdayNumber(last) ?? 7), 'day');
  const days: Dayjs[] = [];
  for (let day = start; !day.isAfter(end, 'day'); day = day.add(1, 'day')) days.push(day);
  return days;
}

export function MonthCalendar({
  month,
  onMonth,
  lang,
  marks,
  markLabel,
  previousLabel,
  nextLabel,
}: MonthCalendarProps) {
  const today = dayjs().format('YYYY-MM-DD');
  const days = monthGrid(month);
  const weeks = Array.from({ length: days.length / 7 }, (_, i) => days.slice(i * 7, i * 7 + 7));
  const title = lang === 'zh' ? month.format('YYYY年M月') : month.locale('en').format('MMMM YYYY');

  return (
    <div className="month-calendar" data-testid="month-calendar">
      <div className="month-calendar-head">
        <button type="button" aria-label={previousLabel} onClick={() => onMonth(month.subtract(1, 'month'))}>
          <LeftOutlined aria-hidden />
        </button>
        <strong aria-live="polite">{title}</strong>
        <button type="button" aria-label={nextLabel} onClick={() => onMonth(month.add(1, 'month'))}>
          <RightOutlined aria-hidden />
        </button>
      </div>
      <table>
        <thead>
          <tr>
            {WEEKDAY_NAMES[lang].map((name) => (
              <th key={name} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0].format('YYYY-MM-DD')}>
              {week.map((day) => {
                const key = day.format('YYYY-MM-DD');
                const count = marks.get(key) ?? 0;
                const classes = [
                  day.month() !== month.month() && 'other-month',
                  key === today && 'today',
                  count > 0 && 'marked',
                ].filter(Boolean);
                return (
                  <td
                    key={key}
                    className={classes.join(' ') || undefined}
                    title={count > 0 ? markLabel(count) : undefined}
                    aria-current={key === today ? 'date' : undefined}
                  >
                    <span>{day.date()}</span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
