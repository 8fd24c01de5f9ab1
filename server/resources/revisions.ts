// The saved states of the rows of a resource with `revisions: true` (docs/schema.md,
// "Revisions"), kept in sys_revisions by every write path of the generic CRUD (create, import,
// update, batch update, an action's `set`, a reorder, the rows an exclusive field clears), in the
// write's own transaction: a rolled-back write leaves no revision. A revision is numbered by the
// row's version after the write, so it names the state a concurrent-edit check compares with.
import { type Kysely, sql } from 'kysely';
import { BASE_COLUMNS, VERSION_COLUMN } from '../../runtime/schema/reservedNames.ts';
import type { Field, Resource } from '../../runtime/schema/types.ts';
import { readableFields } from './fields.ts';
import { toApiRows } from './rows.ts';

/** Who made a revision: a member of staff, or nobody known (the public, a row kept as it was). */
export interface RevisionAuthor {
  userId: number | null;
  userName: string | null;
}

/** A revision as the list gives it: when, by whom, by which write, and what it changed. */
export interface RevisionSummary {
  revision: number;
  action: string;
  changed: string[];
  userName: string | null;
  createdAt: Date | string;
}

export interface Revision extends RevisionSummary {
  /** the row's fields at this revision, as the API gives them */
  data: Record<string, unknown>;
}

/** The action of the revision that keeps a row as it was before its first kept write. */
export const BASELINE_ACTION = 'baseline';

/** Rows a single insert writes, well under PostgreSQL's limit on bound parameters. */
const INSERT_CHUNK = 500;

/**
 * The fields a revision keeps: those some write can set (staff's fields, and read-only ones an
 * action's `set` writes, such as a status). The server's own counters and times (a view count,
 * the update time) are left out: they change without anyone editing, and no restore writes them.
 */
export function revisedFields(resource: Resource): Field[] {
  const setByAction = new Set(resource.actions.flatMap((a) => Object.keys(a.set ?? {})));
  return readableFields(resource).filter(
    (f) => !BASE_COLUMNS.includes(f.column) && (!f.readOnly || setByAction.has(f.name)),
  );
}

const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** JSON text of a value as jsonb gives it back: a Date becomes its ISO text, as the API sends it. */
const json = (value: unknown) => JSON.stringify(value ?? null);

export class RevisionLog {
  private readonly fields: Field[];

  constructor(private readonly resource: Resource) {
    this.fields = revisedFields(resource);
  }

  get enabled(): boolean {
    return this.resource.revisions === true;
  }

  /**
   * Before rows are changed: a row that has no revision yet (written before revisions were
   * switched on, or seeded) is kept as it is, so the first kept write can be undone too. Call
   * with the rows locked, or about to be changed by the same statement that follows.
   */
  async beforeWrite(trx: Kysely<any>, ids: readonly number[]): Promise<void> {
    if (!this.enabled || ids.length === 0) return;
    const kept = await trx
      .selectFrom('sys_revisions')
      .select('row_id')
      .distinct()
      .where('resource', '=', this.resource.name)
      .where('row_id', 'in', ids)
      .execute();
    const have = new Set(kept.map((r) => Number(r.row_id)));
    const missing = ids.filter((id) => !have.has(id));
    if (missing.length === 0) return;
    const rows = await trx.selectFrom(this.resource.table).selectAll().where('id', 'in', missing).execute();
    const apiRows = await toApiRows(trx, this.resource, rows);
    const times = new Map(rows.map((r) => [Number(r.id), r.update_time]));
    await this.insert(
      trx,
      apiRows.map((row) => ({
        row_id: row.id,
        revision: Number(row.version),
        action: BASELINE_ACTION,
        data: json(this.snapshot(row)),
        changed: '[]',
        user_id: null,
        user_name: null,
        // the state was saved when the row was last written, not now
        created_at: times.get(row.id) ?? sql`now()`,
      })),
    );
  }

  /** After rows were written: each row as it is now becomes a revision, with what it changed. */
  async afterWrite(
    trx: Kysely<any>,
    ids: readonly number[],
    action: string,
    author: RevisionAuthor,
  ): Promise<void> {
    if (!this.enabled || ids.length === 0) return;
    const rows = await trx.selectFrom(this.resource.table).selectAll().where('id', 'in', ids).execute();
    const apiRows = await toApiRows(trx, this.resource, rows);
    const previous = await trx
      .selectFrom('sys_revisions')
      .select(['row_id', 'data'])
      .distinctOn('row_id')
      .where('resource', '=', this.resource.name)
      .where('row_id', 'in', ids)
      .orderBy('row_id')
      .orderBy('revision', 'desc')
      .execute();
    const before = new Map(previous.map((r) => [Number(r.row_id), r.data as Record<string, unknown>]));
    await this.insert(
      trx,
      apiRows.map((row) => {
        const data = this.snapshot(row);
        return {
          row_id: row.id,
          revision: Number(row[VERSION_COLUMN]),
          action,
          data: json(data),
          changed: json(this.changed(before.get(row.id), data)),
          user_id: author.userId,
          user_name: author.userName,
          created_at: sql`now()`,
        };
      }),
    );
  }

  /** A row's revisions, newest first, one page of them, without their data. */
  async list(
    db: Kysely<any>,
    rowId: number,
    page: number,
    limit: number,
  ): Promise<{ rows: RevisionSummary[]; total: number }> {
    const mine = db
      .selectFrom('sys_revisions')
      .where('resource', '=', this.resource.name)
      .where('row_id', '=', rowId);
    const rows = await mine
      .select(['revision', 'action', 'changed', 'user_name', 'created_at'])
      .orderBy('revision', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
    const { total } = await mine.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
    return { rows: rows.map((r) => summaryOf(r)), total };
  }

  /** One revision of a row with its data; undefined when the row has no such revision. */
  async get(db: Kysely<any>, rowId: number, revision: number): Promise<Revision | undefined> {
    const row = await db
      .selectFrom('sys_revisions')
      .select(['revision', 'action', 'changed', 'user_name', 'created_at', 'data'])
      .where('resource', '=', this.resource.name)
      .where('row_id', '=', rowId)
      .where('revision', '=', revision)
      .executeTakeFirst();
    return row ? { ...summaryOf(row), data: row.data as Record<string, unknown> } : undefined;
  }

  private snapshot(row: Record<string, unknown>): Record<string, unknown> {
    return Object.fromEntries(this.fields.map((f) => [f.name, row[f.name] ?? null]));
  }

  /** Fields that differ from the revision before; a row's first revision names what it holds. */
  private changed(before: Record<string, unknown> | undefined, after: Record<string, unknown>): string[] {
    return this.fields
      .filter((f) =>
        before === undefined ? !isEmpty(after[f.name]) : json(before[f.name]) !== json(after[f.name]),
      )
      .map((f) => f.name);
  }

  private async insert(trx: Kysely<any>, rows: Array<Record<string, unknown>>): Promise<void> {
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      const chunk = rows.slice(i, i + INSERT_CHUNK).map((r) => ({ ...r, resource: this.resource.name }));
      await trx.insertInto('sys_revisions').values(chunk).execute();
    }
  }
}

function summaryOf(row: Record<string, unknown>): RevisionSummary {
  return {
    revision: Number(row.revision),
    action: String(row.action),
    changed: (row.changed as string[]) ?? [],
    userName: (row.user_name as string | null) ?? null,
    createdAt: row.created_at as Date | string,
  };
}
