// Generic CRUD over one resource's table: every schema resource, system ones included, is
// listed, read and written here; resource-specific rules come in through hooks. Each write,
// with its join-table rows, reference checks, audit entry and revisions, is one transaction; it locks the
// rows it changes in id order, bumps their version, and is tried again when PostgreSQL aborts
// it for a deadlock or a serialization failure (docs/api.md, "Concurrent edits").
import { setTimeout as sleep } from 'node:timers/promises';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { HAS_DRAFT_KEY } from '../../runtime/contract.ts';
import { evaluateCondition } from '../../runtime/schema/condition.ts';
import { ruleErrors, ruleMessages } from '../../runtime/schema/evaluateRules.ts';
import { DELETED_AT, DELETED_BY } from '../../runtime/schema/recycleBin.ts';
import { BASE_COLUMNS, VERSION_COLUMN } from '../../runtime/schema/reservedNames.ts';
import type { Field, FieldCondition, I18n, Lang, Manifest, Resource } from '../../runtime/schema/types.ts';
import { validationMessage } from '../../runtime/schema/validationMessages.ts';
import { type FieldChange, fieldChanges, writeAudit } from '../audit.ts';
import type { RequestAuth } from '../auth/access.ts';
import { checkFieldPermissions } from '../auth/fieldAccess.ts';
import { hashPassword } from '../auth/password.ts';
import { queryRows } from '../db/compiledQuery.ts';
import type { Db } from '../db/tables.ts';
import { columnValue } from '../db/treeRoot.ts';
import { JSON_TIME_TYPES } from '../db/typeParsers.ts';
import {
  ApiError,
  badRequest,
  busy,
  conflict,
  rowNotFound,
  rowsMissing,
  staleVersion,
  stillReferenced,
} from '../http/errors.ts';
import { SERVER_MESSAGES } from '../http/messages.ts';
import { MomentSchedule } from '../jobs/moments.ts';
import type { SecurityConfig } from '../security.ts';
import type { CountCache } from './countCache.ts';
import { DRAFT_FLAG_COLUMN, DraftStore } from './drafts.ts';
import { clearOtherRows, exclusiveFieldsSet } from './exclusive.ts';
import { joinOf } from './fields.ts';
import { RowFilter } from './filterSql.ts';
import type { ResourceHooks, WriteContext } from './hooks.ts';
import type { FilterClause, ListQuery, SortKey } from './listQuery.ts';
import {
  bindPage,
  kept,
  LIMIT_SLOT,
  type ListStatementSet,
  ListStatements,
  OFFSET_SLOT,
  pageStatement,
  shapeKey,
} from './listStatements.ts';
import { compileCount, compileEstimate, listTotal } from './listTotal.ts';
import {
  isForeignKeyViolation,
  isRetryableConflict,
  isUniqueViolation,
  uniqueViolationFields,
} from './pgErrors.ts';
import { type BinnedRow, binnedRows, brokenReferences, liveOnly, restoreRefused } from './recycleBin.ts';
import { findBlockers, stillReferencedBy } from './references.ts';
import { type RevisionAuthor, RevisionLog } from './revisions.ts';
import { sanitizeRichText } from './richText.ts';
import { type ApiRow, type ApiRowOptions, toApiRows } from './rows.ts';
import { ancestorIds, HAS_CHILDREN_KEY, idsWithChildren, treeParentOf } from './treeRows.ts';

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

/** Who a revision names: the member of staff writing, nobody for the public. */
function authorOf(actor: Actor): RevisionAuthor {
  return { userId: actor.auth?.userId ?? null, userName: actor.auth?.userName ?? null };
}

/** Rows in use, or rows in the recycle bin (a resource with `softDelete`). */
type RowState = 'live' | 'binned';

/** From this offset on a page reads its ids first (page()). */
const DEFERRED_READ_OFFSET = 1000;

/**
 * How list() maps its rows: they go nowhere but into a JSON answer (the admin list, the public
 * service), so their times are the text that answer writes, made faster than JSON.stringify would.
 */
const LIST_ROWS: ApiRowOptions = { timesAsText: true };

/** Most rows one export writes. */
export const EXPORT_MAX_ROWS = 10_000;
/** Rows an export reads per query. */
export const EXPORT_BATCH_ROWS = 500;

