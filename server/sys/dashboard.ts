// Figures for the home page: accounts, roles, live sessions, recent sign-ins, the row count of
// every content resource, and for the CMS: contents published per month over the last year,
// the newest published contents and the messages from the public still unread. "Published" is
// what the public content service serves (the contents schema's `public.where`, inside its
// publish window by the database's clock), and "unread"
// is a message still in the state it arrives in (its status field's default), so the figures
// follow the schemas rather than repeating their values here.
// Each figure goes only to someone who may list what it counts (docs/security.md): accounts,
// sessions and sign-ins need the users list, roles the roles list, a resource's count its list,
// the contents figures the contents list, the unread messages the reported messages list. A
// figure the caller may not see is left out of the answer, not zeroed.
import { type Kysely, sql } from 'kysely';
import type { CalendarMonth, MonthCount } from '../../runtime/contract.ts';
import { permissionCode } from '../../runtime/schema/manifest.ts';
import type { FieldCondition, Manifest, Resource } from '../../runtime/schema/types.ts';
import { allows, type Grants } from '../auth/grants.ts';
import { countActiveSessions } from '../auth/sessions.ts';
import type { Db } from '../db/tables.ts';
import { publishedExpression, RowFilter } from '../resources/filterSql.ts';
import { liveOnly } from '../resources/recycleBin.ts';
import type { SecurityConfig } from '../security.ts';

export interface RecentContent {
  id: number;
  title: string;
  categoryId: number | null;
  publishTime: Date | string;
}

/** Every key is left out when the caller may not list what it counts. */
export interface DashboardFigures {
  users?: number;
  roles?: number;
  activeSessions?: number;
  recentLogins?: Array<{ userName: string | null; time: Date; address: string | null }>;
  /** the content resources the caller may list, each with its row count */
  resources: Array<{ name: string; module: string; title: { zh: string; en: string }; count: number }>;
  /** the last twelve months, oldest first, months without contents as 0 */
  contentsPerMonth?: MonthCount[];
  /** the eight newest published contents (docs/shell.md) */
  recentContents?: RecentContent[];
  /** this month's calendar (calendarMonth), so the home page needs no second call for it */
  calendar?: CalendarMonth;
  /** messages from the public no one has handled or answered yet */
  unreadReports?: number;
}

const MONTHS = 12;
// eight rows fill the panel beside the ten latest sign-ins, the height its placeholder keeps
const RECENT = 8;

// a row in the recycle bin is counted nowhere
const count = async (db: Kysely<any>, resource: Resource | string): Promise<number> =>
  (
    await (typeof resource === 'string'
      ? db.selectFrom(resource)
      : liveOnly(db.selectFrom(resource.table), resource)
    )
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow()
  ).n;

