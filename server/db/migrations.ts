// The system tables, as numbered migrations kept in code (no migration folder to ship next to
// the build). A migration, once released, never changes: a new need is a new entry.
// Column names and types follow what the users, roles and menus schemas declare, so the same
// generic CRUD and the same schema diff serve them as they serve every other resource.
// Table names follow the manifest's rule (module_resource), so every system table is sys_….
import { type Kysely, type Migration, type MigrationProvider, sql } from 'kysely';

const now = sql`now()`;

async function systemTables(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sys_users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_name', 'text', (c) => c.notNull().unique())
    .addColumn('real_name', 'text', (c) => c.notNull())
    .addColumn('password', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('rank', 'text')
    .addColumn('person_image', 'text', (c) => c.defaultTo('head_1'))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('firstlogin', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('update_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('sys_roles')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('role_name', 'text', (c) => c.notNull().unique())
    .addColumn('role_key', 'text', (c) => c.notNull().unique())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('remark', 'text')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('update_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('sys_user_roles')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('sys_users.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('sys_roles.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id'])
    .execute();

  await db.schema
    .createTable('sys_menus')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('parent_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('menu_name', 'text', (c) => c.notNull())
    .addColumn('menu_name_en', 'text')
    .addColumn('menu_type', 'text', (c) => c.notNull().defaultTo('C'))
    .addColumn('path', 'text')
    .addColumn('component', 'text')
    .addColumn('perms', 'text')
    .addColumn('icon', 'text')
    .addColumn('order_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hidden', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('always_show', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('menu_key', 'text', (c) => c.unique())
    .addColumn('affix', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('update_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('sys_menus_parent_idx').on('sys_menus').column('parent_id').execute();

  await db.schema
    .createTable('sys_role_menus')
    .addColumn('role_id', 'integer', (c) => c.notNull().references('sys_roles.id').onDelete('cascade'))
    .addColumn('menu_id', 'integer', (c) => c.notNull().references('sys_menus.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('role_menus_pk', ['role_id', 'menu_id'])
    .execute();

  await db.schema
    .createTable('sys_sessions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('sys_users.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.references('sys_roles.id').onDelete('cascade'))
    .addColumn('address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('sys_sessions_user_idx').on('sys_sessions').column('user_id').execute();

  await db.schema
    .createTable('sys_login_attempts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('success', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('sys_login_attempts_user_idx')
    .on('sys_login_attempts')
    .columns(['user_name', 'created_at'])
    .execute();
  await db.schema
    .createIndex('sys_login_attempts_address_idx')
    .on('sys_login_attempts')
    .columns(['address', 'created_at'])
    .execute();

  await db.schema
    .createTable('sys_audit_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('resource', 'text')
    .addColumn('target', 'text')
    .addColumn('detail', 'jsonb')
    .addColumn('address', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('sys_audit_log_time_idx').on('sys_audit_log').column('created_at').execute();
}

// Settings the server keeps for itself (the licence, which one-off seeds have run) and the
// record of every file it stores, so a download knows the file's owner and original name
// without trusting anything the client sends.
async function settingsAndFiles(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sys_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .addColumn('update_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('sys_files')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('sys_users.id').onDelete('set null'))
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
}

// A menu at the top has no parent row: NULL rather than 0, so the parent column can be a
// foreign key into its own table (the schema diff adds it, from the menus schema's parentId).
async function menuRootsNull(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sys_menus')
    .alterColumn('parent_id', (c) => c.dropNotNull())
    .execute();
  await db.schema
    .alterTable('sys_menus')
    .alterColumn('parent_id', (c) => c.dropDefault())
    .execute();
  await db.updateTable('sys_menus').set({ parent_id: null }).where('parent_id', '=', 0).execute();
}

// Every row carries a version (docs/api.md, "Concurrent edits"); the resource tables get theirs
// from the schema diff, the system tables here so their row types can rely on it.
async function rowVersions(db: Kysely<any>): Promise<void> {
  for (const table of ['sys_users', 'sys_roles', 'sys_menus']) {
    await db.schema
      .alterTable(table)
      .addColumn('version', 'integer', (c) => c.ifNotExists().notNull().defaultTo(1))
      .execute();
  }
}

// The audit log is listed by the generic resource code, which reads every table's base columns
// (server/db/columns.ts): the log gets them too. Entries are never updated, so their version
// stays 1 and update_time their creation time.
async function auditLogBaseColumns(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sys_audit_log')
    .addColumn('create_time', 'timestamptz', (c) => c.ifNotExists().notNull().defaultTo(now))
    .addColumn('update_time', 'timestamptz', (c) => c.ifNotExists().notNull().defaultTo(now))
    .addColumn('version', 'integer', (c) => c.ifNotExists().notNull().defaultTo(1))
    .execute();
}

// The file registry behind the media library: a picture's pixel size, and which record a derived
// size (thumbnail, display) belongs to, so the library lists each upload once. Derived sizes
// stored before this migration are found by their names ({original}_{size}.webp); the pixel size
// of pictures stored before it stays unknown (null), which the library shows as nothing.
async function fileRegistry(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sys_files')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('variant_of', 'text')
    .execute();
  await sql`
    update sys_files v set variant_of = o.name
    from sys_files o
    where v.kind = 'upload' and o.kind = 'upload'
      and v.name ~ '^[A-Za-z0-9-]+_(thumb|display)\.webp$'
      and o.name ~ '^[A-Za-z0-9-]+\.[a-z0-9]+$'
      and split_part(o.name, '.', 1) = substring(v.name from '^([A-Za-z0-9-]+)_')
  `.execute(db);
  // the library's page: the newest uploads first, derived sizes left out
  await sql`
    create index sys_files_library_idx on sys_files (create_time desc, id desc)
    where kind = 'upload' and variant_of is null
  `.execute(db);
}

// The saved states of the rows of every resource with `revisions: true` (docs/schema.md,
// "Revisions"), one table for all of them: a revision is the row's values at one version, kept
// after the row changes again or is deleted. `revision` is the row's version once written, so
// revisions of a row are numbered as its versions are (with gaps where a write was not kept).
async function revisions(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sys_revisions')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('row_id', 'integer', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    // the names of the fields this revision changed from the one before it
    .addColumn('changed', 'jsonb', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('sys_revisions_row_revision', ['resource', 'row_id', 'revision'])
    .execute();
}

// The bytes of stored files in the database (files/storage/postgresStorage.ts), so instances
// sharing a PostgreSQL share their files. A chunk belongs to its file's record and goes with it.
async function fileChunks(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sys_file_chunks')
    .addColumn('file_name', 'text', (c) => c.notNull().references('sys_files.name').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('data', 'bytea', (c) => c.notNull())
    .addPrimaryKeyConstraint('sys_file_chunks_pkey', ['file_name', 'seq'])
    .execute();
  // pictures, PDFs and office files are compressed already: kept out of line without another try
  await sql`alter table sys_file_chunks alter column data set storage external`.execute(db);
}

// The pending drafts of the rows of every resource with `drafts: true` (docs/schema.md, "Drafts"):
// at most one a row, holding the edited fields; `base_version` is the row's version the draft
// was started from, so publishing it over a row saved since is a conflict, not a lost update.
// The unique key is also the index a list page's "which of these rows have a draft" reads.
async function drafts(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sys_drafts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('row_id', 'integer', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('base_version', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'integer')
    .addColumn('updated_by_name', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('sys_drafts_row', ['resource', 'row_id'])
    .execute();
}

/**
 * A moment of a publish window is recorded once (server/jobs/moments.ts): a job run again after
 * its worker died between the entry and marking the job done finds the entry there and adds none.
 */
export const MOMENT_ENTRY_INDEX = 'sys_audit_log_moment_once';

async function momentEntriesOnce(db: Kysely<any>): Promise<void> {
  await sql`create unique index ${sql.ref(MOMENT_ENTRY_INDEX)} on sys_audit_log
    (resource, target, action, (detail->>'at'))
    where action in ('published', 'unpublished') and user_id is null`.execute(db);
}

const migrations: Record<string, Migration> = {
  '0001_system_tables': { up: systemTables },
  '0002_settings_and_files': { up: settingsAndFiles },
  '0003_menu_roots_null': { up: menuRootsNull },
  '0004_row_versions': { up: rowVersions },
  '0005_audit_log_base_columns': { up: auditLogBaseColumns },
  '0006_file_registry': { up: fileRegistry },
  '0007_revisions': { up: revisions },
  '0008_file_chunks': { up: fileChunks },
  '0009_drafts': { up: drafts },
  '0010_moment_entries_once': { up: momentEntriesOnce },
};

/**
 * The tables of the system resources, with the columns the migrations own beside the
 * schema's fields: a resource schema never declares
 * them, and the schema diff must not take them for dropped fields.
 */
export const SYSTEM_OWNED_COLUMNS: Record<string, readonly string[]> = {
  sys_users: [],
  sys_roles: [],
  sys_menus: ['menu_key', 'affix'],
  // the audit log's page (schemas/sys/auditLog.yaml) shows the user's name, not the id
  sys_audit_log: ['user_id'],
};

export const systemMigrations: MigrationProvider = {
  getMigrations: async () => migrations,
};