export class ResourceStore {
  private readonly db: Kysely<any>;
  private readonly filter: RowFilter;
  private readonly narrowedByFields = new Map<string, Resource>();
  /** the compiled statements of the lists asked for, by shape (listStatements.ts) */
  readonly statements = new ListStatements();
  /** the rows' saved states, when the resource keeps them (`revisions: true`) */
  readonly revisions: RevisionLog;
  /** the rows' pending drafts, when the resource keeps them (`drafts: true`) */
  readonly drafts: DraftStore;
  /** the jobs of the rows' publish moments (server/jobs/moments.ts) */
  private readonly moments: MomentSchedule;

  constructor(
    db: Db,
    readonly resource: Resource,
    private readonly manifest: Manifest,
    private readonly security: SecurityConfig,
    private readonly hooks: ResourceHooks = {},
    jobQueue = false,
    /** where exact list totals are kept (the embedded database; countCache.ts) */
    private readonly counts?: CountCache,
  ) {
    this.db = db as unknown as Kysely<any>;
    this.filter = new RowFilter(resource, manifest);
    this.revisions = new RevisionLog(resource);
    this.drafts = new DraftStore(resource);
    this.moments = new MomentSchedule(resource, jobQueue);
  }

  private get table(): string {
    return this.resource.table;
  }

  /**
   * Which rows a read or write sees: with a recycle bin, those in use (everything but the bin's
   * own calls) or those in the bin; without one, every row.
   */
  private inState<Q extends { where: (...args: any[]) => any }>(select: Q, state: RowState): Q {
    if (!this.resource.softDelete) return select;
    return select.where(DELETED_AT, state === 'live' ? 'is' : 'is not', null) as Q;
  }

  private matching(query: Pick<ListQuery, 'filters' | 'where' | 'ids'>, db: Kysely<any> = this.db) {
    const from = this.inState(db.selectFrom(this.table), 'live');
    // an unfiltered list, the most common, builds no condition at all (its cost shows per request)
    const select =
      query.filters.length === 0 && !query.where?.length
        ? from
        : from.where((eb) => this.filter.where(eb, query.filters, query.where));
    return query.ids ? select.where('id', 'in', query.ids.length > 0 ? query.ids : [-1]) : select;
  }

  /** The columns a query reads: all, or the base columns (id…) and those of `fields`. */
  private columnsOf(query: Pick<ListQuery, 'fields'>): string[] | undefined {
    if (!query.fields) return undefined;
    const wanted = new Set(query.fields);
    const columns = this.resource.fields
      .filter((f) => wanted.has(f.name) && !joinOf(this.resource, f))
      .map((f) => f.column);
    return [...new Set([...BASE_COLUMNS, ...columns])];
  }

  /**
   * The list's order, as the indexes of server/db/indexes.ts serve it forward or backward: an
   * empty value counts as the least (first ascending, last descending, so an unset date never
   * heads a newest-first list), and the id breaks ties so pages never overlap.
   */
  private ordered<Q extends SelectQueryBuilder<any, any, any>>(select: Q, sort: SortKey[]): Q {
    let out = select;
    for (const key of sort) {
      if (key.field === 'id') break;
      const column = key.field.column;
      out = out.orderBy(column, (ob) => (key.desc ? ob.desc().nullsLast() : ob.asc().nullsFirst())) as Q;
    }
    const last = sort.at(-1);
    return out.orderBy('id', last?.desc ? 'desc' : 'asc') as Q;
  }

  private sorted(query: ListQuery, db?: Kysely<any>) {
    const columns = this.columnsOf(query);
    const select = columns ? this.matching(query, db).select(columns) : this.matching(query, db).selectAll();
    return this.ordered(select, query.sort);
  }

