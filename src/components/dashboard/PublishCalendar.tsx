// The dashboard's calendar: the month shown, each day marked with how many contents were
// published on it (a range query on the contents list, one month at a time).

import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { MAX_LIMIT } from '../../../runtime/client/constants.ts';
import type { ListParams, ResourceClient } from '../../../runtime/client/resourceClient.ts';
import type { Lang } from '../../../runtime/schema/types.ts';
import { toDayjs } from '../../../runtime/ui/formatTime.ts';
import { queryKeys } from '../../../runtime/ui/queryKeys.ts';
import { MonthCalendar } from './MonthCalendar.tsx';

export interface PublishCalendarProps {
  /** the contents client, or none when the user may not list contents: the calendar is then bare */
  contents: ResourceClient | undefined;
  lang: Lang;
  /** the hint on a marked day, from its count */
  dayLabel(count: number): string;
  previousLabel: string;
  nextLabel: string;
}

export function publishedPerDay(rows: ReadonlyArray<Record<string, unknown>>): Map<string, number> {
  const days = new Map<string, number>();
  for (const row of rows) {
    const day = toDayjs(row.publishTime)?.format('YYYY-MM-DD');
    if (day) days.set(day, (days.get(day) ?? 0) + 1);
  }
  return days;
}

export function PublishCalendar({
  contents,
  lang,
  dayLabel,
  previousLabel,
  nextLabel,
}: PublishCalendarProps) {
  const [month, setMonth] = useState(() => dayjs().startOf('month'));
  const params: ListParams = {
    page: 1,
    limit: MAX_LIMIT,
    sort: 'publishTime',
    filters: {
      publishTime: { from: month.toISOString(), to: month.endOf('month').toISOString() },
    },
  };
  const published = useQuery({
    queryKey: queryKeys.list('contents', params),
    queryFn: () => contents!.list(params),
    enabled: Boolean(contents),
  });
  const days = useMemo(() => publishedPerDay(published.data?.rows ?? []), [published.data]);

  return (
    <MonthCalendar
      month={month}
      onMonth={setMonth}
      lang={lang}
      marks={days}
      markLabel={dayLabel}
      previousLabel={previousLabel}
      nextLabel={nextLabel}
    />
  );
}
