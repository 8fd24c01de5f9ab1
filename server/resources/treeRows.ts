// What a tree picker asks of a tree list besides its rows (docs/api.md, "Trees"): whether each
// row has children, answered with one EXISTS per row over the parent column's index, and the
// rows above the page's rows, found by one recursive query up the parent column. Both run only
// when asked, on the page's few ids, so a tree of any size costs what its page costs.
import { type Kysely, sql } from 'kysely';
import type { Field, Resource } from '../../runtime/schema/types.ts';
import { fieldByName } from './fields.ts';

/** The key each row carries when the list was asked `hasChildren=true`. */
export const HAS_CHILDREN_KEY = 'hasChildren';

/** A tree deeper than this is a cycle someone wrote past the checks; the walk stops there. */
const MAX_DEPTH = 100;

export function treeParentOf(resource: Resource): Field | undefined {
  return resource.treeParent ? fieldByName(resource, resource.treeParent) : undefined;
}

/** Which of `ids` some row has as its parent. */
export async function idsWithChildren(
  db: Kysely<any>,
  resource: Resource,
  parent: Field,
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const table = sql.table(resource.table);
  const result = await sql<{ id: number }>`
    select p.id from ${table} p
    where p.id = any(${ids}::int[])
      and exists (select 1 from ${table} c where c.${sql.ref(parent.column)} = p.id)`.execute(db);
  return new Set(result.rows.map((r) => Number(r.id)));
}

/** Every row above one of `ids`, excluding `ids` themselves. */
export async function ancestorIds(
  db: Kysely<any>,
  resource: Resource,
  parent: Field,
  ids: number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const table = sql.table(resource.table);
  const column = sql.ref(`t.${parent.column}`);
  const result = await sql<{ id: number }>`
    with recursive up(id, depth) as (
      select ${column}, 1 from ${table} t
      where t.id = any(${ids}::int[]) and ${column} is not null
      union
      select ${column}, up.depth + 1 from ${table} t
      join up on t.id = up.id
      where ${column} is not null and up.depth < ${MAX_DEPTH}
    )
    select distinct id from up`.execute(db);
  const given = new Set(ids);
  return result.rows.map((r) => Number(r.id)).filter((id) => !given.has(id));
}
