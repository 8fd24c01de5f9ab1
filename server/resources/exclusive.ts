// `exclusive: true` on a boolean field (docs/schema.md): at most one row holds true, so setting
// it on a row clears it on every other row, in the same transaction as the write. This is how
// changeTheme leaves exactly one website live.
import { type Kysely, sql } from 'kysely';
import type { Field, Resource } from '../../runtime/schema/types.ts';

/** The exclusive fields a write sets to true. */
export function exclusiveFieldsSet(resource: Resource, columns: Record<string, unknown>): Field[] {
  return resource.fields.filter((f) => f.exclusive && columns[f.column] === true);
}

/**
 * Clears the exclusive fields `columns` sets on every row but `ids`; returns the rows cleared.
 * `beforeClear` hears those rows first, while they still hold their old value (revisions.ts).
 */
export async function clearOtherRows(
  trx: Kysely<any>,
  resource: Resource,
  ids: number[],
  columns: Record<string, unknown>,
  beforeClear?: (others: number[]) => Promise<void>,
): Promise<number[]> {
  const fields = exclusiveFieldsSet(resource, columns);
  if (fields.length === 0) return [];
  // Two switches at once would each clear the other's row and both stay true; taking turns on
  // a per-table lock makes the later one clear the earlier one's row.
  await sql`select pg_advisory_xact_lock(hashtext(${`schema-admin:exclusive:${resource.table}`}))`.execute(
    trx,
  );
  const cleared = new Set<number>();
  for (const field of fields) {
    const holding = trx
      .selectFrom(resource.table)
      .select('id')
      .where(field.column, '=', true)
      .where('id', 'not in', ids);
    const others = (await holding.execute()).map((r) => Number(r.id));
    if (others.length === 0) continue;
    await beforeClear?.(others);
    await trx
      .updateTable(resource.table)
      // a cleared row is changed as much as the one set: its version moves too
      .set({ [field.column]: false, update_time: sql`now()`, version: sql`version + 1` })
      .where('id', 'in', others)
      .execute();
    for (const id of others) cleared.add(id);
  }
  return [...cleared].sort((a, b) => a - b);
}
