// Figures for the home page: accounts, roles, live sessions, recent sign-ins, the row count of
// every content resource, and for the CMS: contents published per month over the last year,
// the newest published contents and the messages from the public still unread. "Published" is
// what the public content service serves (the contents schema's `public.where`), and "unread"
// is a message still in the state it arrives in (its status field's default), so the figures
// follow the schemas rather than repeating their values here.
import { type Kysely, sql } from 'kysely';
import type { MonthCount } from '../../runtime/contract.ts';
import type { FieldCondition, Manifest, Resource } from '../../runtime/schema/types.ts';
import { countActiveSessions } from '../auth/sessions.ts';
import type { Db } from '../db/tables.ts';
import { RowFilter } from '../resources/filterSql.ts';
import type { SecurityConfig } from '../security.ts';

export interface RecentContent {
  id: number;
  title: string;
  categoryId: number | null;
  publishTime: Date | string;
}

export interface DashboardFigures {
  users: number;
  roles: number;
  activeSessions: number;
  recentLogins: Array<{ userName: string | null; time: Date; address: string | null }>;
  resources: Array<{ name: string; module: string; title: { zh: string; en: string }; count: number }>;
  /** the last twelve months, oldest first, months without contents as 0 */
  contentsPerMonth: MonthCount[];
  /** the five newest published contents */
  recentContents: RecentContent[];
  /** messages from the public no one has handled or answered yet */
  unreadReports: number;
}

const MONTHS = 12;
const RECENT = 5;

const count = async (db: Kysely<any>, table: string): Promise<number> =>
  (await db.selectFrom(table).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;

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

async function contentFigures(db: Kysely<any>, manifest: Manifest) {
  const contents = manifest.resources.find((r) => r.name === 'contents');
  const published: FieldCondition[] = contents?.public?.where ? [contents.public.where] : [];
  const time = contents && field(contents, 'publishTime');
  const title = contents && field(contents, 'title');
  if (!contents || !time || !title) return { contentsPerMonth: [], recentContents: [] };
  const filter = new RowFilter(contents, manifest);
  const zone = timeZone();
  const months = lastMonths(new Date(), MONTHS, zone);
  const local = sql`(${sql.ref(time.column)} at time zone ${zone})`;
  const counted = await db
    .selectFrom(contents.table)
    .select([sql<string>`to_char(${local}, 'YYYY-MM')`.as('month'), sql<number>`count(*)::int`.as('n')])
    .where((eb) => filter.where(eb, [], published))
    .where(sql<boolean>`${local} >= ${`${months[0]}-01`}::date`)
    .groupBy(sql`1`)
    .execute();
  const byMonth = new Map(counted.map((r) => [r.month, r.n]));
  const category = field(contents, 'categoryId');
  const recent = await db
    .selectFrom(contents.table)
    .select(['id', `${title.column} as title`, `${time.column} as publishTime`])
    .$if(category !== undefined, (q) => q.select(`${category!.column} as categoryId`))
    .where((eb) => filter.where(eb, [], published))
    .where(time.column, '<=', sql<Date>`now()`)
    .orderBy(time.column, 'desc')
    .orderBy('id', 'desc')
    .limit(RECENT)
    .execute();
  return {
    contentsPerMonth: months.map((month) => ({ month, count: byMonth.get(month) ?? 0 })),
    recentContents: recent.map((r) => ({
      id: Number(r.id),
      title: String(r.title),
      categoryId: r.categoryId === undefined || r.categoryId === null ? null : Number(r.categoryId),
      publishTime: r.publishTime,
    })),
  };
}

async function unreadReports(db: Kysely<any>, manifest: Manifest): Promise<number> {
  const reports = manifest.resources.find((r) => r.name === 'reportedmessages');
  const status = reports && field(reports, 'status');
  if (!reports || !status || status.default === undefined) return 0;
  const row = await db
    .selectFrom(reports.table)
    .select(sql<number>`count(*)::int`.as('n'))
    .where(status.column, '=', status.default)
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function dashboardFigures(
  db: Db,
  manifest: Manifest,
  security: SecurityConfig,
): Promise<DashboardFigures> {
  const anyDb = db as unknown as Kysely<any>;
  const recent = await db
    .selectFrom('sys_audit_log')
    .select(['user_name', 'created_at', 'address'])
    .where('action', '=', 'login')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(10)
    .execute();
  const resources = [];
  for (const r of manifest.resources.filter((r) => !r.system)) {
    resources.push({ name: r.name, module: r.module, title: r.title, count: await count(anyDb, r.table) });
  }
  return {
    users: await count(anyDb, 'sys_users'),
    roles: await count(anyDb, 'sys_roles'),
    activeSessions: await countActiveSessions(db, security),
    recentLogins: recent.map((r) => ({ userName: r.user_name, time: r.created_at, address: r.address })),
    resources,
    ...(await contentFigures(anyDb, manifest)),
    unreadReports: await unreadReports(anyDb, manifest),
  };
}
