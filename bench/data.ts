// The list benchmarks' data: `npm run bench:data -- --rows 1000000` fills a PostgreSQL database
// of its own (bench_<rows> beside the one DATABASE_URL names, default the local server) with
// the real schemas' tables, made by the server's own migration and schema diff, and a seeded,
// deterministic set of offices, categories and contents. The rows are made in SQL
// (`insert … select … from generate_series`), a million in a few minutes, and never committed.
// Run it again and it makes the same rows: every value is a function of the row number.
import { parseArgs } from 'node:util';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import type { Manifest } from '../runtime/schema/types.ts';
import { connectDatabase } from '../server/db/connect.ts';
import { migrateSystemTables } from '../server/db/migrate.ts';
import { syncResourceTables } from '../server/db/syncTables.ts';
import type { Database } from '../server/db/tables.ts';
import { DEFAULT_SECURITY } from '../server/security.ts';
import { seedDatabase } from '../server/seed/seed.ts';
import { loadManifest } from '../server/start.ts';

/** The administrator's password in every bench database (they hold no real data). */
export const BENCH_ADMIN_PASSWORD = 'Bench#2026-admin';

/** The local server of the developers' machines and CI. */
export const DEFAULT_BENCH_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** Two-character words of the titles; each of the first WORDS.length is as likely as the others. */
export const WORDS = [
  '新闻',
  '通知',
  '公告',
  '学校',
  '教育',
  '教学',
  '学生',
  '教师',
  '课程',
  '考试',
  '招生',
  '毕业',
  '活动',
  '比赛',
  '讲座',
  '会议',
  '工作',
  '安全',
  '卫生',
  '健康',
  '体育',
  '艺术',
  '音乐',
  '美术',
  '科学',
  '技术',
  '创新',
  '实验',
  '研究',
  '成果',
  '交流',
  '合作',
  '国际',
  '文化',
  '传统',
  '历史',
  '校园',
  '环境',
  '建设',
  '发展',
  '改革',
  '管理',
  '服务',
  '质量',
  '评估',
  '检查',
  '培训',
  '学习',
  '读书',
  '图书',
  '假期',
  '暑期',
  '寒假',
  '开学',
  '典礼',
  '表彰',
  '先进',
  '优秀',
  '志愿',
  '社团',
  '家长',
  '社区',
  '防疫',
  '消防',
  '演练',
  '心理',
  '营养',
  '午餐',
  '食堂',
  '宿舍',
  '资助',
  '奖学',
  '德育',
  '班级',
  '年级',
  '初中',
  '高中',
  '小学',
  '幼儿',
  '党建',
  '团委',
  '少先',
  '队员',
  '主题',
  '升旗',
  '仪式',
  '运动',
  '田径',
  '足球',
  '篮球',
  '排球',
  '游泳',
  '书法',
  '绘画',
  '合唱',
  '舞蹈',
];

/** A word only about one title in two thousand has: a rare search. */
export const RARE_WORD = '校庆';
/** The common search term of the benchmarks: one of WORDS, in about one title in twenty-five. */
export const COMMON_WORD = '新闻';

const CATEGORY_TOPS = 8;
const CATEGORY_CHILDREN = 4;
const OFFICES = 30;

interface Args {
  rows: number;
  url: string;
}

export function benchDatabaseUrl(base: string, rows: number): string {
  const url = new URL(base);
  url.pathname = `/bench_${rows}`;
  return url.toString();
}

function readArgs(): Args {
  const { values } = parseArgs({
    options: { rows: { type: 'string', default: '1000' }, url: { type: 'string' } },
  });
  const rows = Number(values.rows);
  if (!Number.isInteger(rows) || rows < 1 || rows > 10_000_000)
    throw new Error('--rows must be a whole number from 1 to 10,000,000');
  return { rows, url: values.url ?? process.env.DATABASE_URL ?? DEFAULT_BENCH_URL };
}

