// Row types of the system tables, as Kysely sees them. Resource tables made from the manifest
// are not listed: their columns are known only at run time, so that code goes through
// `dynamicDb()` below.
import type { ColumnType, Generated, Kysely } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** a nullable column an insert may leave out */
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface UsersTable {
  id: Generated<number>;
  user_name: string;
  real_name: string;
  /** scrypt hash (server/auth/password.ts), never the password itself */
  password: string;
  email: string | null;
  phone: string | null;
  rank: string | null;
  person_image: string | null;
  status: Generated<number>;
  firstlogin: Generated<boolean>;
  create_time: CreatedAt;
  update_time: CreatedAt;
  version: Generated<number>;
}

export interface RolesTable {
  id: Generated<number>;
  role_name: string;
  role_key: string;
  sort_order: Generated<number>;
  status: Generated<number>;
  remark: string | null;
  create_time: CreatedAt;
  update_time: CreatedAt;
  version: Generated<number>;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

export interface MenusTable {
  id: Generated<number>;
  /** null at the top (0 in the API) */
  parent_id: number | null;
  menu_name: string;
  menu_name_en: string | null;
  menu_type: string;
  path: string | null;
  component: string | null;
  perms: string | null;
  icon: string | null;
  order_num: Generated<number>;
  hidden: Generated<boolean>;
  always_show: Generated<boolean>;
  status: Generated<number>;
  /** set on entries seeded from the manifest so later starts find them again; null for staff-made ones */
  menu_key: string | null;
  affix: Generated<boolean>;
  create_time: CreatedAt;
  update_time: CreatedAt;
  version: Generated<number>;
}

export interface RoleMenusTable {
  role_id: number;
  menu_id: number;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  /** set after a role switch: the session acts with this role only */
  role_id: number | null;
  address: string | null;
  user_agent: string | null;
  created_at: CreatedAt;
  last_seen_at: CreatedAt;
  expires_at: Date | string;
  revoked_at: Date | string | null;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  user_name: string;
  address: string;
  success: boolean;
  created_at: CreatedAt;
}

export interface AuditLogTable {
  id: Generated<number>;
  user_id: number | null;
  user_name: string | null;
  action: string;
  resource: string | null;
  target: string | null;
  detail: unknown;
  address: string | null;
  created_at: CreatedAt;
}

/** One saved state of a row of a resource with `revisions: true` (server/resources/revisions.ts). */
/** The pending draft of a row (`drafts: true`): its edited fields and the version it started from. */
export interface DraftsTable {
  id: Generated<number>;
  resource: string;
  row_id: number;
  /** the edited fields as checked on the way in; JSON text on the way in */
  data: ColumnType<Record<string, unknown>, string, string>;
  base_version: number;
  updated_by: number | null;
  updated_by_name: string | null;
  updated_at: CreatedAt;
}

export interface RevisionsTable {
  id: Generated<number>;
  resource: string;
  row_id: number;
  /** the row's version once the write that made this revision was done */
  revision: number;
  /** the write: create, update, import, batchUpdate, an action's name, reorder, restore */
  action: string;
  /** the row's fields, as the API gives them; JSON text on the way in */
  data: ColumnType<Record<string, unknown>, string, string>;
  /** names of the fields that differ from the revision before; JSON text on the way in */
  changed: ColumnType<string[], string, string>;
  user_id: number | null;
  user_name: string | null;
  created_at: CreatedAt;
}

export interface SettingsTable {
  key: string;
  /** JSON text on the way in (pg would send an object as a PostgreSQL record), any JSON out */
  value: ColumnType<unknown, string, string>;
  update_time: CreatedAt;
}

export interface FilesTable {
  id: Generated<number>;
  /** upload: sent by staff; export: written by the server (bytes with the storage driver) */
  kind: 'upload' | 'export';
  /** the generated stored name; never the client's */
  name: string;
  /** the client's name, only ever used as the download's suggested file name */
  original_name: string;
  mime: string;
  size: number;
  /** a picture's upright pixel size; null for other files and pictures stored before 0006 */
  width: Nullable<number>;
  height: Nullable<number>;
  /** a derived size (thumbnail, display): the name of the upload it was made from */
  variant_of: Nullable<string>;
  user_id: number | null;
  create_time: CreatedAt;
}

/** The bytes of a stored file under the database driver (files/storage/postgresStorage.ts). */
export interface FileChunksTable {
  file_name: string;
  /** 0, 1, 2…: every chunk but the last holds CHUNK_SIZE bytes */
  seq: number;
  data: Buffer;
}

export interface Database {
  sys_users: UsersTable;
  sys_roles: RolesTable;
  sys_user_roles: UserRolesTable;
  sys_menus: MenusTable;
  sys_role_menus: RoleMenusTable;
  sys_sessions: SessionsTable;
  sys_login_attempts: LoginAttemptsTable;
  sys_audit_log: AuditLogTable;
  sys_revisions: RevisionsTable;
  sys_drafts: DraftsTable;
  sys_settings: SettingsTable;
  sys_files: FilesTable;
  sys_file_chunks: FileChunksTable;
}

export type Db = Kysely<Database>;

/** The same connection, untyped, for tables whose columns come from the manifest. */
export function dynamicDb(db: Kysely<any>): Kysely<any> {
  return db;
}
