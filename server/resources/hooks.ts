// The extras a resource may need around the generic CRUD (password rules, protected rows,
// cascades), plugged in by resource name. The CRUD itself is never written twice.
import type { Kysely } from 'kysely';
import type { Lang, Manifest, Resource } from '../../runtime/schema/types.ts';
import type { RequestAuth } from '../auth/access.ts';
import type { SecurityConfig } from '../security.ts';

export interface WriteContext {
  /** the transaction the write runs in */
  trx: Kysely<any>;
  resource: Resource;
  /** every resource the server serves (a menu names their pages) */
  manifest: Manifest;
  /** null for a write by the public (a submission to the public content service) */
  auth: RequestAuth | null;
  security: SecurityConfig;
  /** the language the write's problems are worded in */
  lang: Lang;
}

export interface ResourceHooks {
  /**
   * sees every write with the values as sent, join-table fields included (a user's roles, a
   * role's menus): `ids` are the rows updated, empty for a new row. May refuse; runs inside the
   * write's transaction before anything is written.
   */
  beforeWrite?(ctx: WriteContext, ids: number[], values: Record<string, unknown>): Promise<void> | void;
  /** may add or change column values before the row is inserted */
  beforeCreate?(ctx: WriteContext, columns: Record<string, unknown>): Promise<void> | void;
  /** may refuse (throw an ApiError) or add column values before rows are updated */
  beforeUpdate?(ctx: WriteContext, ids: number[], columns: Record<string, unknown>): Promise<void> | void;
  /** may refuse, or return a wider set of ids (a menu's children go with it) */
  beforeDelete?(ctx: WriteContext, ids: number[]): Promise<number[]> | number[];
}

export type HooksByResource = Record<string, ResourceHooks>;
