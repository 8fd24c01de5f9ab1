// The dashboard's calendar: the month shown, each day marked with how many contents were
// published on it (a range query on the contents list, one month at a time).

import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { AxiosInstance } from 'axios';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { MAX_LIMIT } from '../../../runtime/client/constants.ts';
import {
  createResourceClient,
  type ListParams,
  type ResourceClient,
} from '../../../runtime/client/resourceClient.ts';
import type { Lang, Resource } from '../../../runtime/schema/types.ts';
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

function monthQuery(contents: ResourceClient | undefined, month: Dayjs) {
  const params: ListParams = {
    page: 1,
    limit: MAX_LIMIT,
    sort: 'publishTime',
    filters: {
      publishTime: { from: month.toISOString(), to: month.endOf('month').toISOString() },
    },
  };
  return queryOptions({
    queryKey: queryKeys.list('contents', params),
    queryFn: () => contents!.list(params),
    enabled: Boolean(contents),
    // the month asked for at sign-in is not asked for again as the page mounts
    staleTime: 30_000,
  });
}

/**
 * Asks for the month the calendar first shows, before the page is drawn: after sign-in, as soon as
 * the profile and the manifest are here (router/preload.ts).
 */
export function prefetchPublishCalendar(
  queryClient: QueryClient,
  http: AxiosInstance,
  contents: Resource,
): Promise<void> {
  return queryClient.prefetchQuery(
    monthQuery(createResourceClient(http, contents), dayjs().startOf('month')),
  );
}

export function PublishCalendar({
  contents,
  lang,
  dayLabel,
  previousLabel,
  nextLabel,
}: PublishCalendarProps) {
  const [month, setMonth] = useState(() => dayjs().startOf('month'));
  const published = useQuery(monthQuery(contents, month));
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
