// The compiled SQL of a list's statements (its page, the EXPLAIN and the count of its total),
// kept per list shape, so that a list asked for again (the next page, the same list a minute
// later, another user's view of it) binds its parameters to SQL already written instead of
// building and compiling the queries again: building and compiling them was the largest part of
// the generic endpoint's own CPU time a request (docs/benchmarks.md, "Lists").
//
// The key is everything the SQL is made of apart from the page: the fields read, the sort, the
// filters with their values, the conditions, the ids and whether the page reads its ids first.
// It holds the filter values too because a filter's SQL can depend on its value (a one-character
// search, an empty value, the length of a list); a key that holds everything the builder reads
// cannot make two different statements collide. The page's limit and offset are the only
// parameters bound per request: the page query is compiled with a marker object in their place,
// and their positions are kept.
//
// One cache belongs to one store, which belongs to one app built over one manifest: the dev
// server's live reload builds a new app, so a changed schema never meets a statement of the
// old one.
import { CompiledQuery } from 'kysely';
import type { FilterClause, ListQuery, SortKey } from './listQuery.ts';

/** Stands for a parameter bound per request while its query is compiled. */
export interface Slot {
  readonly slot: 'limit' | 'offset';
}
export const LIMIT_SLOT: Slot = Object.freeze({ slot: 'limit' });
export const OFFSET_SLOT: Slot = Object.freeze({ slot: 'offset' });

/** A compiled statement and where its per-request parameters go. */
export interface Statement {
  compiled: CompiledQuery;
  limitAt: number[];
  offsetAt: number[];
}

/**
 * A compiled query as kept: its SQL and parameters only. Kysely's compiled query also holds the
 * whole operation tree it was compiled from, which nothing reads once it is SQL; a store may
 * keep a few hundred shapes.
 */
export function kept(compiled: CompiledQuery): CompiledQuery {
  return CompiledQuery.raw(compiled.sql, [...compiled.parameters]);
}

export interface ListStatementSet {
  page: Statement;
  /** `explain (format json) select * from (matching) as "m"`: the planner's estimate */
  explain: CompiledQuery;
  /** `select count(*)::int as total from (matching) as "m"` */
  count: CompiledQuery;
}

/** Shapes kept per store; the oldest goes first past this (a list filtered many ways). */
export const MAX_SHAPES = 200;

/** The filter ops whose value is a resource (public views): never a key. */
const RESOURCE_VALUED = new Set<FilterClause['op']>(['visible', 'published']);

const sortKey = (sort: SortKey[]) =>
  sort.map((k) => `${k.desc ? '-' : ''}${k.field === 'id' ? 'id' : k.field.name}`).join(',');

/** A value as key text; a Date is marked, as a Date and its text are different parameters. */
const valueKey = (value: unknown) =>
  JSON.stringify(value, function (this: any, name: string, v: unknown) {
    return this[name] instanceof Date ? { date: v } : v;
  });

/**
 * The key of a list's shape, or undefined for a query that is not kept: one for given ids (the
 * labels of a page's references: each asks for other ids, and would only push useful shapes
 * out) or whose filters hold a resource (the public service's visibility rules).
 */
export function shapeKey(query: ListQuery, deferred: boolean): string | undefined {
  if (query.ids) return undefined;
  const filters = query.filters;
  if (filters.some((f) => RESOURCE_VALUED.has(f.op))) return undefined;
  try {
    return [
      deferred ? 'deferred' : 'direct',
      query.fields?.join(',') ?? '*',
      sortKey(query.sort),
      filters.length > 0 ? valueKey(filters.map((f) => [f.field.name, f.op, f.value])) : '',
      query.where?.length ? valueKey(query.where) : '',
    ].join('\u0000');
  } catch {
    // a value JSON cannot write (a bigint): compiled each time, as before the cache
    return undefined;
  }
}

/** Compiles a page query built with the slots in place of its limit and offset. */
export function pageStatement(built: CompiledQuery): Statement {
  const compiled = kept(built);
  const limitAt: number[] = [];
  const offsetAt: number[] = [];
  compiled.parameters.forEach((p, i) => {
    if (p === LIMIT_SLOT) limitAt.push(i);
    else if (p === OFFSET_SLOT) offsetAt.push(i);
  });
  return { compiled, limitAt, offsetAt };
}

/** The page statement with this request's limit and offset in their places. */
export function bindPage(statement: Statement, limit: number, offset: number): CompiledQuery {
  const parameters = [...statement.compiled.parameters];
  for (const i of statement.limitAt) parameters[i] = limit;
  for (const i of statement.offsetAt) parameters[i] = offset;
  return { ...statement.compiled, parameters };
}

export class ListStatements {
  private readonly shapes = new Map<string, ListStatementSet>();
  /** how many lookups were answered from the cache and how many compiled (tests, profiling) */
  hits = 0;
  misses = 0;

  /** The statements of a shape: kept ones, or those `compile` makes, kept from now on. */
  get(key: string | undefined, compile: () => ListStatementSet): ListStatementSet {
    if (key === undefined) {
      this.misses++;
      return compile();
    }
    const kept = this.shapes.get(key);
    if (kept) {
      this.hits++;
      // the latest used goes to the end, so the one dropped is the least recently used
      this.shapes.delete(key);
      this.shapes.set(key, kept);
      return kept;
    }
    this.misses++;
    const made = compile();
    this.shapes.set(key, made);
    if (this.shapes.size > MAX_SHAPES) this.shapes.delete(this.shapes.keys().next().value!);
    return made;
  }

  get size(): number {
    return this.shapes.size;
  }
}
