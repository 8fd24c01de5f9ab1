// The labels of the references in a set of rows, read with one query per referenced resource
// whatever its size: an export writes a content's category by its name, not its id.
import type { Kysely } from 'kysely';
import type { Field, Manifest } from '../../runtime/schema/types.ts';
import type { ApiRow } from './rows.ts';

/** field name → (id → label) for every ref field among `fields`. */
export async function referenceLabels(
  db: Kysely<any>,
  manifest: Manifest,
  fields: readonly Field[],
  rows: readonly ApiRow[],
): Promise<Map<string, Map<string, string>>> {
  const out = new Map<string, Map<string, string>>();
  for (const field of fields) {
    if ((field.type !== 'ref' && field.type !== 'tree-parent') || !field.refLabel) continue;
    const target = manifest.resources.find((r) => r.name === field.ref);
    const label = target?.fields.find((f) => f.name === field.refLabel);
    if (!target || !label) continue;
    const ids = new Set<number>();
    for (const row of rows) {
      const value = row[field.name];
      for (const id of Array.isArray(value) ? value : [value])
        if (typeof id === 'number' && id > 0) ids.add(id);
    }
    if (ids.size === 0) continue;
    const found = await db
      .selectFrom(target.table)
      .select(['id', label.column])
      .where('id', 'in', [...ids])
      .execute();
    out.set(field.name, new Map(found.map((r) => [String(r.id), String(r[label.column] ?? r.id)])));
  }
  return out;
}
