// Brings the system tables to the latest migration. Kysely's Migrator takes a database lock,
// so several server processes starting at once on one PostgreSQL apply each migration once.
import { Migrator } from 'kysely';
import { systemMigrations } from './migrations.ts';
import type { Db } from './tables.ts';

export async function migrateSystemTables(db: Db): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: systemMigrations,
    migrationTableName: 'sys_migration',
    migrationLockTableName: 'sys_migration_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`database migration ${failed} failed: ${(error as Error).message ?? String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
