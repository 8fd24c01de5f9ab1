// The dashboard's calendar: the month shown, each day marked with how many contents were
// published on it. This month comes with the dashboard's figures (one call at sign-in, beside the
// page's code); another month is one grouped count from the server, whatever the month holds.

import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import type { CalendarMonth } from '../../../runtime/contract.ts';
import type { Lang } from '../../../runtime/schema/types.ts';
import { calendarQuery } from '../../api/dashboard.ts';
import { MonthCalendar } from './MonthCalendar.tsx';

export interface PublishCalendarProps {
  /** whether the user may list contents: without it the calendar is bare and asks nothing */
  enabled: boolean;
  /** this month, from the dashboard's figures (undefined until they arrive) */
  thisMonth: CalendarMonth | undefined;
  lang: Lang;
  /** the hint on a marked day, from its count */
  dayLabel(count: number): string;
  previousLabel: string;
  nextLabel: string;
}

export function PublishCalendar({
  enabled,
  thisMonth,
  lang,
  dayLabel,
  previousLabel,
  nextLabel,
}: PublishCalendarProps) {
  // null: the server's this month (its time zone's, which the figures name), until the user moves
  const [chosen, setChosen] = useState<string | null>(null);
  const month = chosen ?? thisMonth?.month ?? dayjs().format('YYYY-MM');
  const other = month !== thisMonth?.month;
  const asked = useQuery({ ...calendarQuery(month), enabled: enabled && other && thisMonth !== undefined });
  const shown = other ? asked.data : thisMonth;
  const marks = useMemo(() => new Map((shown?.days ?? []).map((d) => [d.day, d.count])), [shown]);

  return (
    <MonthCalendar
      month={dayjs(`${month}-01`)}
      onMonth={(next) => setChosen(next.format('YYYY-MM'))}
      lang={lang}
      marks={marks}
      markLabel={dayLabel}
      previousLabel={previousLabel}
      nextLabel={nextLabel}
    />
  );
}