async function createDatabase(base: string, rows: number): Promise<string> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const name = `bench_${rows}`;
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`create database ${name}`);
  await admin.end();
  return benchDatabaseUrl(base, rows);
}

/** A deterministic pseudo-random whole number in [0, n) for row `i` and stream `s`, in SQL. */
const pick = (i: string, s: number, n: number) => `(abs(hashint8((${i})::bigint * 64 + ${s})) % ${n})::int`;

/**
 * The statements that replace the contents, categories and offices with `rows` generated
 * contents (and 30 offices, 8 top categories with 4 children each). Plain SQL, so the tests run
 * them on PGlite too.
 */
export function benchDataStatements(rows: number): string[] {
  const words = `array[${WORDS.map((w) => `'${w}'`).join(',')}]`;
  const word = (s: number) => `(${words})[1 + ${pick('i', s, WORDS.length)}]`;
  const categories = CATEGORY_TOPS * (1 + CATEGORY_CHILDREN);
  return [
    'truncate cms_contents, cms_content_categorys, cms_sourceoffices restart identity cascade',
    `
    insert into cms_sourceoffices (office_name, order_num, status)
    select '科室' || i, i, 0 from generate_series(1, ${OFFICES}) i`,
    `
    insert into cms_content_categorys (parent_id, category_name, kind, order_num, status, show_in_nav, regulation)
    select null, '栏目' || i, 0, i, 0, true, false from generate_series(1, ${CATEGORY_TOPS}) i`,
    `
    insert into cms_content_categorys (parent_id, category_name, kind, order_num, status, show_in_nav, regulation)
    select 1 + (i - 1) / ${CATEGORY_CHILDREN}, '栏目' || (1 + (i - 1) / ${CATEGORY_CHILDREN}) || '-' || i, 0, i, 0, true, false
    from generate_series(1, ${CATEGORY_TOPS * CATEGORY_CHILDREN}) i`,
    // titles of three to six words, the rare word in one title in 2,000; bodies of about 2 kB
    // of HTML, as the sample school's are; publish times over ten years, to the minute, so
    // that some rows share one (the id breaks the tie)
    `
    insert into cms_contents (title, category_id, summary, is_link, link_url, body, cover_image,
      source_office_id, author, publish_time, status, pinned, view_count, create_time, update_time)
    select t.title, t.category_id, t.title || '。' || ${word(7)} || ${word(8)} || '的有关情况。',
      t.is_link, case when t.is_link then 'https://example.edu/' || i else null end,
      case when t.is_link then null else
        '<h2>' || t.title || '</h2>' || repeat('<p>' || t.title || '，' || ${word(9)} || ${word(10)} ||
        '相关工作按计划推进，请各部门认真落实，做好' || ${word(11)} || '和' || ${word(12)} || '等方面的工作。</p>', 12)
      end,
      case when ${pick('i', 13, 5)} = 0 then '/common/download?file=cover' || (i % 100) || '.jpg' else null end,
      case when ${pick('i', 14, 5)} = 0 then null else 1 + ${pick('i', 15, OFFICES)} end,
      '作者' || ${pick('i', 16, 200)},
      t.publish_time, case when ${pick('i', 17, 10)} = 0 then 0 else 1 end,
      ${pick('i', 18, 100)} = 0, ${pick('i', 19, 5000)},
      t.publish_time, t.publish_time + (${pick('i', 20, 86400)} * interval '1 second')
    from generate_series(1, ${rows}) i
    cross join lateral (
      select
        ${word(1)} || ${word(2)} || ${word(3)} ||
          case when ${pick('i', 4, 4)} > 0 then ${word(4)} else '' end ||
          case when ${pick('i', 5, 2)} > 0 then ${word(5)} else '' end ||
          case when ${pick('i', 6, 2000)} = 0 then '${RARE_WORD}' else '' end as title,
        1 + ${pick('i', 21, categories)} as category_id,
        ${pick('i', 22, 20)} = 0 as is_link,
        timestamptz '2016-01-01 00:00:00+08' + (${pick('i', 23, 10 * 365 * 86_400)} / 60 * 60) * interval '1 second'
          as publish_time
    ) t`,
    // an editor's unsaved drafts on one content in twenty, and on the newest, so the first page
    // of the list carries the draft flag its statement reads
    `delete from sys_drafts where resource = 'contents'`,
    `
    insert into sys_drafts (resource, row_id, data, base_version, updated_by_name)
    select 'contents', c.id, jsonb_build_object('title', c.title || '（草稿）'), c.version, '作者'
    from cms_contents c
    where c.id % 20 = 0
      or c.id = (select id from cms_contents order by publish_time desc nulls last, id desc limit 1)`,
  ];
}