  /**
   * The statements of a list's shape (listStatements.ts): its page, compiled with slots for the
   * limit and offset, and the EXPLAIN and count of its total. A deep page finds its ids first,
   * which an index-only scan of the sort index does without reading the rows it skips, then
   * reads just those rows.
   */
  private listStatements(query: ListQuery, offset: number, drafts: boolean): ListStatementSet {
    const deferred = offset >= DEFERRED_READ_OFFSET;
    const key = shapeKey(query, deferred);
    return this.statements.get(key === undefined ? key : `${drafts ? 'drafts' : ''}\u0000${key}`, () => {
      const limit = LIMIT_SLOT as unknown as number;
      const start = OFFSET_SLOT as unknown as number;
      const flag = drafts ? this.drafts.flagColumn(this.table) : undefined;
      let page: SelectQueryBuilder<any, any, any>;
      if (!deferred) page = this.sorted(query).limit(limit).offset(start);
      else {
        const ids = this.ordered(this.matching(query).select('id'), query.sort).limit(limit).offset(start);
        const columns = this.columnsOf(query);
        const rows = this.inState(this.db.selectFrom(this.table), 'live').where('id', 'in', ids);
        page = this.ordered(columns ? rows.select(columns) : rows.selectAll(), query.sort);
      }
      const matching = this.matching(query).select('id');
      return {
        page: pageStatement((flag ? page.select(flag) : page).compile()),
        explain: kept(compileEstimate(this.db, matching)),
        count: kept(compileCount(this.db, matching)),
      };
    });
  }

  /** The exact number of matching rows (a public count view). */
  async count(query: Pick<ListQuery, 'filters' | 'where' | 'ids'>): Promise<number> {
    const { total } = await this.matching(query)
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirstOrThrow();
    return total;
  }

  /**
   * A page and the total: exact while counting is cheap, else the planner's estimate, marked
   * `estimated` (listTotal.ts). `maxCountCost` moves that line (tests). With `drafts`, the rows
   * with a pending draft are marked (`hasDraft: true`), read in the page's own statement.
   */
  async list(
    query: ListQuery,
    options: { maxCountCost?: number; drafts?: boolean } = {},
  ): Promise<{ rows: ApiRow[]; total: number; estimated?: true; ancestors?: ApiRow[] }> {
    const offset = (query.page - 1) * query.limit;
    const drafts = options.drafts === true && this.drafts.enabled;
    const statements = this.listStatements(query, offset, drafts);
    // its times as the answer's text (no Date between); through a transaction they stay Dates,
    // which toApiRows writes as the same text
    const rows = await queryRows<Record<string, unknown>>(
      this.db,
      bindPage(statements.page, query.limit, offset),
      JSON_TIME_TYPES,
    );
    const total = await listTotal({
      db: this.db,
      statements,
      offset,
      limit: query.limit,
      shown: rows.length,
      maxCost: options.maxCountCost,
      counts: this.counts,
    });
    // the fields left unread are left out, not sent as empty; a list's rows go only into an answer
    const shape = query.fields ? this.narrowed(query.fields) : this.resource;
    const page = await toApiRows(this.db, shape, rows, LIST_ROWS);
    if (drafts)
      for (const [i, row] of rows.entries()) if (row[DRAFT_FLAG_COLUMN]) page[i][HAS_DRAFT_KEY] = true;
    if (!query.tree) return { rows: page, ...total };
    return { rows: page, ...total, ...(await this.treeExtras(query, page, shape)) };
  }

  /** What a tree picker asked besides the page (treeRows.ts): child flags, the rows above. */
  private async treeExtras(
    query: ListQuery,
    page: ApiRow[],
    shape: Resource,
  ): Promise<{ ancestors?: ApiRow[] }> {
    const parent = treeParentOf(this.resource);
    if (!parent || !query.tree) return {};
    const above = query.tree.ancestors
      ? await ancestorIds(
          this.db,
          this.resource,
          parent,
          page.map((r) => r.id),
        )
      : [];
    const ancestors =
      above.length === 0
        ? []
        : await toApiRows(
            this.db,
            shape,
            await this.sorted({ ...query, filters: [], where: undefined, ids: above }).execute(),
            LIST_ROWS,
          );
    if (query.tree.hasChildren) {
      const withChildren = await idsWithChildren(
        this.db,
        this.resource,
        parent,
        page.map((r) => r.id),
      );
      for (const row of page) row[HAS_CHILDREN_KEY] = withChildren.has(row.id);
      // a row above another has a child by definition
      for (const row of ancestors) row[HAS_CHILDREN_KEY] = true;
    }
    return query.tree.ancestors ? { ancestors } : {};
  }

