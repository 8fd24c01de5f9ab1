// Exact list totals kept until a table they counted changes (docs/decisions.md, "List totals").
// On the embedded database a list's total was most of its cost: counting 100,000 rows in use
// takes PGlite 10–20 ms, and PGlite runs one statement at a time for the whole server, so every
// other request waited behind each count. A total is kept with the change stamps
// (db/changeStamps.ts) of the tables its plan reads, stamps read before the count ran; the same
// count asked again reads those stamps (one small query) and, while none has moved, answers with
// the kept total. Any write to one of the tables, by this server, the job queue or a maintainer's
// psql, raises its stamp, and the next list counts again.
//
// A total is kept from the moment its count starts, under the stamps read before it: the lists
// that ask meanwhile (four at once, after an edit) and find the same stamps wait for that one count
// instead of each running its own.
//
// Counts whose SQL reads the clock (a publish window's `now()`) change without a write and are
// never kept. The cache holds at most `max` totals, the least recently used going first.
import type { CompiledQuery } from 'kysely';
import { readChangeStamps } from '../db/changeStamps.ts';
import type { Db } from '../db/tables.ts';

/** Functions whose value moves without a write; a count that calls one is counted every time. */
const MOVING =
  /\b(now|clock_timestamp|statement_timestamp|transaction_timestamp|timeofday|random|current_date|current_time|current_timestamp|localtime|localtimestamp|current_user|session_user|current_role|user)\b/i;

const DEFAULT_MAX = 1000;

/** What EXPLAIN says of a count before it runs (listTotal.ts). */
export interface PlannedCount {
  /** the planner's row estimate */
  rows: number;
  cost: number;
  /** the tables the plan reads */
  tables: string[];
}

/** An exact total, or the plan of a count over the caller's cost line (the caller estimates). */
export type CountOutcome = { total: number } | { overCost: PlannedCount };

interface Kept {
  tables: string[];
  stamps: string[];
  /** settled, or still being counted */
  total: Promise<number>;
  /** the planner's cost of the count: kept totals answer only callers whose line is above it */
  cost: number;
}

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((s, i) => s === b[i]);

/** The exact total while the plan is under the line, without keeping anything. */
export async function countUnkept(
  maxCost: number,
  plan: () => Promise<PlannedCount>,
  counting: () => Promise<number>,
): Promise<CountOutcome> {
  const planned = await plan();
  return planned.cost <= maxCost ? { total: await counting() } : { overCost: planned };
}

export class CountCache {
  private readonly kept = new Map<string, Kept>();

  constructor(
    private readonly db: Db,
    private readonly max = DEFAULT_MAX,
  ) {}

  private keyOf(count: CompiledQuery): string | undefined {
    if (MOVING.test(count.sql)) return undefined;
    return `${count.sql}\u0000${JSON.stringify(count.parameters)}`;
  }

  /**
   * The total of `count`: the kept one while its tables' stamps stand, else planned (`plan`, the
   * EXPLAIN) and, under `maxCost`, counted (`counting`) and kept.
   */
  async total(
    count: CompiledQuery,
    maxCost: number,
    plan: () => Promise<PlannedCount>,
    counting: () => Promise<number>,
  ): Promise<CountOutcome> {
    const key = this.keyOf(count);
    if (key === undefined) return countUnkept(maxCost, plan, counting);
    const entry = this.kept.get(key);
    // the same SQL reads the same tables: a kept entry says which stamps to read
    const stamps = entry && (await readChangeStamps(this.db, entry.tables));
    if (!entry || !stamps) return this.countAndKeep(key, maxCost, plan, counting);
    // another list may have begun counting again while the stamps were read
    const current = this.kept.get(key);
    if (current && sameList(current.tables, entry.tables) && sameList(current.stamps, stamps)) {
      // a caller with a lower line (tests) neither uses nor replaces it
      if (current.cost > maxCost) return countUnkept(maxCost, plan, counting);
      const total = await current.total.catch(() => undefined);
      if (total !== undefined) {
        // unless a newer count has taken its place meanwhile
        if (this.kept.get(key) === current) this.use(key, current);
        return { total };
      }
      // that count failed; this caller counts for itself
    }
    // counted again under the stamps just read, and kept at once: those asking meanwhile wait
    let settle: (total: Promise<number>) => void = () => {};
    const pending: Kept = {
      tables: entry.tables,
      stamps,
      cost: entry.cost,
      total: new Promise<number>((resolve) => (settle = resolve)),
    };
    // a failed count is each waiter's to handle, never an unhandled rejection
    pending.total.catch(() => {});
    this.use(key, pending);
    const outcome = this.countAndKeep(key, maxCost, plan, counting, pending);
    settle(outcome.then((o) => ('total' in o ? o.total : Promise.reject(new Error('over the cost line')))));
    return outcome;
  }

  /** Plans the count and, under the line, counts it, keeping the total with the stamps read before. */
  private async countAndKeep(
    key: string,
    maxCost: number,
    plan: () => Promise<PlannedCount>,
    counting: () => Promise<number>,
    pending?: Kept,
  ): Promise<CountOutcome> {
    const forget = () => {
      if (pending && this.kept.get(key) === pending) this.kept.delete(key);
    };
    try {
      const planned = await plan();
      if (planned.cost > maxCost) {
        forget();
        return { overCost: planned };
      }
      const known = pending !== undefined && sameList(pending.tables, planned.tables);
      const before = known ? pending.stamps : await readChangeStamps(this.db, planned.tables);
      const total = counting();
      // the planner's cost moves as the table grows; a later caller's line is held against the new one
      if (known) pending.cost = planned.cost;
      else {
        forget();
        if (before) this.use(key, { tables: planned.tables, stamps: before, total, cost: planned.cost });
      }
      return { total: await total };
    } catch (error) {
      forget();
      throw error;
    }
  }

  /** Puts the entry last, the most recently used, and lets the least recently used go. */
  private use(key: string, entry: Kept): void {
    this.kept.delete(key);
    this.kept.set(key, entry);
    if (this.kept.size > this.max) this.kept.delete(this.kept.keys().next().value as string);
  }
}
