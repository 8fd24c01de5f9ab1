// Between table rows and API rows: columns become field names, write-only fields are left
// out, and join-table fields are filled with one query for the whole page. Every row carries
// its `version` (docs/api.md, "Concurrent edits") when the query read it.
import type { Kysely } from 'kysely';
import { VERSION_COLUMN } from '../../runtime/schema/reservedNames.ts';
import type { Resource } from '../../runtime/schema/types.ts';
import { apiValue } from '../db/treeRoot.ts';
import { joinOf, readableFields } from './fields.ts';

export type ApiRow = Record<string, unknown> & { id: number; version?: number };

export async function toApiRows(
  db: Kysely<any>,
  resource: Resource,
  rows: Record<string, unknown>[],
): Promise<ApiRow[]> {
  const ids = rows.map((r) => Number(r.id));
  const out: ApiRow[] = rows.map((row) =>
    row[VERSION_COLUMN] === undefined
      ? { id: Number(row.id) }
      : { id: Number(row.id), version: Number(row[VERSION_COLUMN]) },
  );
  for (const field of readableFields(resource)) {
    const join = joinOf(resource, field);
    if (!join) {
      rows.forEach((row, i) => {
        out[i][field.name] = apiValue(field, row[field.column]);
      });
      continue;
    }
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
    out.forEach((row) => {
      row[field.name] = byOwner.get(row.id) ?? [];
    });
  }
  return out;
}
