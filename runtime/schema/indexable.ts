// Which fields a database index can serve: one plain value per row. A list of references (a
// join table or a jsonb array), free JSON, rich-text bodies and password hashes are never
// sorted or compared as a whole, so an index on them would only cost writes.
import type { Field } from './types.ts';

const UNINDEXED_TYPES: ReadonlySet<Field['type']> = new Set(['json', 'richtext', 'password']);

export function indexableField(field: Pick<Field, 'type' | 'multiple'>): boolean {
  return !field.multiple && !UNINDEXED_TYPES.has(field.type);
}
