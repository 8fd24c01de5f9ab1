// Database names a schema cannot take: the columns every resource table has, the tables the
// server's migrations own, the names PostgreSQL keeps for itself, and its length limit. The
// server builds its tables from these (server/db), and the loader refuses a schema that would
// collide with them before any DDL runs.

/**
 * The row version: 1 when created, one more on every write to the row, compared by an update
 * that says which version it read (docs/api.md, "Concurrent edits").
 */
export const VERSION_COLUMN = 'version';

/** Columns every resource table has whether or not its schema names them. */
export const BASE_COLUMNS: readonly string[] = ['id', 'create_time', 'update_time', VERSION_COLUMN];

/** Base columns a schema may declare to show them: as readOnly datetimes (createTime, updateTime). */
export const TIME_COLUMNS: readonly string[] = ['create_time', 'update_time'];

/**
 * Tables the migrations (server/db/migrations.ts, server/db/migrate.ts) make and no resource
 * schema describes: join tables, sessions, login attempts, settings, files and the migrator's own.
 * The tables of the system resources (sys_users, sys_roles, sys_menus, sys_audit_log) are made
 * there too; those a schema with `system: true` describes, and no other schema may take.
 */
export const INTERNAL_TABLES: readonly string[] = [
  'sys_user_roles',
  'sys_role_menus',
  'sys_sessions',
  'sys_login_attempts',
  'sys_settings',
  'sys_files',
  'sys_drafts',
  'sys_migration',
  'sys_migration_lock',
];
export const SYSTEM_RESOURCE_TABLES: readonly string[] = [
  'sys_users',
  'sys_roles',
  'sys_menus',
  'sys_audit_log',
];

/** PostgreSQL's own names: its catalogue tables start with pg_, and information_schema is a schema of views. */
export function isPostgresName(table: string): boolean {
  return table.startsWith('pg_') || table === 'information_schema';
}

/** PostgreSQL keeps the first NAMEDATALEN - 1 bytes of a name and drops the rest. */
export const MAX_IDENTIFIER_BYTES = 63;
