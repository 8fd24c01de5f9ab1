// Generic CRUD over one resource's table: every schema resource, system ones included, is
// listed, read and written here; resource-specific rules come in through hooks. Each write,
// with its join-table rows, reference checks and audit entry, is one transaction.
import { type Kysely, sql } from 'kysely';
import { evaluateCondition } from '../../runtime/schema/index.ts';
import type { Field, FieldCondition, Lang, Manifest, Resource } from '../../runtime/schema/types.ts';
import { validationMessage } from '../../runtime/schema/validationMessages.ts';
import { writeAudit } from '../audit.ts';
import type { RequestAuth } from '../auth/access.ts';
import { hashPassword } from '../auth/password.ts';
import type { Db } from '../db/tables.ts';
import { ApiError, badRequest, conflict, notFound, stillReferenced } from '../http/errors.ts';
import type { SecurityConfig } from '../security.ts';
import { clearOtherRows, exclusiveFieldsSet } from './exclusive.ts';
import { joinOf } from './fields.ts';
import { RowFilter } from './filterSql.ts';
import type { ResourceHooks, WriteContext } from './hooks.ts';
import type { ListQuery } from './listQuery.ts';
import { isForeignKeyViolation, isUniqueViolation, uniqueViolationFields } from './pgErrors.ts';
import { sanitizeRichText } from './richText.ts';
import { type ApiRow, toApiRows } from './rows.ts';

/** A write by staff: their session and address, for the audit log. */
export interface WriteActor {
  auth: RequestAuth;
  address: string;
  /** the language problems are worded in (the request's); the product's Chinese when not given */
  lang?: Lang;
}

/** Who writes: staff, or the public (no session) through the public content service. */
export interface Actor {
  auth: RequestAuth | null;
  address: string;
  lang?: Lang;
}

/** Rows of an import (or any multi-row create) that cannot be written, by their row number. */
export interface RowProblem {
  row: number;
  errors: Record<string, string>;
}

export class RowProblemsError extends Error {
  constructor(readonly problems: RowProblem[]) {
    super(`${problems.length} row(s) cannot be written`);
    this.name = 'RowProblemsError';
  }
}

/** Most rows one export writes. */
export const EXPORT_MAX_ROWS = 10_000;

export class ResourceStore {
  private readonly db: Kysely<any>;
  private readonly filter: RowFilter;

  constructor(
    db: Db,
    readonly resource: Resource,
    private readonly manifest: Manifest,
    private readonly security: SecurityConfig,
    private readonly hooks: ResourceHooks = {},
  ) {
    this.db = db as unknown as Kysely<any>;
    this.filter = new RowFilter(resource, manifest);
  }

  private get table(): string {
    return this.resource.table;
  }

  private matching(query: Pick<ListQuery, 'filters' | 'where'>, db: Kysely<any> = this.db) {
    return db.selectFrom(this.table).where((eb) => this.filter.where(eb, query.filters, query.where));
  }

  /** The columns a query reads: all, or the id and those of `fields`. */
  private columnsOf(query: Pick<ListQuery, 'fields'>): string[] | undefined {
    if (!query.fields) return undefined;
    const wanted = new Set(query.fields);
    return [
      'id',
      ...this.resource.fields
        .filter((f) => wanted.has(f.name) && !joinOf(this.resource, f))
        .map((f) => f.column),
    ];
  }

  private sorted(query: ListQuery, db?: Kysely<any>) {
    const columns = this.columnsOf(query);
    let select = columns ? this.matching(query, db).select(columns) : this.matching(query, db).selectAll();
    for (const key of query.sort) {
      const column = key.field === 'id' ? 'id' : key.field.column;
      // empty values last in either direction, as a spreadsheet sorts: an unset date never heads
      // a newest-first list, nor an unset rating a lowest-first one
      select = select.orderBy(column, (ob) => (key.desc ? ob.desc() : ob.asc()).nullsLast());
    }
    const last = query.sort.at(-1);
    return select.orderBy('id', last?.desc ? 'desc' : 'asc');
  }

  async count(query: Pick<ListQuery, 'filters' | 'where'>): Promise<number> {
    const { total } = await this.matching(query)
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirstOrThrow();
    return total;
  }

  async list(query: ListQuery): Promise<{ rows: ApiRow[]; total: number }> {
    const total = await this.count(query);
    const rows = await this.sorted(query)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute();
    return { rows: await toApiRows(this.db, this.resource, rows), total };
  }

  /** Every row matching the query, in its order, up to `max`: a tree, an export. */
  async rows(query: ListQuery, max: number, ids?: number[]): Promise<ApiRow[]> {
    let select = this.sorted(query);
    if (ids) select = select.where('id', 'in', ids);
    return toApiRows(this.db, this.resource, await select.limit(max).execute());
  }

