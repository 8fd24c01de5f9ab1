// The audit log: who wrote what, when, from where. Written in the same transaction as the
// change when there is one, so a rolled-back change leaves no entry.
import type { Kysely } from 'kysely';
import type { Resource } from '../runtime/schema/types.ts';
import type { Database } from './db/tables.ts';

/** One field's value before and after an update. */
export interface FieldChange {
  from: unknown;
  to: unknown;
}

/**
 * What an update changed, field by field, before → after, for the fields it was given. A
 * password or write-only field is never in it (its name alone is in the entry's `fields`), and
 * a field whose value did not change is left out.
 */
export function fieldChanges(
  resource: Resource,
  names: string[],
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
): Record<string, FieldChange> {
  const changes: Record<string, FieldChange> = {};
  if (!before || !after) return changes;
  for (const name of names) {
    const field = resource.fields.find((f) => f.name === name);
    if (!field || field.type === 'password' || field.writeOnly) continue;
    const from = before[name] ?? null;
    const to = after[name] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[name] = { from, to };
  }
  return changes;
}

export interface AuditEntry {
  userId?: number | null;
  userName?: string | null;
  action: string;
  resource?: string | null;
  target?: string | number | Array<string | number> | null;
  detail?: unknown;
  address?: string | null;
}

export async function writeAudit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  const target = Array.isArray(entry.target) ? entry.target.join(',') : entry.target;
  await db
    .insertInto('sys_audit_log')
    .values({
      user_id: entry.userId ?? null,
      user_name: entry.userName ?? null,
      action: entry.action,
      resource: entry.resource ?? null,
      target: target === undefined || target === null ? null : String(target).slice(0, 2000),
      detail: entry.detail === undefined ? null : JSON.stringify(entry.detail),
      address: entry.address ?? null,
    })
    .execute();
}
