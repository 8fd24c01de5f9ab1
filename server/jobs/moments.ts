// The moments of a publish window (docs/schema.md, "Publish window"): the time a row goes public
// and the time it leaves the public site. The public service needs no job for either (it filters
// by the database's clock, filterSql.ts); what a moment needs a process for is recording it, the
// audit entry `published` / `unpublished`. Each moment is a job of the database's queue
// (graphile-worker, worker.ts), added by the write that sets the time, in its own transaction:
// a rolled-back write leaves no job, and the job outlives any restart of any server process.
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import { DELETED_AT } from '../../runtime/schema/recycleBin.ts';
import type { Field, Manifest, Resource } from '../../runtime/schema/types.ts';
import { conditionExpression } from '../resources/filterSql.ts';

/** The queue's task that records a moment. */
export const MOMENT_TASK = 'publishMoment';

/** Tries before the queue gives a moment's job up (it waits longer after each failure). */
const MOMENT_ATTEMPTS = 5;

export type MomentSide = 'at' | 'until';

/** What a moment's job carries: the row, the side of the window, and the time it was set for. */
export interface MomentPayload {
  resource: string;
  id: number;
  side: MomentSide;
  /** the time as the database gave it when the job was added (ISO text) */
  at: string;
}

/** The audit action each side writes. */
export const MOMENT_ACTIONS: Record<MomentSide, string> = { at: 'published', until: 'unpublished' };

type Eb = ExpressionBuilder<any, any>;

/** One job per row and side, whatever its time: adding it again moves the waiting job. */
export const momentJobKey = (resource: string, id: number | string, side: MomentSide) =>
  `${resource}:${id}:${side}`;

function windowFields(resource: Resource): Array<{ side: MomentSide; field: Field }> {
  const window = resource.publish;
  if (!window) return [];
  const sides: Array<[MomentSide, string | undefined]> = [
    ['at', window.at],
    ['until', window.until],
  ];
  return sides.flatMap(([side, name]) => {
    const field = name === undefined ? undefined : resource.fields.find((f) => f.name === name);
    return field ? [{ side, field }] : [];
  });
}

/** The rows the public counts as published apart from the window: the public `where` (status == 1). */
function publishedState(eb: Eb, resource: Resource): Expression<SqlBool> {
  const where = resource.public?.where;
  const field = where && resource.fields.find((f) => f.name === where.field);
  return where && field ? conditionExpression(eb, field, where) : sql<SqlBool>`true`;
}

/** A date column counts from midnight by the database's time zone, as the public filter reads it. */
const momentTime = (field: Field) => sql<Date>`${sql.ref(field.column)}::timestamptz`;

/**
 * Keeps each written row's moment jobs level with the row, in the write's transaction: a time
 * ahead on a published row has its job (added, or moved to the new time); any other row has
 * none (a cleared time, a time passed, a withdrawn row). Off for a resource without a publish
 * window, and when the server runs without the queue (the CLI, PGlite in the server's thread).
 */
export class MomentSchedule {
  private readonly sides: Array<{ side: MomentSide; field: Field }>;

  constructor(
    private readonly resource: Resource,
    queue: boolean,
  ) {
    this.sides = queue ? windowFields(resource) : [];
  }

  get enabled(): boolean {
    return this.sides.length > 0;
  }

  async afterWrite(trx: Kysely<any>, ids: readonly number[]): Promise<void> {
    if (!this.enabled || ids.length === 0) return;
    await this.schedule(trx, ids);
  }

  /**
   * At start, every row whose moment is ahead gets its job, also the rows written while the
   * server ran without the queue, or by SQL: the jobs waiting already are added again, unchanged.
   */
  async catchUp(db: Kysely<any>): Promise<void> {
    if (this.enabled) await this.schedule(db);
  }