  /** Every row matching the list's filters and sort (or just `ids`), for an export. */
  exportRows(query: ListQuery, ids?: number[]): Promise<ApiRow[]> {
    return this.rows(query, EXPORT_MAX_ROWS, ids);
  }

  async get(id: number, db: Kysely<any> = this.db): Promise<ApiRow> {
    const row = await db.selectFrom(this.table).selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound(`${this.resource.name} ${id} not found`);
    return (await toApiRows(db, this.resource, [row]))[0];
  }

  /** The row when it exists and meets every condition; undefined otherwise. */
  async find(id: number, where: FieldCondition[] = []): Promise<ApiRow | undefined> {
    const row = await this.matching({ filters: [], where })
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? (await toApiRows(this.db, this.resource, [row]))[0] : undefined;
  }

  /**
   * Adds one to a counter field of a row that meets `where`, in one statement so concurrent
   * readers never lose a count; returns the row after, or undefined when there is none.
   */
  async increment(id: number, fieldName: string, where: FieldCondition[] = []): Promise<ApiRow | undefined> {
    const field = this.resource.fields.find((f) => f.name === fieldName);
    if (!field) return this.find(id, where);
    const row = await this.db
      .updateTable(this.table)
      .set({ [field.column]: sql`coalesce(${sql.ref(field.column)}, 0) + 1` })
      .where('id', '=', id)
      .where((eb) => this.filter.where(eb, [], where))
      .returningAll()
      .executeTakeFirst();
    return row ? (await toApiRows(this.db, this.resource, [row]))[0] : undefined;
  }

  /** `audit` names the write in the audit log (default `create`; `submit` for the public). */
  async create(values: Record<string, unknown>, actor: Actor, audit = 'create'): Promise<ApiRow> {
    // hashing a password takes long: done before the transaction holds a connection
    const columns = await this.toColumns(values);
    return this.write(async (ctx) => {
      await this.checkReferences(ctx, values);
      const id = await this.insert(ctx, values, columns);
      await this.audit(ctx.trx, actor, audit, id, values);
      return this.get(id, ctx.trx);
    }, actor);
  }

  /**
   * Creates every row or none (an import). Rows that break a rule the validator cannot see
   * (an unknown reference, a unique value taken or repeated) are all reported at once, by the
   * row number the caller gave them, and nothing is written.
   */
  async createMany(
    rows: Array<{ row: number; values: Record<string, unknown> }>,
    actor: WriteActor,
    audit = 'import',
  ): Promise<{ count: number; ids: number[] }> {
    const columns: Array<Record<string, unknown>> = [];
    for (const { values } of rows) columns.push(await this.toColumns(values));
    return this.write(async (ctx) => {
      const problems: RowProblem[] = [];
      const taken = await this.takenUniqueValues(ctx, rows);
      for (const { row, values } of rows) {
        const errors = { ...(taken.get(row) ?? {}) };
        try {
          await this.checkReferences(ctx, values);
        } catch (error) {
          if (!(error instanceof ApiError) || error.status !== 400) throw error;
          Object.assign(errors, (error.data as { errors: Record<string, string> }).errors);
        }
        if (Object.keys(errors).length > 0) problems.push({ row, errors });
      }
      if (problems.length > 0) throw new RowProblemsError(problems);
      const ids: number[] = [];
      for (let i = 0; i < rows.length; i++) ids.push(await this.insert(ctx, rows[i].values, columns[i]));
      await this.audit(ctx.trx, actor, audit, ids, Object.assign({}, ...rows.map((r) => r.values)));
      return { count: ids.length, ids };
    }, actor);
  }

  /** Unique values the rows repeat among themselves or that the table already holds, by row. */
  private async takenUniqueValues(
    { trx, lang }: WriteContext,
    rows: Array<{ row: number; values: Record<string, unknown> }>,
  ): Promise<Map<number, Record<string, string>>> {
    const out = new Map<number, Record<string, string>>();
    const flag = (row: number, field: string, message: string) => {
      out.set(row, { ...(out.get(row) ?? {}), [field]: message });
    };
    for (const field of this.resource.fields.filter((f) => f.unique)) {
      const seen = new Map<string, number>();
      const given: unknown[] = [];
      for (const { row, values } of rows) {
        const value = values[field.name];
        if (value === undefined || value === null) continue;
        const key = String(value);
        const earlier = seen.get(key);
        if (earlier !== undefined)
          flag(
            row,
            field.name,
            validationMessage(lang, 'repeatsRow', { title: field.title[lang], row: earlier }),
          );
        else seen.set(key, row);
        given.push(value);
      }
      if (given.length === 0) continue;
      const existing = await trx
        .selectFrom(this.table)
        .select(field.column)
        .where(field.column, 'in', given)
        .execute();
      const present = new Set(existing.map((r) => String(r[field.column])));
      for (const { row, values } of rows) {
        const value = values[field.name];
        if (value !== undefined && value !== null && present.has(String(value)))
          flag(row, field.name, validationMessage(lang, 'unique', { title: field.title[lang] }));
      }
    }
    return out;
  }

