// Adds the manifest's menu entries that the menus table lacks, found by their stable key.
// Additive only: entries staff created, moved, renamed or hid are left as they are.
import type { Kysely } from 'kysely';
import type { Manifest } from '../../runtime/schema/types.ts';
import type { Database } from '../db/tables.ts';
import { manifestMenuEntries } from './menuEntries.ts';

/** Returns the keys of the entries added. */
export async function syncMenus(trx: Kysely<Database>, manifest: Manifest): Promise<string[]> {
  const existing = await trx
    .selectFrom('sys_menus')
    .select(['id', 'menu_key'])
    .where('menu_key', 'is not', null)
    .execute();
  const ids = new Map(existing.map((m) => [m.menu_key as string, m.id]));
  const added: string[] = [];
  for (const entry of manifestMenuEntries(manifest)) {
    if (ids.has(entry.key)) continue;
    const parentId = entry.parentKey === null ? null : (ids.get(entry.parentKey) ?? null);
    const row = await trx
      .insertInto('sys_menus')
      .values({
        parent_id: parentId,
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
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(entry.key, row.id);
    added.push(entry.key);
  }
  return added;
}
