import { fireEvent, render, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { MonthCalendar, monthGrid } from '../../../src/components/dashboard/MonthCalendar.tsx';

describe('MonthCalendar', () => {
  it('lays a month out in whole weeks from Monday to Sunday', () => {
    // November 2026 starts on a Sunday and ends on a Monday
    const days = monthGrid(dayjs('2026-11-01'));
    expect(days[0].format('YYYY-MM-DD')).toBe('2026-10-26');
    expect(days.at(-1)?.format('YYYY-MM-DD')).toBe('2026-12-06');
    expect(days).toHaveLength(42);
  });

  it('heads the columns with the Chinese weekday names, Monday first', () => {
    render(
      <MonthCalendar
        month={dayjs('2026-11-01')}
        onMonth={() => {}}
        lang="zh"
        marks={new Map([['2026-11-18', 3]])}
        markLabel={(count) => `${count} published`}
        previousLabel="previous"
        nextLabel="next"
      />,
    );
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      '一',
      '二',
      '三',
      '四',
      '五',
      '六',
      '日',
    ]);
    expect(screen.getByText('2026年11月')).toBeTruthy();
    expect(screen.getByTitle('3 published').className).toContain('marked');
  });

  it('moves a month back and forth', () => {
    const onMonth = vi.fn();
    render(
      <MonthCalendar
        month={dayjs('2026-11-01')}
        onMonth={onMonth}
        lang="en"
        marks={new Map()}
        markLabel={String}
        previousLabel="previous"
        nextLabel="next"
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'next' }));
    expect(onMonth.mock.calls[0][0].format('YYYY-MM')).toBe('2026-12');
    fireEvent.click(screen.getByRole('button', { name: 'previous' }));
    expect(onMonth.mock.calls[1][0].format('YYYY-MM')).toBe('2026-10');
  });
});