  private async insert(
    ctx: WriteContext,
    values: Record<string, unknown>,
    columns: Record<string, unknown>,
  ): Promise<number> {
    const row = { ...columns };
    await this.hooks.beforeCreate?.(ctx, row);
    const inserted = await ctx.trx
      .insertInto(this.table)
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(inserted.id);
    await clearOtherRows(ctx.trx, this.resource, [id], row);
    await this.writeJoins(ctx.trx, [id], values);
    return id;
  }

  async update(id: number, values: Record<string, unknown>, actor: WriteActor): Promise<ApiRow> {
    const columns = await this.toColumns(values);
    return this.write(async (ctx) => {
      await this.requireExisting(ctx.trx, [id]);
      await this.updateRows(ctx, [id], values, columns);
      await this.audit(ctx.trx, actor, 'update', id, values);
      return this.get(id, ctx.trx);
    }, actor);
  }

  /**
   * Sets the same values on several rows: a batch update, or an action's `set` (then `action`
   * names it in the audit log and `when` is the condition every row must meet, else 409).
   */
  async updateMany(
    ids: number[],
    values: Record<string, unknown>,
    actor: WriteActor,
    options: { action?: string; when?: FieldCondition } = {},
  ): Promise<{ count: number }> {
    const columns = await this.toColumns(values);
    const exclusive = exclusiveFieldsSet(this.resource, columns);
    if (ids.length > 1 && exclusive.length > 0) {
      throw badRequest(Object.fromEntries(exclusive.map((f) => [f.name, 'only one row can hold this'])));
    }
    return this.write(async (ctx) => {
      await this.requireExisting(ctx.trx, ids);
      if (options.when) await this.requireCondition(ctx.trx, ids, options.when);
      await this.updateRows(ctx, ids, values, columns);
      await this.audit(ctx.trx, actor, options.action ?? 'batchUpdate', ids, values);
      return { count: ids.length };
    }, actor);
  }

  private async requireCondition(trx: Kysely<any>, ids: number[], when: FieldCondition): Promise<void> {
    const rows = await trx.selectFrom(this.table).selectAll().where('id', 'in', ids).execute();
    const refused = (await toApiRows(trx, this.resource, rows)).filter(
      (row) => !evaluateCondition(when, row),
    );
    if (refused.length > 0) {
      throw new ApiError(
        409,
        `not possible for ${this.resource.name} ${refused.map((r) => r.id).join(', ')} as it is now`,
        {
          ids: refused.map((r) => r.id),
        },
      );
    }
  }

  async remove(
    ids: number[],
    actor: WriteActor,
    action: 'delete' | 'batchDelete',
  ): Promise<{ count: number }> {
    return this.write(async (ctx) => {
      await this.requireExisting(ctx.trx, ids);
      const all = (await this.hooks.beforeDelete?.(ctx, ids)) ?? ids;
      const result = await ctx.trx.deleteFrom(this.table).where('id', 'in', all).executeTakeFirst();
      await this.audit(ctx.trx, actor, action, all, undefined);
      return { count: Number(result.numDeletedRows) };
    }, actor);
  }

  private async updateRows(
    ctx: WriteContext,
    ids: number[],
    values: Record<string, unknown>,
    columns: Record<string, unknown>,
  ): Promise<void> {
    await this.checkReferences(ctx, values, ids);
    await this.hooks.beforeUpdate?.(ctx, ids, columns);
    await ctx.trx
      .updateTable(this.table)
      .set({ ...columns, update_time: sql`now()` })
      .where('id', 'in', ids)
      .execute();
    await clearOtherRows(ctx.trx, this.resource, ids, columns);
    await this.writeJoins(ctx.trx, ids, values);
  }

  /** Runs a write in a transaction and turns constraint violations into 409 / 400 answers. */
  private async write<T>(body: (ctx: WriteContext) => Promise<T>, actor: Actor): Promise<T> {
    const lang = actor.lang ?? 'zh';
    try {
      return await this.db.transaction().execute((trx) =>
        body({
          trx,
          resource: this.resource,
          auth: actor.auth,
          security: this.security,
          lang,
        }),
      );
    } catch (error) {
      if (isUniqueViolation(error)) {
        const fields = uniqueViolationFields(this.resource, error);
        throw conflict(this.resource, fields, lang);
      }
      if (isForeignKeyViolation(error)) throw stillReferenced(lang);
      throw error;
    }
  }