  /** The resource as a list that reads only `fields` sees it, made once per set of fields. */
  private narrowed(fields: string[]): Resource {
    const key = fields.join(',');
    let resource = this.narrowedByFields.get(key);
    if (!resource) {
      const wanted = new Set(fields);
      resource = { ...this.resource, fields: this.resource.fields.filter((f) => wanted.has(f.name)) };
      this.narrowedByFields.set(key, resource);
    }
    return resource;
  }

  /** Every row matching the query, in its order, up to `max`: a tree, an export. */
  async rows(query: ListQuery, max: number, ids?: number[]): Promise<ApiRow[]> {
    let select = this.sorted(query);
    if (ids) select = select.where('id', 'in', ids);
    return toApiRows(this.db, this.resource, await select.limit(max).execute());
  }

  /**
   * The rows of an export, a batch at a time: the matching ids first (the list's filters and
   * sort, or just `ids`, at most EXPORT_MAX_ROWS, `truncated` when more matched), an index-only read; then `batchSize` rows by
   * id per query, only the columns of `fields`. Memory holds the ids and one batch, whatever the
   * table's size, and the order is fixed once, so a row written meanwhile neither repeats nor
   * shifts another out of the file.
   */
  async exportBatches(
    query: ListQuery,
    options: { ids?: number[]; fields: string[]; batchSize?: number },
  ): Promise<{ count: number; truncated: boolean; batches: AsyncGenerator<ApiRow[]> }> {
    let select = this.ordered(this.matching(query).select('id'), query.sort);
    if (options.ids) select = select.where('id', 'in', options.ids.length > 0 ? options.ids : [-1]);
    // one id past the limit tells whether rows were left out, which the page then says
    const matched = (await select.limit(EXPORT_MAX_ROWS + 1).execute()).map((r) => Number(r.id));
    const truncated = matched.length > EXPORT_MAX_ROWS;
    const order = truncated ? matched.slice(0, EXPORT_MAX_ROWS) : matched;
    const size = options.batchSize ?? EXPORT_BATCH_ROWS;
    const shape = this.narrowed(options.fields);
    const columns = this.columnsOf({ fields: options.fields }) ?? [];
    const read = async (ids: number[]): Promise<ApiRow[]> => {
      const rows = await this.db.selectFrom(this.table).select(columns).where('id', 'in', ids).execute();
      const byId = new Map((await toApiRows(this.db, shape, rows)).map((r) => [Number(r.id), r]));
      // a row deleted since the ids were read is left out
      return ids.map((id) => byId.get(id)).filter((r): r is ApiRow => r !== undefined);
    };
    async function* batches(): AsyncGenerator<ApiRow[]> {
      for (let i = 0; i < order.length; i += size) yield await read(order.slice(i, i + size));
    }
    return { count: order.length, truncated, batches: batches() };
  }

  /** A row in use (a binned one is a 404 like a deleted one), or with `state` one in the bin. */
  async get(id: number, db: Kysely<any> = this.db, state: RowState = 'live'): Promise<ApiRow> {
    const row = await this.inState(db.selectFrom(this.table).selectAll(), state)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw rowNotFound(this.resource, id);
    return (await toApiRows(db, this.resource, [row]))[0];
  }

  /** The row when it exists and meets every condition and filter; undefined otherwise. */
  async find(
    id: number,
    where: FieldCondition[] = [],
    filters: FilterClause[] = [],
  ): Promise<ApiRow | undefined> {
    const row = await this.matching({ filters, where }).selectAll().where('id', '=', id).executeTakeFirst();
    return row ? (await toApiRows(this.db, this.resource, [row]))[0] : undefined;
  }

