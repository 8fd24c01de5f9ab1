// First start: the administrator, the admin and editor roles, the menu tree, the licence and
// the sample school. Later starts: only the menu entries the manifest gained (and the sample
// school, once, on a database that never had it). One transaction under a lock, so two processes
// starting together on one database seed once.
import { sql } from 'kysely';
import type { Manifest } from '../../runtime/schema/types.ts';
import { ADMIN_ROLE_KEY } from '../auth/grants.ts';
import { generatePassword, hashPassword, type ScryptParams } from '../auth/password.ts';
import type { Db } from '../db/tables.ts';
import type { FileToStore } from '../files/fileStore.ts';
import type { FileStorage } from '../files/storage/types.ts';
import { seedLicense } from '../sys/license.ts';
import { DASHBOARD_KEY } from './menuEntries.ts';
import { prepareSampleImages, seedSampleData } from './seedSample.ts';
import { syncMenus } from './syncMenus.ts';

export const ADMIN_USER_NAME = 'admin';
export const EDITOR_ROLE_KEY = 'editor';

export interface SeedOptions {
  /** the operator's choice (ADMIN_PASSWORD); unset: a random one, returned once */
  adminPassword?: string;
  scrypt: ScryptParams;
  /** write the sample school once per database (default true) */
  sampleData?: boolean;
  /** where the sample pictures are stored (the server's file storage); unset: rows only */
  storage?: FileStorage;
  /** a first start's work begun while the database opened (beginFirstStartWork) */
  early?: FirstStartWork;
}

/**
 * What a first start computes without the database: the administrator's password and its hash,
 * and the sample pictures. Half a second of scrypt and as long again of drawing and sizing
 * pictures, which run beside the database process's start when begun before it (server/start.ts
 * does so for a new embedded folder) instead of after it.
 */
export interface FirstStartWork {
  password: string;
  /** the password was made here (no ADMIN_PASSWORD): shown once, changed at first sign-in */
  generated: boolean;
  hash: Promise<string>;
  images: Promise<FileToStore[]>;
}

/** The operator's password (ADMIN_PASSWORD), else one made here. */
function adminPasswordOf(adminPassword: string | undefined): { password: string; generated: boolean } {
  return { password: adminPassword || generatePassword(), generated: !adminPassword };
}

export function beginFirstStartWork(adminPassword: string | undefined, scrypt: ScryptParams): FirstStartWork {
  const chosen = adminPasswordOf(adminPassword);
  const work = {
    ...chosen,
    hash: hashPassword(chosen.password, scrypt),
    images: prepareSampleImages(),
  };
  // awaited by the seed; a start that fails before it must not end on an unhandled rejection
  work.hash.catch(() => {});
  work.images.catch(() => {});
  return work;
}

export interface SeedResult {
  firstStart: boolean;
  /** on the first start only: the administrator's credentials; password only when generated */
  admin?: { userName: string; password?: string };
  menusAdded: string[];
  /** the resources the sample school filled on this start */
  sampleData: string[];
}

export async function seedDatabase(db: Db, manifest: Manifest, options: SeedOptions): Promise<SeedResult> {
  const { early } = options;
  const chosen = early ?? adminPasswordOf(options.adminPassword);
  const { password } = chosen;
  // a password made here is shown once and changed at the first sign-in
  const generated = chosen.generated ? password : undefined;
  // Hashing takes half a second: done only when the users table looks empty (or begun early for
  // a new folder), and before the transaction so the lock is held briefly.
  const anyUser = await db.selectFrom('sys_users').select('id').limit(1).executeTakeFirst();
  const hash = anyUser ? undefined : await (early?.hash ?? hashPassword(password, options.scrypt));

  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('schema-admin:seed'))`.execute(trx);
    const { n } = await trx
      .selectFrom('sys_users')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    const firstStart = n === 0;
    const menusAdded = await syncMenus(trx, manifest);
    const now = new Date();
    await seedLicense(trx, now);
    const sample = async () =>
      options.sampleData === false
        ? []
        : seedSampleData(trx, manifest, { now, storage: options.storage, images: early?.images });
    if (!firstStart || hash === undefined)
      return { firstStart: false, menusAdded, sampleData: await sample() };

    const adminRole = await trx
      .insertInto('sys_roles')
      .values({
        role_name: '超级管理员',
        role_key: ADMIN_ROLE_KEY,
        sort_order: 1,
        remark: 'Every permission',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const editorRole = await trx
      .insertInto('sys_roles')
      .values({ role_name: '内容编辑', role_key: EDITOR_ROLE_KEY, sort_order: 2, remark: 'Content pages' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const admin = await trx
      .insertInto('sys_users')
      .values({
        user_name: ADMIN_USER_NAME,
        real_name: '系统管理员',
        password: hash,
        // a password the operator chose counts as chosen by its owner
        firstlogin: generated !== undefined,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('sys_user_roles').values({ user_id: admin.id, role_id: adminRole.id }).execute();

    // The editor gets the dashboard and every page and button outside the system module.
    const systemPerms = manifest.resources.filter((r) => r.system).map((r) => `${r.module}:${r.name}:`);
    const menus = await trx
      .selectFrom('sys_menus')
      .select(['id', 'perms', 'menu_key', 'menu_type'])
      .execute();
    const editorMenus = menus.filter(
      (m) =>
        m.menu_key === DASHBOARD_KEY ||
        (m.perms !== null && !systemPerms.some((prefix) => (m.perms as string).startsWith(prefix))),
    );
    const parents = await trx.selectFrom('sys_menus').select(['id', 'parent_id']).execute();
    const parentOf = new Map(parents.map((m) => [m.id, m.parent_id]));
    const granted = new Set<number>();
    for (const menu of editorMenus) {
      for (let id: number | null = menu.id; id !== null && !granted.has(id); id = parentOf.get(id) ?? null)
        granted.add(id);
    }
    if (granted.size > 0) {
      await trx
        .insertInto('sys_role_menus')
        .values([...granted].map((menuId) => ({ role_id: editorRole.id, menu_id: menuId })))
        .execute();
    }
    return {
      firstStart,
      admin: { userName: ADMIN_USER_NAME, password: generated },
      menusAdded,
      sampleData: await sample(),
    };
  });
}
