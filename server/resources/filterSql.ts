// List filters and row conditions as SQL, shared by the admin lists and the public content
// service so that `status == 1` or a category filter means the same rows in both. Conditions
// follow runtime/schema/condition.ts: what evaluateCondition says of a row in memory, the
// expression here says of it in the database.
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Field, FieldCondition, Manifest, Resource } from '../../runtime/schema/types.ts';
import { catalogType, columnSql } from '../db/columns.ts';
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
  switch (condition.op) {
    case 'eq':
      return condition.value === null ? eb(field.column, 'is', null) : eb(field.column, '=', condition.value);
    case 'ne':
      return sql<SqlBool>`${column} is distinct from ${condition.value}`;
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

export class RowFilter {
  constructor(
    private readonly resource: Resource,
    private readonly manifest: Manifest,
  ) {}

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
    const values = Array.isArray(value) ? value : [value];
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
    if (field.multiple) {
      if (values.length === 0) return sql<SqlBool>`false`;
      return eb.or(values.map((v) => sql<SqlBool>`${column} @> ${JSON.stringify([v])}::jsonb`));
    }
    switch (op) {
      case 'like':
        return sql<SqlBool>`${column}::text ilike ${`%${escapeLike(String(value))}%`}`;
      case 'in':
        return values.length ? eb(field.column, 'in', values) : sql<SqlBool>`false`;
      case 'from':
        return eb(field.column, '>=', value);
      case 'to':
        return eb(field.column, '<=', value);
      case 'subtree': {
        const target = this.manifest.resources.find((r) => r.name === field.ref);
        if (!target) return eb(field.column, '=', value);
        return sql<SqlBool>`${column} in ${subtreeIds(target, value)}`;
      }
      default:
        return value === null ? eb(field.column, 'is', null) : eb(field.column, '=', value);
    }
  }
}
