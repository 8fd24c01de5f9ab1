// List filters and row conditions as SQL, shared by the admin lists and the public content
// service so that `status == 1` or a category filter means the same rows in both. Conditions
// follow runtime/schema/condition.ts: what evaluateCondition says of a row in memory, the
// expression here says of it in the database.
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Field, FieldCondition, Manifest, Resource } from '../../runtime/schema/types.ts';
import { catalogType, columnSql } from '../db/columns.ts';
import { BIGRAMS_FUNCTION, wantedIndexes } from '../db/indexes.ts';
import { columnValue } from '../db/treeRoot.ts';
import { joinOf } from './fields.ts';
import type { FilterClause } from './listQuery.ts';

// resource tables are known only at run time
type Eb = ExpressionBuilder<any, any>;

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** How a column reads as true or false, by what it stores. */
function storage(field: Field): 'boolean' | 'number' | 'text' | 'other' {
  if (field.multiple) return 'other';
  const { dataType } = catalogType(columnSql(field));
  if (dataType === 'boolean') return 'boolean';
  if (dataType === 'integer' || dataType === 'double precision') return 'number';
  if (dataType === 'text' || dataType === 'character varying') return 'text';
  return 'other';
}

/** Never null, so that its negation is the falsy rows, nulls included. */
function truthy(eb: Eb, field: Field): Expression<SqlBool> {
  const column = eb.ref(field.column);
  switch (storage(field)) {
    case 'boolean':
      return sql<SqlBool>`coalesce(${column}, false)`;
    case 'number':
      return sql<SqlBool>`coalesce(${column} <> 0, false)`;
    case 'text':
      // evaluateCondition counts '', 'false' and '0' as false
      return sql<SqlBool>`coalesce(${column}::text not in ('', 'false', '0'), false)`;
    default:
      return sql<SqlBool>`${column} is not null`;
  }
}

export function conditionExpression(eb: Eb, field: Field, condition: FieldCondition): Expression<SqlBool> {
  const column = eb.ref(field.column);
  const values = Array.isArray(condition.value) ? condition.value : [condition.value];
  const stored = columnValue(field, condition.value);
  switch (condition.op) {
    case 'eq':
      return stored === null ? eb(field.column, 'is', null) : eb(field.column, '=', stored);
    case 'ne':
      return sql<SqlBool>`${column} is distinct from ${stored}`;
    case 'in':
      return values.length ? eb(field.column, 'in', values) : sql<SqlBool>`false`;
    case 'notIn':
      return values.length
        ? eb.or([eb(field.column, 'is', null), eb(field.column, 'not in', values)])
        : sql<SqlBool>`true`;
    case 'truthy':
      return truthy(eb, field);
    case 'falsy':
      return eb.not(truthy(eb, field));
  }
}

/**
 * The rows inside a resource's publish window (runtime/schema/types.ts, PublishWindow) by the
 * database's clock: a row whose time has come is public at once, with no job to run first.
 */
export function publishedExpression(eb: Eb, resource: Resource): Expression<SqlBool> {
  const window = resource.publish;
  if (!window) return sql<SqlBool>`true`;
  const column = (name: string) => {
    const field = resource.fields.find((f) => f.name === name);
    // the loader checks the window's fields, so this only guards against a hand-made manifest
    if (!field) throw new Error(`${resource.name} has no field ${name}`);
    return eb.ref(field.column);
  };
  const at = column(window.at);
  const until = window.until === undefined ? undefined : column(window.until);
  return eb.and([
    sql<SqlBool>`(${at} is null or ${at} <= now())`,
    ...(until ? [sql<SqlBool>`(${until} is null or ${until} > now())`] : []),
  ]);
}

/** The row `id` of the tree `target` and every row below it. */
function subtreeIds(target: Resource, id: unknown) {
  const parent = target.fields.find((f) => f.name === target.treeParent);
  if (!parent) return sql`(select ${id}::int)`;
  return sql`(
    with recursive below(id, depth) as (
      select ${id}::int, 0
      union
      select t.id, below.depth + 1 from ${sql.table(target.table)} t
      join below on t.${sql.ref(parent.column)} = below.id
      where below.depth < 100
    )
    select id from below)`;
}

/**
 * The rows of a public tree that the public may see: those meeting the tree's public `where`
 * whose every ancestor meets it too. A hidden category hides everything below it.
 */
