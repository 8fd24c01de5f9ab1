// The total a list answer carries. Exact while it is cheap; estimated where counting would read
// much of a large table (docs/decisions.md, "List totals"):
// - a page with fewer rows than asked for ends the list, so its total is known without a count;
// - otherwise the planner is asked first (EXPLAIN, no rows read): when it expects the count to be
//   cheap the rows are counted, else its estimate is the total, marked `estimated`, and never
//   less than the rows the pages so far have shown.
//   An exact total may come from the count cache (countCache.ts), where the database keeps change
//   stamps: the same count, its tables unchanged since, is not counted again.
import { type CompiledQuery, type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { queryRows } from '../db/compiledQuery.ts';
import { type CountCache, countUnkept, type PlannedCount } from './countCache.ts';

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
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

/** The tables a plan reads, each once. */
function tablesOf(node: PlanNode, into = new Set<string>()): Set<string> {
  if (node['Relation Name']) into.add(node['Relation Name']);
  for (const child of node.Plans ?? []) tablesOf(child, into);
  return into;
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

/** The planner's row estimate, cost and tables of a query, read from EXPLAIN without running it. */
async function estimate(db: Kysely<any>, explain: CompiledQuery): Promise<PlannedCount> {
  const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(db, explain);
  const raw = row['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
  const root = plan[0].Plan;
  return { rows: Math.round(root['Plan Rows']), cost: root['Total Cost'], tables: [...tablesOf(root)] };
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
  /** where exact totals are kept (the embedded database); unset: every total is worked out */
  counts?: CountCache;
}

export async function listTotal(input: TotalInput): Promise<ListTotal> {
  const { db, statements, offset, limit, shown, maxCost = EXACT_COUNT_MAX_COST, counts } = input;
  if (shown < limit && (shown > 0 || offset === 0)) return { total: offset + shown };
  const plan = () => estimate(db, statements.explain);
  const counting = async () => Number((await queryRows<{ total: number }>(db, statements.count))[0].total);
  const outcome = counts
    ? await counts.total(statements.count, maxCost, plan, counting)
    : await countUnkept(maxCost, plan, counting);
  if ('total' in outcome) return { total: outcome.total };
  const planned = outcome.overCost;
  // the pages so far prove a least total; an empty page past the end bounds it
  const total = shown === 0 ? Math.min(planned.rows, offset) : Math.max(planned.rows, offset + shown);
  return { total, estimated: true };
}