  /**
   * Adds one to a counter field of a row that meets `where`, in one statement so concurrent
   * readers never lose a count; returns the row after, or undefined when there is none.
   * The version stays: a counter is read-only to staff, so no edit can lose it, and a visitor
   * reading a page must not turn an editor's save of the same row into a conflict.
   */
  async increment(
    id: number,
    fieldName: string,
    where: FieldCondition[] = [],
    filters: FilterClause[] = [],
  ): Promise<ApiRow | undefined> {
    const field = this.resource.fields.find((f) => f.name === fieldName);
    if (!field) return this.find(id, where, filters);
    const row = await this.db
      .updateTable(this.table)
      .set({ [field.column]: sql`coalesce(${sql.ref(field.column)}, 0) + 1` })
      .where('id', '=', id)
      .where((eb) => this.filter.where(eb, filters, where))
      .$call((q) => this.inState(q, 'live'))
      .returningAll()
      .executeTakeFirst();
    return row ? (await toApiRows(this.db, this.resource, [row]))[0] : undefined;
  }

  /** `audit` names the write in the audit log (default `create`; `submit` for the public). */
  async create(values: Record<string, unknown>, actor: Actor, audit = 'create'): Promise<ApiRow> {
    // hashing a password takes long: done before the transaction holds a connection
    const columns = await this.toColumns(values);
    return this.write(async (ctx) => {
      await this.guard(ctx, [], values);
      this.checkRules(values);
      await this.checkReferences(ctx, values);
      const id = await this.insert(ctx, values, columns, audit, actor);
      await this.revisions.afterWrite(ctx.trx, [id], audit, authorOf(actor));
      await this.moments.afterWrite(ctx.trx, [id]);
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
      for (const { values } of rows) await this.guard(ctx, [], values);
      const problems: RowProblem[] = [];
      const taken = await this.takenUniqueValues(ctx, rows);
      for (const { row, values } of rows) {
        const errors = { ...ruleMessages(this.resource, values, ctx.lang), ...(taken.get(row) ?? {}) };
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
      for (let i = 0; i < rows.length; i++)
        ids.push(await this.insert(ctx, rows[i].values, columns[i], audit, actor));
      await this.revisions.afterWrite(ctx.trx, ids, audit, authorOf(actor));
      await this.moments.afterWrite(ctx.trx, ids);
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
      const existing = await this.inState(trx.selectFrom(this.table).select(field.column), 'live')
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
    action: string,
    actor: Actor,
  ): Promise<number> {
    const row = { ...columns };
    await this.hooks.beforeCreate?.(ctx, row);
    const insert = ctx.trx.insertInto(this.table);
    // a form of optional fields sent empty is a row of the columns' defaults, not `() values ()`
    const inserted = await (Object.keys(row).length > 0 ? insert.values(row) : insert.defaultValues())
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(inserted.id);
    await this.clearOthers(ctx, [id], row, action, actor);
    await this.writeJoins(ctx.trx, [id], values);
    return id;
  }

  /**
   * `version`, when given, is the version the caller read: a row changed since then is not
   * overwritten (409 with the current row). Without it the last write wins.
   */
  /**
   * `action` names the write in the audit log and the revisions (a restore is an update too).
   * `also` runs in the same transaction after the row is written (a published draft is removed
   * there): if it throws, nothing of the update is kept.
   */
  async update(
    id: number,
    values: Record<string, unknown>,
    actor: WriteActor,
    version?: number,
    action = 'update',
    also?: (trx: Kysely<any>) => Promise<void>,
  ): Promise<ApiRow> {
    const columns = await this.toColumns(values);
    return this.write(async (ctx) => {
      const versions = await this.lockRows(ctx.trx, [id]);
      if (version !== undefined && versions.get(id) !== version) {
        throw staleVersion(await this.get(id, ctx.trx), ctx.lang);
      }
      await this.guard(ctx, [id], values);
      const before = await this.get(id, ctx.trx);
      // a partial update is checked with the stored values it leaves as they are
      this.checkRules({ ...before, ...values });
      await this.updateRows(ctx, [id], values, columns, action, actor);
      const after = await this.get(id, ctx.trx);
      const changes = fieldChanges(this.resource, Object.keys(values), before, after);
      await this.audit(ctx.trx, actor, action, id, values, changes);
      await also?.(ctx.trx);
      return after;
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
      const once = { zh: '只能有一行取此值', en: 'only one row can hold this' };
      throw badRequest(Object.fromEntries(exclusive.map((f) => [f.name, once])));
    }
    return this.write(async (ctx) => {
      await this.lockRows(ctx.trx, ids);
      if (options.when) await this.requireCondition(ctx.trx, ids, options.when);
      await this.guard(ctx, ids, values);
      await this.checkRulesOn(ctx.trx, ids, values);
      const action = options.action ?? 'batchUpdate';
      await this.updateRows(ctx, ids, values, columns, action, actor);
      await this.audit(ctx.trx, actor, action, ids, values);
      return { count: ids.length };
    }, actor);
  }

  /**
   * Who may write what, before anything is written: fields with a write permission, then the
   * resource's own rules (who may grant which role, docs/security.md). Every write passes here.
   */
  private async guard(ctx: WriteContext, ids: number[], values: Record<string, unknown>): Promise<void> {
    checkFieldPermissions(this.resource, values, ctx.auth, ids.length === 0);
    await this.hooks.beforeWrite?.(ctx, ids, values);
  }

  /** The resource's rules across fields hold for the row a write leaves, else a 400 on their fields. */
  private checkRules(row: Record<string, unknown>): void {
    const errors = ruleErrors(this.resource, row);
    if (Object.keys(errors).length > 0) throw badRequest(errors);
  }

  /**
   * The rules hold for each of the rows (locked by the caller) once `values` are set on them:
   * the 400 names the fields, with the ids of the rows that would break a rule.
   */
  private async checkRulesOn(
    trx: Kysely<any>,
    ids: number[],
    values: Record<string, unknown>,
  ): Promise<void> {
    if (!this.resource.rules) return;
    const rows = await trx.selectFrom(this.table).selectAll().where('id', 'in', ids).orderBy('id').execute();
    const errors: Record<string, I18n> = {};
    const refused: number[] = [];
    for (const row of await toApiRows(trx, this.resource, rows)) {
      const broken = ruleErrors(this.resource, { ...row, ...values });
      if (Object.keys(broken).length === 0) continue;
      refused.push(row.id);
      for (const [field, message] of Object.entries(broken)) errors[field] ??= message;
    }
    if (refused.length > 0)
      throw new ApiError(400, SERVER_MESSAGES.validationFailed, { errors, ids: refused });
  }

  private async requireCondition(trx: Kysely<any>, ids: number[], when: FieldCondition): Promise<void> {
    const rows = await this.inState(trx.selectFrom(this.table).selectAll(), 'live')
      .where('id', 'in', ids)
      .execute();
    const refused = (await toApiRows(trx, this.resource, rows)).filter(
      (row) => !evaluateCondition(when, row),
    );
    if (refused.length > 0) {
      const ids = refused.map((r) => r.id).join(', ');
      throw new ApiError(
        409,
        {
          zh: `${this.resource.singular.zh} ${ids} 当前的状态不能执行此操作`,
          en: `not possible for ${this.resource.name} ${ids} as it is now`,
        },
        { ids: refused.map((r) => r.id) },
      );
    }
  }

  /**
   * A delete. With a recycle bin the rows move there (who, when) and every reference to them
   * stays; a `restrict` reference from a row in use refuses it as it would a real delete
   * (docs/decisions.md, "Recycle bin"). Without one, the rows go, under the ON DELETE rules.
   */
  async remove(
    ids: number[],
    actor: WriteActor,
    action: 'delete' | 'batchDelete',
  ): Promise<{ count: number }> {
    return this.write(async (ctx) => {
      await this.lockRows(ctx.trx, ids);
      const all = (await this.hooks.beforeDelete?.(ctx, ids)) ?? ids;
      const binning = this.resource.softDelete === true;
      const blockers = await findBlockers(ctx.trx, this.manifest, this.resource, all, ctx.lang, {
        liveOnly: binning,
      });
      if (blockers.length > 0) {
        throw await stillReferencedBy(ctx.trx, this.manifest, this.resource, all, blockers, ctx.lang);
      }
      await this.moments.beforeDelete(ctx.trx, all);
      if (binning) {
        const result = await ctx.trx
          .updateTable(this.table)
          .set({
            [DELETED_AT]: sql`now()`,
            [DELETED_BY]: actor.auth?.userId ?? null,
            [VERSION_COLUMN]: sql`${sql.ref(VERSION_COLUMN)} + 1`,
          })
          .where('id', 'in', all)
          .where(DELETED_AT, 'is', null)
          .executeTakeFirst();
        await this.audit(ctx.trx, actor, action, all, undefined);
        return { count: Number(result.numUpdatedRows) };
      }
      const result = await ctx.trx.deleteFrom(this.table).where('id', 'in', all).executeTakeFirst();
      await this.drafts.removeRows(ctx.trx, all);
      await this.audit(ctx.trx, actor, action, all, undefined);
      return { count: Number(result.numDeletedRows) };
    }, actor);
  }

  /** One page of the recycle bin, the latest binned first, with who binned each row and when. */
  async bin(
    query: Pick<ListQuery, 'page' | 'limit' | 'fields'>,
  ): Promise<{ rows: BinnedRow[]; total: number }> {
    const offset = (query.page - 1) * query.limit;
    const columns = this.columnsOf(query);
    const select = this.inState(this.db.selectFrom(this.table), 'binned');
    const rows = await (columns ? select.select([...columns, DELETED_AT, DELETED_BY]) : select.selectAll())
      .orderBy(DELETED_AT, (ob) => ob.desc().nullsLast())
      .orderBy('id', 'desc')
      .limit(query.limit)
      .offset(offset)
      .execute();
    const { total } = await this.inState(this.db.selectFrom(this.table), 'binned')
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirstOrThrow();
    const shape = query.fields ? this.narrowed(query.fields) : this.resource;
    return { rows: await binnedRows(this.db, rows, await toApiRows(this.db, shape, rows)), total };
  }

  /**
   * Brings rows back from the bin, all or none. Their references are checked again as a write
   * checks them (a category deleted or binned meanwhile is a 409 naming the field), and a unique
   * value another row took meanwhile is a 409 naming the field.
   */
  async restore(ids: number[], actor: WriteActor): Promise<{ count: number }> {
    return this.write(async (ctx) => {
      await this.lockRows(ctx.trx, ids, 'binned');
      for (const id of ids) {
        const row = await this.get(id, ctx.trx, 'binned');
        const errors = await brokenReferences(ctx.trx, this.manifest, this.resource, row, ctx.lang);
        if (Object.keys(errors).length > 0) throw restoreRefused(this.resource, id, errors, ctx.lang);
      }
      await ctx.trx
        .updateTable(this.table)
        .set({
          [DELETED_AT]: null,
          [DELETED_BY]: null,
          [VERSION_COLUMN]: sql`${sql.ref(VERSION_COLUMN)} + 1`,
        })
        .where('id', 'in', ids)
        .execute();
      // a moment still ahead is scheduled again, as for a save
      await this.moments.afterWrite(ctx.trx, ids);
      await this.audit(ctx.trx, actor, 'restore', ids, undefined);
      return { count: ids.length };
    }, actor);
  }

  /**
   * Deletes rows of the bin for good, all or none, under the real ON DELETE rules: a
   * `restrict` reference from any row, one in the bin too, refuses it; `setNull` empties the
   * references and `cascade` takes their rows along.
   */
  async purge(ids: number[], actor: WriteActor): Promise<{ count: number }> {
    return this.write(async (ctx) => {
      await this.lockRows(ctx.trx, ids, 'binned');
      const blockers = await findBlockers(ctx.trx, this.manifest, this.resource, ids, ctx.lang);
      if (blockers.length > 0) {
        throw await stillReferencedBy(ctx.trx, this.manifest, this.resource, ids, blockers, ctx.lang);
      }
      const result = await ctx.trx.deleteFrom(this.table).where('id', 'in', ids).executeTakeFirst();
      await this.drafts.removeRows(ctx.trx, ids);
      await this.audit(ctx.trx, actor, 'purge', ids, undefined);
      return { count: Number(result.numDeletedRows) };
    }, actor);
  }

  /** Writes the rows (locked by the caller) and keeps their new state as a revision. */
  private async updateRows(
    ctx: WriteContext,
    ids: number[],
    values: Record<string, unknown>,
    columns: Record<string, unknown>,
    action: string,
    actor: Actor,
  ): Promise<void> {
    await this.checkReferences(ctx, values, ids);
    await this.hooks.beforeUpdate?.(ctx, ids, columns);
    await this.revisions.beforeWrite(ctx.trx, ids);
    await ctx.trx
      .updateTable(this.table)
      .set({
        ...columns,
        update_time: sql`now()`,
        [VERSION_COLUMN]: sql`${sql.ref(VERSION_COLUMN)} + 1`,
      })
      .where('id', 'in', ids)
      .execute();
    await this.clearOthers(ctx, ids, columns, action, actor);
    await this.writeJoins(ctx.trx, ids, values);
    await this.revisions.afterWrite(ctx.trx, ids, action, authorOf(actor));
    await this.moments.afterWrite(ctx.trx, ids);
  }

  /** An exclusive field set on `ids` is cleared on every other row; those rows get a revision too. */
  private async clearOthers(
    ctx: WriteContext,
    ids: number[],
    columns: Record<string, unknown>,
    action: string,
    actor: Actor,
  ): Promise<void> {
    const cleared = await clearOtherRows(ctx.trx, this.resource, ids, columns, (others) =>
      this.revisions.beforeWrite(ctx.trx, others),
    );
    await this.revisions.afterWrite(ctx.trx, cleared, action, authorOf(actor));
    await this.moments.afterWrite(ctx.trx, cleared);
  }

  /**
   * Runs a write in a transaction and turns constraint violations into 409 / 400 answers. Every
   * write runs here, so this is the one place a write PostgreSQL aborted for a deadlock or a
   * serialization failure is run again (the body holds no state of its own between tries);
   * after `writeAttempts` tries the caller hears "busy, try again" (409), never a 500.
   */
  private async write<T>(body: (ctx: WriteContext) => Promise<T>, actor: Actor): Promise<T> {
    const lang = actor.lang ?? 'zh';
    const attempts = Math.max(1, this.security.writeAttempts);
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db.transaction().execute((trx) =>
          body({
            trx,
            resource: this.resource,
            manifest: this.manifest,
            auth: actor.auth,
            security: this.security,
            lang,
          }),
        );
      } catch (error) {
        if (isRetryableConflict(error)) {
          if (attempt >= attempts) throw busy(lang);
          // a short, growing and random pause, so the writes that met do not meet again at once
          await sleep(Math.random() * 20 * attempt);
          continue;
        }
        if (isUniqueViolation(error)) {
          const fields = uniqueViolationFields(this.resource, error);
          throw conflict(this.resource, fields, lang);
        }
        if (isForeignKeyViolation(error)) throw stillReferenced(lang);
        throw error;
      }
    }
  }

  /**
   * Locks the rows a write changes, in id order: two writes over overlapping rows then wait
   * for each other in turn instead of each holding a row the other needs (a deadlock).
   * Returns each row's version; a 404 names every id that does not exist, and nothing is
   * written then.
   */
  private async lockRows(
    db: Kysely<any>,
    ids: number[],
    state: RowState = 'live',
  ): Promise<Map<number, number>> {
    const found = await this.inState(db.selectFrom(this.table), state)
      .select(['id', VERSION_COLUMN])
      .where('id', 'in', ids)
      .orderBy('id')
      .forUpdate()
      .execute();
    const versions = new Map(found.map((r) => [Number(r.id), Number(r[VERSION_COLUMN])]));
    const missing = ids.filter((id) => !versions.has(id));
    if (missing.length > 0) {
      throw rowsMissing(this.resource, missing);
    }
    return versions;
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
      } else if (value !== null && field.type === 'json') {
        // pg would send a JS array as a PostgreSQL array; jsonb wants JSON text
        columns[field.column] = JSON.stringify(value);
      } else {
        columns[field.column] = columnValue(field, value);
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
      // a row in the recycle bin cannot be picked: it is not there for anyone
      const found = await liveOnly(trx.selectFrom(target.table).select('id'), target)
        .where('id', 'in', wanted)
        .execute();
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
    changes?: Record<string, FieldChange>,
  ): Promise<void> {
    await writeAudit(trx, {
      userId: actor.auth?.userId ?? null,
      userName: actor.auth?.userName ?? null,
      action,
      resource: this.resource.name,
      target,
      // which fields changed; values only before → after of an update, never a secret field
      detail: values ? { fields: Object.keys(values), ...(changes ? { changes } : {}) } : undefined,
      address: actor.address,
    });
  }
}
