// Adds the manifest's menu entries that the menus table lacks, found by their stable key.
// Additive only: entries staff created, moved, renamed or hid are left as they are.
import type { Kysely } from 'kysely';
import type { Manifest } from '../../runtime/schema/types.ts';
import type { Database } from '../db/tables.ts';
import { manifestMenuEntries } from './menuEntries.ts';

/**
 * Returns the keys of the entries added. They go in one statement a level (the groups, then their
 * pages, then the pages' buttons): on the embedded database each statement is a round trip to
 * its process, and a first start's 126 entries one at a time were about a third of its seed.
 */
export async function syncMenus(trx: Kysely<Database>, manifest: Manifest): Promise<string[]> {
  const existing = await trx
    .selectFrom('sys_menus')
    .select(['id', 'menu_key'])
    .where('menu_key', 'is not', null)
    .execute();
  const ids = new Map(existing.map((m) => [m.menu_key as string, m.id]));
  const wanted = manifestMenuEntries(manifest).filter((entry) => !ids.has(entry.key));
  const keys = new Set(wanted.map((entry) => entry.key));
  let pending = wanted;
  while (pending.length > 0) {
    // the entries whose parent has its id now; an entry whose parent no run will add has none
    const ready = pending.filter(
      (entry) => entry.parentKey === null || ids.has(entry.parentKey) || !keys.has(entry.parentKey),
    );
    // a parent that never gets ready (a loop of keys) leaves its children without one, as before
    const level = ready.length > 0 ? ready : pending;
    const rows = await trx
      .insertInto('sys_menus')
      .values(
        level.map((entry) => ({
          parent_id: entry.parentKey === null ? null : (ids.get(entry.parentKey) ?? null),
          menu_name: entry.menuName,
          menu_name_en: entry.menuNameEn,
          menu_type: entry.menuType,
          path: entry.path,
          component: entry.component,
          perms: entry.perms,
          icon: entry.icon,
          order_num: entry.orderNum,
          hidden: entry.hidden,
          always_show: entry.alwaysShow,
          affix: entry.affix,
          menu_key: entry.key,
        })),
      )
      .returning(['id', 'menu_key'])
      .execute();
    for (const row of rows) ids.set(row.menu_key as string, row.id);
    const done = new Set(level);
    pending = pending.filter((entry) => !done.has(entry));
  }
  return wanted.map((entry) => entry.key);
}
