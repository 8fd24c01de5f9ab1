// The audit log: who wrote what, when, from where. Written in the same transaction as the
// change when there is one, so a rolled-back change leaves no entry.
import type { Kysely } from 'kysely';
import type { Database } from './db/tables.ts';

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
