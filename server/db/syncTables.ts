// Brings resource tables level with the manifest on start: additive statements are applied in
// one transaction, destructive differences stop the start with the maintainer's to-do list.
import { sql } from 'kysely';
import type { Manifest } from '../../runtime/schema/types.ts';
import type { DanglingReference } from './foreignKeys.ts';
import { type DestructiveChange, planSchemaDiff } from './schemaDiff.ts';
import type { Db } from './tables.ts';

export class DestructiveSchemaChangeError extends Error {
  constructor(readonly changes: Array<Pick<DestructiveChange, 'table' | 'column' | 'advice'>>) {
    super(
      [
        'the schemas ask for a change that would lose data; the server applies additive changes only:',
        ...changes.map((c) => `  - ${c.table}.${c.column}: ${c.advice}`),
        '`schema-admin db` shows each step and the flag with which `schema-admin db --apply` makes it, after a backup.',
      ].join('\n'),
    );
    this.name = 'DestructiveSchemaChangeError';
  }
}

/**
 * Returns the statements applied. References that existing rows break get no foreign key yet;
 * they are handed to `onDangling` (the start prints them with the repair to run).
 */
export async function syncResourceTables(
  db: Db,
  manifest: Manifest,
  onDangling: (dangling: DanglingReference[]) => void = () => {},
): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    // Several processes may start on one database at once; the lock makes them take turns,
    // and the plan is made inside it so the second one sees the first one's tables.
    await sql`select pg_advisory_xact_lock(hashtext('schema-admin:resource-tables'))`.execute(trx);
    const plan = await planSchemaDiff(trx, manifest);
    if (plan.destructive.length > 0) throw new DestructiveSchemaChangeError(plan.destructive);
    for (const statement of plan.statements) await trx.executeQuery(statement);
    if (plan.dangling.length > 0) onDangling(plan.dangling);
    return plan.additive;
  });
}
