// The yardstick of the list benchmark: the contents list written by hand, as a developer would
// without the generator. Fastify and pg alone, the same SQL the generic endpoint sends (the
// session and its grants in one statement, the server's own, the page, and the planner-guided
// total of server/resources/listTotal.ts) and the same answer. Only the default list: newest
// first, `page` and `limit`.
import { createHash } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { SESSION_GRANTS_SQL } from '../server/auth/sessions.ts';

// the columns the generic list reads (its short fields and the row's version), and the rows in use
// (contents have a recycle bin: a binned row has `deleted_at` set)
const COLUMNS: Array<[string, string]> = [
  ['id', 'id'],
  ['create_time', 'createTime'],
  ['update_time', 'updateTime'],
  ['version', 'version'],
  ['title', 'title'],
  ['category_id', 'categoryId'],
  ['is_link', 'isLink'],
  ['link_url', 'linkUrl'],
  ['cover_image', 'coverImage'],
  ['attachment', 'attachment'],
  ['source_office_id', 'sourceOfficeId'],
  ['author', 'author'],
  ['publish_time', 'publishTime'],
  ['unpublish_time', 'unpublishTime'],
  ['status', 'status'],
  ['pinned', 'pinned'],
  ['view_count', 'viewCount'],
];
// contents keep drafts: a row with a pending one is marked (`hasDraft`), read in the page's statement
const PAGE_SQL = `select ${COLUMNS.map(([c]) => `"${c}"`).join(', ')}, (select true from sys_drafts where resource = $1 and row_id = "cms_contents"."id") as "has_draft" from "cms_contents" where "deleted_at" is null order by "publish_time" desc nulls last, "id" desc limit $2 offset $3`;
const MATCHING_SQL = 'select "id" from "cms_contents" where "deleted_at" is null';
const EXACT_COUNT_MAX_COST = 4000;

export async function buildHandwritten(
  url: string,
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const app = Fastify({ logger: false });
  app.get('/api/cms/contents', async (request, reply) => {
    const token = request.headers['x-token'];
    if (typeof token !== 'string' || token.length > 200)
      return reply.code(401).send({ meta: { success: false, message: 'unauthorized' }, data: null });
    const hash = createHash('sha256').update(token).digest('hex');
    const session = await pool.query(SESSION_GRANTS_SQL, [60_000, hash, 120 * 60_000, 'admin']);
    const user = session.rows[0];
    if (!user) return reply.code(401).send({ meta: { success: false, message: 'unauthorized' }, data: null });
    if (user.firstlogin)
      return reply
        .code(403)
        .send({ meta: { success: false, message: 'password change required' }, data: null });
    if (!user.is_admin && !(JSON.parse(user.perms) as string[]).includes('cms:contents:list'))
      return reply.code(403).send({ meta: { success: false, message: 'forbidden' }, data: null });
    const query = request.query as { page?: string; limit?: string };
    const page = Number(query.page ?? 1);
    const limit = Number(query.limit ?? 20);
    if (!Number.isInteger(page) || page < 1 || !Number.isInteger(limit) || limit < 1 || limit > 500)
      return reply.code(400).send({ meta: { success: false, message: 'bad paging' }, data: null });
    const offset = (page - 1) * limit;
    const { rows } = await pool.query(PAGE_SQL, ['contents', limit, offset]);
    let total = offset + rows.length;
    let estimated = false;
    if (!(rows.length < limit && (rows.length > 0 || offset === 0))) {
      const plan = (await pool.query(`explain (format json) select * from (${MATCHING_SQL}) as "m"`)).rows[0][
        'QUERY PLAN'
      ][0].Plan;
      if (plan['Total Cost'] <= EXACT_COUNT_MAX_COST) {
        const counted = await pool.query(`select count(*)::int as "total" from (${MATCHING_SQL}) as "m"`);
        total = counted.rows[0].total;
      } else {
        total = rows.length === 0 ? Math.min(plan['Plan Rows'], offset) : Math.max(plan['Plan Rows'], total);
        estimated = true;
      }
    }
    const out = rows.map((row) => {
      const item: Record<string, unknown> = Object.fromEntries(COLUMNS.map(([c, f]) => [f, row[c] ?? null]));
      if (row.has_draft) item.hasDraft = true;
      return item;
    });
    return {
      meta: { success: true, message: 'ok' },
      data: { rows: out, total, ...(estimated ? { estimated } : {}) },
    };
  });
  return {
    app,
    async close() {
      await app.close();
      await pool.end();
    },
  };
}