  /** Adds or moves the jobs of the rows `ids` (all rows: undefined) and removes those of the others. */
  private async schedule(trx: Kysely<any>, ids?: readonly number[]): Promise<void> {
    const name = this.resource.name;
    const rows = () => {
      const all = trx.selectFrom(this.resource.table);
      return ids ? all.where('id', 'in', ids) : all;
    };
    for (const { side, field } of this.sides) {
      const time = momentTime(field);
      // never null: a row with no time, or no state, has no job
      const due = (eb: Eb) =>
        sql<SqlBool>`coalesce(${eb.and([sql<SqlBool>`${time} > now()`, publishedState(eb, this.resource), inUse(this.resource)])}, false)`;
      const key = sql<string>`${name} || ':' || id || ':' || ${side}`;
      await rows()
        .select(
          sql`graphile_worker.add_job(${MOMENT_TASK},
            json_build_object('resource', ${name}::text, 'id', id, 'side', ${side}::text, 'at', ${time}),
            run_at => ${time}, job_key => ${key}, job_key_mode => 'replace',
            max_attempts => ${MOMENT_ATTEMPTS}::int)`.as('job'),
        )
        .where(due)
        .execute();
      // at start there is nothing to remove: a job without its row finds nothing and writes nothing
      if (!ids) continue;
      await rows()
        .select(sql`graphile_worker.remove_job(${key})`.as('job'))
        .where((eb) => eb.not(due(eb)))
        .execute();
    }
  }

  /** Rows about to be deleted (or binned) lose their jobs with them. */
  async beforeDelete(trx: Kysely<any>, ids: readonly number[]): Promise<void> {
    if (!this.enabled || ids.length === 0) return;
    const keys = ids.flatMap((id) =>
      this.sides.map(({ side }) => momentJobKey(this.resource.name, id, side)),
    );
    await sql`select graphile_worker.remove_job(k) from unnest(${keys}::text[]) k`.execute(trx);
  }
}

/**
 * The task: records the moment when the row still stands as its job was added for. It still
 * exists, is still published (the public `where`), its time still equals the job's and has
 * come: a job that slipped past a change (its replacement raced it) writes nothing. The entry
 * names no user: the clock did it; the entry of the save says who set the time. The unique index behind
 * `on conflict` (MOMENT_ENTRY_INDEX) makes a job run twice (its worker died before marking it
 * done) write one entry.
 */
export async function recordMoment(
  db: Kysely<any>,
  manifest: Manifest,
  payload: MomentPayload,
): Promise<void> {
  const resource = manifest.resources.find((r) => r.name === payload.resource);
  const field = resource && windowFields(resource).find((s) => s.side === payload.side)?.field;
  // a resource or window since removed from the schemas: the moment is nobody's any more
  if (!resource || !field || !Number.isInteger(payload.id)) return;
  const time = momentTime(field);
  const row = db
    .selectFrom(resource.table)
    .select([
      sql`null::int`.as('user_id'),
      sql`null::text`.as('user_name'),
      sql`${MOMENT_ACTIONS[payload.side]}::text`.as('action'),
      sql`${resource.name}::text`.as('resource'),
      sql`id::text`.as('target'),
      sql`jsonb_build_object('at', ${time})`.as('detail'),
      sql`null::text`.as('address'),
    ])
    .where('id', '=', payload.id)
    .where(sql<SqlBool>`${time} = ${payload.at}::timestamptz`)
    // never ahead of its time, however the job's own time was moved
    .where(sql<SqlBool>`${time} <= now()`)
    .where((eb) => publishedState(eb, resource))
    .where(inUse(resource));
  await sql`
    insert into sys_audit_log (user_id, user_name, action, resource, target, detail, address)
    ${row}
    on conflict (resource, target, action, (detail->>'at'))
      where action in ('published', 'unpublished') and user_id is null
    do nothing`.execute(db);
}

/** A row in the recycle bin (`softDelete`) is public nowhere: it has no moment until restored. */
function inUse(resource: Resource) {
  return resource.softDelete ? sql<SqlBool>`${sql.ref(DELETED_AT)} is null` : sql<SqlBool>`true`;
}