/** The server's own time zone: "this month" where the school is. */
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** 'YYYY-MM' of the last `n` months in `zone`, oldest first, this month last. */
export function lastMonths(now: Date, n: number, zone: string): string[] {
  const [year, month] = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
  })
    .format(now)
    .split('-')
    .map(Number);
  return Array.from({ length: n }, (_, i) => {
    const back = new Date(Date.UTC(year, month - 1 - (n - 1 - i), 1));
    return `${back.getUTCFullYear()}-${String(back.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

function field(resource: Resource, name: string) {
  return resource.fields.find((f) => f.name === name);
}

async function contentFigures(db: Kysely<any>, manifest: Manifest, may: (r: Resource) => boolean) {
  const contents = manifest.resources.find((r) => r.name === 'contents');
  if (!contents || !may(contents)) return {};
  const published: FieldCondition[] = contents.public?.where ? [contents.public.where] : [];
  const time = field(contents, 'publishTime');
  const title = field(contents, 'title');
  if (!time || !title) return { contentsPerMonth: [], recentContents: [] };
  const filter = new RowFilter(contents, manifest);
  const zone = timeZone();
  const months = lastMonths(new Date(), MONTHS, zone);
  const local = sql`(${sql.ref(time.column)} at time zone ${zone})`;
  const counted = await liveOnly(db.selectFrom(contents.table), contents)
    .select([sql<string>`to_char(${local}, 'YYYY-MM')`.as('month'), sql<number>`count(*)::int`.as('n')])
    .where((eb) => eb.and([filter.where(eb, [], published), publishedExpression(eb, contents)]))
    .where(sql<boolean>`${local} >= ${`${months[0]}-01`}::date`)
    .groupBy(sql`1`)
    .execute();
  const byMonth = new Map(counted.map((r) => [r.month, r.n]));
  const category = field(contents, 'categoryId');
  const recent = await liveOnly(db.selectFrom(contents.table), contents)
    .select(['id', `${title.column} as title`, `${time.column} as publishTime`])
    .$if(category !== undefined, (q) => q.select(`${category!.column} as categoryId`))
    .where((eb) => eb.and([filter.where(eb, [], published), publishedExpression(eb, contents)]))
    .where(time.column, '<=', sql<Date>`now()`)
    .orderBy(time.column, 'desc')
    .orderBy('id', 'desc')
    .limit(RECENT)
    .execute();
  return {
    calendar: await calendarMonth(db, manifest, months.at(-1)!),
    contentsPerMonth: months.map((month) => ({ month, count: byMonth.get(month) ?? 0 })),
    recentContents: recent.map((r) => ({
      id: Number(r.id),
      title: String(r.title),
      categoryId: r.categoryId === undefined || r.categoryId === null ? null : Number(r.categoryId),
      publishTime: r.publishTime,
    })),
  };
}

/** 'YYYY-MM' with a real month: what the calendar call takes. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * The published contents of each day of `month` ('YYYY-MM') by publish time in the server's time
 * zone: one grouped count over the publish-time index's range, whatever the month holds (the
 * calendar once read the month's rows, at most a page of them). Published means the public
 * service's `where` (status); the window is not applied, so a scheduled content marks its day ahead.
 * Undefined without a contents resource, or one the caller may not list.
 */
export async function calendarMonth(
  db: Kysely<any>,
  manifest: Manifest,
  month: string,
): Promise<CalendarMonth | undefined> {
  const contents = manifest.resources.find((r) => r.name === 'contents');
  const time = contents && field(contents, 'publishTime');
  if (!contents || !time) return undefined;
  const published: FieldCondition[] = contents.public?.where ? [contents.public.where] : [];
  const filter = new RowFilter(contents, manifest);
  const zone = timeZone();
  const column = sql.ref(time.column);
  // the month's bounds as instants, so the index on the stored time serves the range
  const start = sql`(${`${month}-01`}::timestamp at time zone ${zone})`;
  const end = sql`((${`${month}-01`}::timestamp + interval '1 month') at time zone ${zone})`;
  const rows = await liveOnly(db.selectFrom(contents.table), contents)
    .select([
      sql<string>`to_char(${column} at time zone ${zone}, 'YYYY-MM-DD')`.as('day'),
      sql<number>`count(*)::int`.as('n'),
    ])
    .where((eb) => filter.where(eb, [], published))
    .where(sql<boolean>`${column} >= ${start} and ${column} < ${end}`)
    .groupBy(sql`1`)
    .orderBy(sql`1`)
    .execute();
  return { month, days: rows.map((r) => ({ day: r.day, count: r.n })) };
}

async function unreadReports(
  db: Kysely<any>,
  manifest: Manifest,
  may: (r: Resource) => boolean,
): Promise<{ unreadReports?: number }> {
  const reports = manifest.resources.find((r) => r.name === 'reportedmessages');
  if (!reports || !may(reports)) return {};
  const status = field(reports, 'status');
  if (!status || status.default === undefined) return { unreadReports: 0 };
  const row = await liveOnly(db.selectFrom(reports.table), reports)
    .select(sql<number>`count(*)::int`.as('n'))
    .where(status.column, '=', status.default)
    .executeTakeFirstOrThrow();
  return { unreadReports: row.n };
}

/** Accounts, sessions and recent sign-ins: what the users list shows and more. */
async function accountFigures(db: Db, security: SecurityConfig) {
  const recent = await db
    .selectFrom('sys_audit_log')
    .select(['user_name', 'created_at', 'address'])
    .where('action', '=', 'login')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(10)
    .execute();
  return {
    users: await count(db as unknown as Kysely<any>, 'sys_users'),
    activeSessions: await countActiveSessions(db, security),
    recentLogins: recent.map((r) => ({ userName: r.user_name, time: r.created_at, address: r.address })),
  };
}

export async function dashboardFigures(
  db: Db,
  manifest: Manifest,
  security: SecurityConfig,
  grants: Grants,
): Promise<DashboardFigures> {
  const anyDb = db as unknown as Kysely<any>;
  const may = (r: Resource) => allows(grants, [permissionCode(r, 'list')]);
  const system = (name: string) => manifest.resources.find((r) => r.system && r.name === name);
  const users = system('users');
  const roles = system('roles');
  const resources = [];
  for (const r of manifest.resources.filter((r) => !r.system && may(r))) {
    resources.push({ name: r.name, module: r.module, title: r.title, count: await count(anyDb, r) });
  }
  return {
    ...(users && may(users) ? await accountFigures(db, security) : {}),
    ...(roles && may(roles) ? { roles: await count(anyDb, 'sys_roles') } : {}),
    resources,
    ...(await contentFigures(anyDb, manifest, may)),
    ...(await unreadReports(anyDb, manifest, may)),
  };
}
