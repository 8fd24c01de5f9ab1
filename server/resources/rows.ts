// Between table rows and API rows: columns become field names, write-only fields are left
// out, and join-table fields are filled with one query for the whole page. Every row carries
// its `version` (docs/api.md, "Concurrent edits") when the query read it.
import type { Kysely } from 'kysely';
import { VERSION_COLUMN } from '../../runtime/schema/reservedNames.ts';
import type { Field, Resource } from '../../runtime/schema/types.ts';
import type { JoinTable } from '../db/joinTables.ts';
import { apiValue } from '../db/treeRoot.ts';
import { jsonTime } from '../http/jsonTime.ts';
import { joinOf, readableFields } from './fields.ts';

export type ApiRow = Record<string, unknown> & { id: number; version?: number };

interface RowPlan {
  /** the fields an API row carries, in the resource's order; `joined` are filled from a join table */
  fields: Array<{ field: Field; joined: boolean }>;
  joined: Array<{ field: Field; join: JoinTable }>;
}

/**
 * Which fields a resource's rows carry and where each comes from, worked out once per resource
 * (a list's narrowed resource included) rather than for every page: a manifest's resources are
 * not changed once loaded, and a new manifest brings new objects.
 */
const plans = new WeakMap<Resource, RowPlan>();

function planOf(resource: Resource): RowPlan {
  let plan = plans.get(resource);
  if (!plan) {
    plan = { fields: [], joined: [] };
    for (const field of readableFields(resource)) {
      const join = joinOf(resource, field);
      if (join) plan.joined.push({ field, join });
      plan.fields.push({ field, joined: join !== undefined });
    }
    plans.set(resource, plan);
  }
  return plan;
}

export interface ApiRowOptions {
  /**
   * times as the text a JSON answer writes for them (http/jsonTime.ts) instead of Dates: for rows
   * that go nowhere but into a JSON answer (the lists), never for those code reads on (exports)
   */
  timesAsText?: boolean;
}

export async function toApiRows(
  db: Kysely<any>,
  resource: Resource,
  rows: Record<string, unknown>[],
  options: ApiRowOptions = {},
): Promise<ApiRow[]> {
  const { fields, joined } = planOf(resource);
  const timesAsText = options.timesAsText === true;
  const out: ApiRow[] = rows.map((row) => {
    const api: ApiRow =
      row[VERSION_COLUMN] === undefined
        ? { id: Number(row.id) }
        : { id: Number(row.id), version: Number(row[VERSION_COLUMN]) };
    // a join-table field holds its place in the row's order until its ids are read below
    for (const { field, joined } of fields) {
      const value = row[field.column];
      api[field.name] = joined
        ? []
        : timesAsText && value instanceof Date
          ? jsonTime(value)
          : apiValue(field, value);
    }
    return api;
  });
  if (joined.length === 0) return out;
  const ids = out.map((r) => r.id);
  for (const { field, join } of joined) {
    const links =
      ids.length === 0
        ? []
        : await db
            .selectFrom(join.table)
            .select([join.ownerColumn, join.refColumn])
            .where(join.ownerColumn, 'in', ids)
            .orderBy(join.refColumn)
            .execute();
    const byOwner = new Map<number, number[]>();
    for (const link of links) {
      const owner = Number(link[join.ownerColumn]);
      byOwner.set(owner, [...(byOwner.get(owner) ?? []), Number(link[join.refColumn])]);
    }
    for (const row of out) row[field.name] = byOwner.get(row.id) ?? [];
  }
  return out;
}
