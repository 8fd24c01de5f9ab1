import { queryOptions } from '@tanstack/react-query';
import { API_PATHS, type CalendarMonth, type MonthCount } from '../../runtime/contract.ts';
import type { I18n } from '../../runtime/schema/types.ts';
import { getData } from './http.ts';

export type { MonthCount };

/**
 * `data` of GET /api/sys/dashboard, as it arrives (times are ISO strings). The server leaves out
 * each figure the user may not list what it counts of (docs/api.md).
 */
export interface DashboardFigures {
  /** with sys:users:list, as are activeSessions and recentLogins */
  users?: number;
  /** with sys:roles:list */
  roles?: number;
  activeSessions?: number;
  recentLogins?: Array<{ userName: string | null; time: string; address: string | null }>;
  /** the resources the user may list, with their row counts */
  resources: Array<{ name: string; module: string; title: I18n; count: number }>;
  /**
   * The last twelve months, oldest first, months without contents as 0 (docs/api.md). Optional
   * here: a server without the contents resource has none, and the chart then says so.
   */
  contentsPerMonth?: MonthCount[];
  /** the eight newest published contents (optional for the same reason) */
  recentContents?: RecentContent[];
  /** this month of the home page's calendar (with the contents list permission) */
  calendar?: CalendarMonth;
  /** reported messages no one has handled yet */
  unreadReports?: number;
}

export interface RecentContent {
  id: number;
  title: string;
  publishTime: string;
}

export function dashboardRequest(): Promise<DashboardFigures> {
  return getData<DashboardFigures>(API_PATHS.dashboard);
}

/**
 * One call for every figure on the home page; a reload onto it starts it early (router/preload.ts),
 * and the page then uses that answer rather than asking again as it mounts. The refresh button asks
 * anew.
 */
export const dashboardQuery = queryOptions({
  queryKey: ['dashboard'],
  queryFn: dashboardRequest,
  staleTime: 30_000,
});

/** Another month of the home page's calendar ('YYYY-MM'); this month comes with the figures. */
export const calendarQuery = (month: string) =>
  queryOptions({
    queryKey: ['dashboard', 'calendar', month],
    queryFn: () => getData<CalendarMonth>(API_PATHS.dashboardCalendar, { params: { month } }),
    staleTime: 30_000,
  });
