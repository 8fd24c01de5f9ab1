// A tree's root entries have parent 0 in the API (the spec's tree helper shape: "parentId, 0 is
// the root"), but NULL in the table, so that the parent column can be a foreign key into its
// own table. These two functions are the one place that translation happens.
import type { Field } from '../../runtime/schema/types.ts';

/** The API value of a field as its column stores it. */
export function columnValue(field: Field, value: unknown): unknown {
  if (field.type === 'tree-parent' && (value === 0 || value === '0')) return null;
  return value;
}

/** The column's value as the API shows it. */
export function apiValue(field: Field, value: unknown): unknown {
  if (field.type === 'tree-parent' && (value === null || value === undefined)) return 0;
  return value ?? null;
}