  /** 404 naming every id that does not exist; nothing is written then. */
  private async requireExisting(db: Kysely<any>, ids: number[]): Promise<void> {
    const found = await db.selectFrom(this.table).select('id').where('id', 'in', ids).execute();
    const present = new Set(found.map((r) => Number(r.id)));
    const missing = ids.filter((id) => !present.has(id));
    if (missing.length > 0) {
      throw notFound(`${this.resource.name} not found: ${missing.join(', ')}`, { missing });
    }
  }

  private async toColumns(values: Record<string, unknown>): Promise<Record<string, unknown>> {
    const columns: Record<string, unknown> = {};
    for (const field of this.resource.fields) {
      const value = values[field.name];
      if (value === undefined || joinOf(this.resource, field)) continue;
      if (field.type === 'password' && typeof value === 'string') {
        columns[field.column] = await hashPassword(value, this.security.scrypt);
      } else if (field.type === 'richtext' && typeof value === 'string') {
        // whoever wrote it, the HTML is shown to others: cleaned on the way in, every write
        columns[field.column] = sanitizeRichText(value);
      } else if (value !== null && (field.type === 'json' || field.multiple)) {
        // pg would send a JS array as a PostgreSQL array; jsonb wants JSON text
        columns[field.column] = JSON.stringify(value);
      } else {
        columns[field.column] = value;
      }
    }
    return columns;
  }

  private async writeJoins(trx: Kysely<any>, ids: number[], values: Record<string, unknown>): Promise<void> {
    for (const field of this.resource.fields) {
      const join = joinOf(this.resource, field);
      const refs = values[field.name];
      if (!join || !Array.isArray(refs)) continue;
      await trx.deleteFrom(join.table).where(join.ownerColumn, 'in', ids).execute();
      const links = ids.flatMap((id) =>
        refs.map((ref) => ({ [join.ownerColumn]: id, [join.refColumn]: ref })),
      );
      if (links.length > 0) await trx.insertInto(join.table).values(links).execute();
    }
  }

  /** Referenced ids must exist; a tree row cannot be moved under itself. */
  private async checkReferences(
    { trx, lang }: WriteContext,
    values: Record<string, unknown>,
    ids: number[] = [],
  ): Promise<void> {
    const errors: Record<string, string> = {};
    for (const field of this.resource.fields) {
      if ((field.type !== 'ref' && field.type !== 'tree-parent') || !field.ref) continue;
      const raw = values[field.name];
      if (raw === undefined || raw === null) continue;
      const wanted = (Array.isArray(raw) ? raw : [raw])
        .map(Number)
        .filter((id) => !(field.type === 'tree-parent' && id === 0));
      if (wanted.length === 0) continue;
      const target = this.manifest.resources.find((r) => r.name === field.ref);
      if (!target) continue;
      const found = await trx.selectFrom(target.table).select('id').where('id', 'in', wanted).execute();
      const present = new Set(found.map((r) => Number(r.id)));
      const missing = wanted.filter((id) => !present.has(id));
      if (missing.length > 0) {
        errors[field.name] = validationMessage(lang, 'unknownRef', {
          title: field.title[lang],
          ids: missing.join(', '),
        });
        continue;
      }
      if (
        field.type === 'tree-parent' &&
        ids.length > 0 &&
        (await this.isInside(trx, field, wanted[0], ids))
      ) {
        errors[field.name] = validationMessage(lang, 'insideItself', { title: field.title[lang] });
      }
    }
    if (Object.keys(errors).length > 0) throw badRequest(errors);
  }

  /** Whether `parent` is one of `ids` or below one of them. */
  private async isInside(trx: Kysely<any>, field: Field, parent: number, ids: number[]): Promise<boolean> {
    const result = await sql<{ id: number }>`
      with recursive up(id, depth) as (
        select ${parent}::int, 0
        union all
        select t.${sql.ref(field.column)}, up.depth + 1 from ${sql.table(this.table)} t
        join up on t.id = up.id
        where up.depth < 1000
      )
      select id from up where id = any(${ids}::int[])`.execute(trx);
    return result.rows.length > 0;
  }

  private async audit(
    trx: Kysely<any>,
    actor: Actor,
    action: string,
    target: number | number[],
    values: Record<string, unknown> | undefined,
  ): Promise<void> {
    await writeAudit(trx, {
      userId: actor.auth?.userId ?? null,
      userName: actor.auth?.userName ?? null,
      action,
      resource: this.resource.name,
      target,
      // which fields changed, never their values: a password must not land in the log
      detail: values ? { fields: Object.keys(values) } : undefined,
      address: actor.address,
    });
  }
}
