// Brings resource tables level with the manifest on start: additive statements are applied in
// one transaction, destructive differences stop the start with the maintainer's to-do list.
import { sql } from 'kysely';
import type { Manifest } from '../../runtime/schema/types.ts';
import { type DestructiveChange, planSchemaDiff } from './schemaDiff.ts';
import type { Db } from './tables.ts';

export class DestructiveSchemaChangeError extends Error {
  constructor(readonly changes: DestructiveChange[]) {
    super(
      [
        'the schemas ask for a change that would lose data; the server applies additive changes only:',
        ...changes.map((c) => `  - ${c.table}.${c.column}: ${c.advice}`),
      ].join('\n'),
    );
    this.name = 'DestructiveSchemaChangeError';
  }
}

/** Returns the statements applied. */
export async function syncResourceTables(db: Db, manifest: Manifest): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    // Several processes may start on one database at once; the lock makes them take turns,
    // and the plan is made inside it so the second one sees the first one's tables.
    await sql`select pg_advisory_xact_lock(hashtext('schema-admin:resource-tables'))`.execute(trx);
    const plan = await planSchemaDiff(trx, manifest);
    if (plan.destructive.length > 0) throw new DestructiveSchemaChangeError(plan.destructive);
    for (const statement of plan.statements) await trx.executeQuery(statement);
    return plan.additive;
  });
}
