// The pending drafts of the rows of a resource with `drafts: true` (docs/schema.md, "Drafts"),
// kept in sys_drafts, one a row: the fields an editor changed, saved as they type, while the row
// itself (and so the public service) stays as it is until the draft is published. A draft keeps
// the version of the row it was started from: publishing it over a row saved since is a 409.
import { type Kysely, sql } from 'kysely';
import type { Field, Resource } from '../../runtime/schema/types.ts';
import { writableFields } from '../../runtime/schema/writable.ts';

/** A row's draft as the API gives it. */
export interface Draft {
  /** the edited fields, as checked on the way in */
  data: Record<string, unknown>;
  /** the row's version the draft was started from */
  baseVersion: number;
  updatedBy: string | null;
  updatedAt: Date | string;
}

/** Who saves a draft. */
export interface DraftAuthor {
  userId: number | null;
  userName: string | null;
}

/** JSON text of a value as jsonb gives it back: a Date becomes its ISO text, as the API sends it. */
const json = (value: unknown) => JSON.stringify(value ?? null);

const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** Whether a value sent equals the row's: a time by its moment, a list of references by its ids. */
function sameValue(field: Field, value: unknown, stored: unknown): boolean {
  if (isEmpty(value) && isEmpty(stored)) return true;
  if ((field.type === 'date' || field.type === 'datetime') && !isEmpty(value) && !isEmpty(stored)) {
    const at = (v: unknown) => (v instanceof Date ? v.getTime() : Date.parse(String(v)));
    return at(value) === at(stored);
  }
  if (Array.isArray(value) && Array.isArray(stored)) {
    const ids = (list: unknown[]) => json(list.map(String).sort());
    return ids(value) === ids(stored);
  }
  return json(value) === json(stored);
}

/**
 * The fields a draft may hold: what an edit writes, except a password, which is hashed on its
 * write and must never lie in a table as typed.
 */
export function draftFields(resource: Resource): Field[] {
  return writableFields(resource, 'draft').fields.filter((f) => f.type !== 'password');
}

/**
 * The fields of `values` that differ from the row: what the draft holds. A field left as it is
 * stays out, so publishing writes only what was edited (and a field with a write permission is
 * not asked for when the editor did not touch it).
 */
export function editedValues(
  resource: Resource,
  values: Record<string, unknown>,
  row: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of draftFields(resource)) {
    if (!Object.hasOwn(values, field.name)) continue;
    const value = values[field.name];
    if (sameValue(field, value, row[field.name])) continue;
    out[field.name] = value;
  }
  return out;
}

/** The name a list page reads its rows' draft flag under (flagColumn); no field's column has it. */
export const DRAFT_FLAG_COLUMN = '__has_draft';

export class DraftStore {
  constructor(private readonly resource: Resource) {}

  get enabled(): boolean {
    return this.resource.drafts === true;
  }

  private mine(db: Kysely<any>) {
    return db.selectFrom('sys_drafts').where('resource', '=', this.resource.name);
  }

  /** The row's draft, or undefined when it has none. */
  async get(db: Kysely<any>, rowId: number): Promise<(Draft & { id: number }) | undefined> {
    const row = await this.mine(db)
      .select(['id', 'data', 'base_version', 'updated_by_name', 'updated_at'])
      .where('row_id', '=', rowId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: Number(row.id),
      data: row.data as Record<string, unknown>,
      baseVersion: Number(row.base_version),
      updatedBy: (row.updated_by_name as string | null) ?? null,
      updatedAt: row.updated_at as Date | string,
    };
  }

  /**
   * Saves the row's draft: its data replaced by `data`, its base version kept from when it was
   * started (`baseVersion` is used only then). One statement, so two saves at once leave one draft.
   */
  async save(
    db: Kysely<any>,
    rowId: number,
    data: Record<string, unknown>,
    baseVersion: number,
    author: DraftAuthor,
  ): Promise<Draft> {
    await sql`
      insert into sys_drafts (resource, row_id, data, base_version, updated_by, updated_by_name, updated_at)
      values (${this.resource.name}, ${rowId}, ${json(data)}::jsonb, ${baseVersion}, ${author.userId},
              ${author.userName}, now())
      on conflict (resource, row_id) do update
        set data = excluded.data, updated_by = excluded.updated_by,
            updated_by_name = excluded.updated_by_name, updated_at = excluded.updated_at
    `.execute(db);
    const saved = await this.get(db, rowId);
    const { id: _id, ...draft } = saved!;
    return draft;
  }

  /**
   * Drops the row's draft; whether there was one. With `draftId` and `data`, only that draft
   * holding just that data: a publish removes the draft it read, not one saved again since.
   */
  async remove(
    db: Kysely<any>,
    rowId: number,
    draftId?: number,
    data?: Record<string, unknown>,
  ): Promise<boolean> {
    let query = db
      .deleteFrom('sys_drafts')
      .where('resource', '=', this.resource.name)
      .where('row_id', '=', rowId);
    if (draftId !== undefined) query = query.where('id', '=', draftId);
    if (data !== undefined) query = query.where('data', '=', sql<any>`${json(data)}::jsonb`);
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Drops the drafts of rows deleted for good (a bin keeps them: a restored row has its draft back). */
  async removeRows(db: Kysely<any>, rowIds: readonly number[]): Promise<void> {
    if (!this.enabled || rowIds.length === 0) return;
    await db
      .deleteFrom('sys_drafts')
      .where('resource', '=', this.resource.name)
      .where('row_id', 'in', rowIds)
      .execute();
  }

  /**
   * A column saying whether the row read has a draft, for a list page to read along with its
   * rows (no statement of its own): one probe of the (resource, row_id) key a row. Undefined
   * when the resource keeps no drafts.
   *
   * A scalar subquery (true, or null for no draft), not `exists`: PostgreSQL may run an `exists`
   * in the select list as a hashed subplan, which it prefers by the table's row count, not the
   * page's: every page then read all the resource's drafts (20 ms a page with 50,000 drafts,
   * against 1 ms of probes). A scalar subquery is always probed per row; the key is unique, so it
   * finds at most one.
   */
  flagColumn(table: string) {
    if (!this.enabled) return undefined;
    return sql<
      boolean | null
    >`(select true from sys_drafts where resource = ${this.resource.name} and row_id = ${sql.ref(`${table}.id`)})`.as(
      DRAFT_FLAG_COLUMN,
    );
  }
}