function visibleTreeIds(eb: Eb, tree: Resource) {
  const parent = tree.fields.find((f) => f.name === tree.treeParent);
  const where = tree.public?.where;
  const field = where && tree.fields.find((f) => f.name === where.field);
  const shown = eb.and([
    where && field ? conditionExpression(eb, field, where) : sql<SqlBool>`true`,
    publishedExpression(eb, tree),
  ]);
  if (!parent) return sql`(select id from ${sql.table(tree.table)} where ${shown})`;
  const column = sql.ref(parent.column);
  return sql`(
    with recursive visible(id, depth) as (
      select id, 0 from ${sql.table(tree.table)} where ${column} is null and ${shown}
      union all
      select t.id, visible.depth + 1 from ${sql.table(tree.table)} t
      join visible on t.${column} = visible.id
      where ${shown} and visible.depth < 100
    )
    select id from visible)`;
}

/**
 * `like` on a column with a bigram search index (server/db/indexes.ts): the index finds the rows
 * holding every two-character piece of the term, `ilike` keeps those holding the term itself.
 * The `ilike` sits in coalesce() so the planner takes the index's estimate for the pair rather
 * than multiplying two estimates of the same thing, which made it expect far too few rows. A
 * one-character term has no piece: a plain `ilike`.
 */
function searchClause(column: Expression<unknown>, term: string): Expression<SqlBool> {
  const pattern = `%${escapeLike(term)}%`;
  if ([...term].length < 2) return sql<SqlBool>`${column}::text ilike ${pattern}`;
  const pieces = sql.raw(BIGRAMS_FUNCTION);
  return sql<SqlBool>`(${pieces}(${column}) @> ${pieces}(${term}::text) and coalesce(${column}::text ilike ${pattern}, false))`;
}

export class RowFilter {
  /** columns with a bigram search index */
  private readonly searchable: Set<string>;

  constructor(
    private readonly resource: Resource,
    private readonly manifest: Manifest,
  ) {
    this.searchable = new Set(
      wantedIndexes(resource)
        .filter((i) => i.kind === 'search')
        .map((i) => i.keys[0].column),
    );
  }

  where(eb: Eb, filters: FilterClause[], conditions: FieldCondition[] = []): Expression<SqlBool> {
    const byName = new Map(this.resource.fields.map((f) => [f.name, f]));
    return eb.and([
      ...filters.map((f) => this.clause(eb, f)),
      ...conditions.map((c) => {
        const field = byName.get(c.field);
        // the loader checks condition fields, so this only guards against a hand-made manifest
        if (!field) throw new Error(`${this.resource.name} has no field ${c.field}`);
        return conditionExpression(eb, field, c);
      }),
    ]);
  }

  private clause(eb: Eb, filter: FilterClause): Expression<SqlBool> {
    const { field, op, value } = filter;
    const column = eb.ref(field.column);
    const join = joinOf(this.resource, field);
    const values = (Array.isArray(value) ? value : [value]).map((v) => columnValue(field, v));
    if (join) {
      return eb(
        'id',
        'in',
        eb
          .selectFrom(join.table)
          .select(join.ownerColumn)
          .where(join.refColumn, 'in', values.length ? values : [-1]),
      );
    }
    switch (op) {
      case 'like':
        if (this.searchable.has(field.column)) return searchClause(column, String(value));
        return sql<SqlBool>`${column}::text ilike ${`%${escapeLike(String(value))}%`}`;
      case 'in': {
        const given = values.filter((v) => v !== null);
        const options = [
          ...(given.length ? [eb(field.column, 'in', given)] : []),
          ...(given.length < values.length ? [eb(field.column, 'is', null)] : []),
        ];
        return options.length ? eb.or(options) : sql<SqlBool>`false`;
      }
      case 'from':
        return eb(field.column, '>=', value);
      case 'to':
        return eb(field.column, '<=', value);
      case 'visible': {
        const tree = value as Resource;
        return eb.or([eb(field.column, 'is', null), sql<SqlBool>`${column} in ${visibleTreeIds(eb, tree)}`]);
      }
      case 'published':
        return publishedExpression(eb, value as Resource);
      case 'scheduled':
        return value
          ? sql<SqlBool>`coalesce(${column} > now(), false)`
          : sql<SqlBool>`not coalesce(${column} > now(), false)`;
      case 'subtree': {
        const target = this.manifest.resources.find((r) => r.name === field.ref);
        if (!target) return eb(field.column, '=', value);
        return sql<SqlBool>`${column} in ${subtreeIds(target, value)}`;
      }
      default: {
        const stored = columnValue(field, value);
        return stored === null ? eb(field.column, 'is', null) : eb(field.column, '=', stored);
      }
    }
  }
}