/** Plain SQL on a database or one of its connections, the rows it answered. */
async function query(db: Kysely<any>, text: string): Promise<any[]> {
  return [...(await sql.raw(text).execute(db)).rows];
}

/** The indexes and keys of the contents table go before a bulk insert; the schema diff makes them again. */
async function dropContentIndexes(db: Kysely<any>): Promise<void> {
  const keys = await query(
    db,
    `select conname from pg_constraint where conrelid = 'cms_contents'::regclass and contype = 'f'`,
  );
  for (const { conname } of keys) await query(db, `alter table cms_contents drop constraint "${conname}"`);
  const indexes = await query(
    db,
    `select indexname from pg_indexes
    where tablename = 'cms_contents' and schemaname = current_schema() and indexname <> 'cms_contents_pkey'`,
  );
  for (const { indexname } of indexes) await query(db, `drop index "${indexname}"`);
}

export interface FillTimes {
  rowsMs: number;
  indexMs: number;
  vacuumMs: number;
  /** index and key statements the schema diff ran */
  statements: number;
}

/**
 * Replaces the contents, categories and offices of a migrated and seeded database with the
 * bench rows: the contents' indexes dropped, the rows inserted in one transaction, the
 * schema's indexes and keys made again over the full table, then `vacuum analyze`. The same on
 * PostgreSQL and PGlite (whose pool holds one connection, so nothing here holds a second).
 */
export async function fillBenchData(
  db: Kysely<Database>,
  manifest: Manifest,
  rows: number,
): Promise<FillTimes> {
  const started = performance.now();
  await dropContentIndexes(db);
  await db.transaction().execute(async (trx) => {
    for (const statement of benchDataStatements(rows)) await query(trx, statement);
  });
  const filled = performance.now();
  // the schema's indexes and keys, built once over the full table
  const statements = await syncResourceTables(db, manifest);
  const indexed = performance.now();
  for (const table of ['cms_contents', 'cms_content_categorys', 'cms_sourceoffices'])
    await query(db, `vacuum analyze ${table}`);
  return {
    rowsMs: filled - started,
    indexMs: indexed - filled,
    vacuumMs: performance.now() - indexed,
    statements: statements.length,
  };
}

async function main(): Promise<void> {
  const args = readArgs();
  const url = await createDatabase(args.url, args.rows);
  const manifest = await loadManifest('schemas');
  const database = await connectDatabase({ url });
  await migrateSystemTables(database.db);
  await syncResourceTables(database.db, manifest);
  await seedDatabase(database.db, manifest, {
    adminPassword: BENCH_ADMIN_PASSWORD,
    scrypt: DEFAULT_SECURITY.scrypt,
    sampleData: false,
  });
  const times = await fillBenchData(database.db, manifest, args.rows);
  const rows = await query(
    database.db,
    `select pg_size_pretty(pg_total_relation_size('cms_contents')) as size, count(*)::int as n from cms_contents`,
  );
  await database.close();
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(
    `${new URL(url).pathname.slice(1)}: ${rows[0].n} contents (${rows[0].size} with indexes); ` +
      `rows ${s(times.rowsMs)}, ${times.statements} index and key statements ${s(times.indexMs)}, ` +
      `vacuum ${s(times.vacuumMs)}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
