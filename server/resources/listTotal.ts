// The total a list answer carries. Exact while it is cheap; estimated where counting would read
// much of a large table (docs/decisions.md, "List totals"):
// - a page with fewer rows than asked for ends the list, so its total is known without a count;
// - otherwise the planner is asked first (EXPLAIN, no rows read): when it expects the count to be
//   cheap the rows are counted, else its estimate is the total, marked `estimated`, and never
//   less than the rows the pages so far have shown.
import { type CompiledQuery, type Kysely, type SelectQueryBuilder, sql } from 'kysely';

export interface ListTotal {
  total: number;
  /** the total is the planner's estimate; the pagination control says "about" */
  estimated?: true;
}

/**
 * The planner cost up to which the matching rows are counted. On the two-core machine of
 * docs/benchmarks.md one unit is about 2–3 µs: an exact count costs at most ~10 ms, which covers
 * every list of up to some tens of thousands of rows, and a filtered one of a larger table
 * when an index narrows it.
 */
export const EXACT_COUNT_MAX_COST = 4000;

interface PlanNode {
  'Plan Rows': number;
  'Total Cost': number;
}

/** `explain (format json)` of the matching rows, compiled: no rows are read when it runs. */
export function compileEstimate(db: Kysely<any>, matching: SelectQueryBuilder<any, any, any>): CompiledQuery {
  // a subquery, as Kysely writes an embedded query in parentheses; the planner flattens it
  return sql`explain (format json) select * from ${matching} as "m"`.compile(db);
}

/** The count of the matching rows, compiled. */
export function compileCount(db: Kysely<any>, matching: SelectQueryBuilder<any, any, any>): CompiledQuery {
  return db.selectFrom(matching.as('m')).select(sql<number>`count(*)::int`.as('total')).compile();
}

/** The planner's row estimate and cost of a query, read from EXPLAIN without running it. */
async function estimate(db: Kysely<any>, explain: CompiledQuery): Promise<{ rows: number; cost: number }> {
  const result = await db.executeQuery<{ 'QUERY PLAN': unknown }>(explain);
  const raw = result.rows[0]['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
  return { rows: Math.round(plan[0].Plan['Plan Rows']), cost: plan[0].Plan['Total Cost'] };
}

export interface TotalInput {
  db: Kysely<any>;
  /** the rows the list pages through: their EXPLAIN and their count (compileEstimate, compileCount) */
  statements: { explain: CompiledQuery; count: CompiledQuery };
  offset: number;
  limit: number;
  /** how many rows the page holds */
  shown: number;
  maxCost?: number;
}

export async function listTotal(input: TotalInput): Promise<ListTotal> {
  const { db, statements, offset, limit, shown, maxCost = EXACT_COUNT_MAX_COST } = input;
  if (shown < limit && (shown > 0 || offset === 0)) return { total: offset + shown };
  const planned = await estimate(db, statements.explain);
  if (planned.cost <= maxCost) {
    const counted = await db.executeQuery<{ total: number }>(statements.count);
    return { total: Number(counted.rows[0].total) };
  }
  // the pages so far prove a least total; an empty page past the end bounds it
  const total = shown === 0 ? Math.min(planned.rows, offset) : Math.max(planned.rows, offset + shown);
  return { total, estimated: true };
}
