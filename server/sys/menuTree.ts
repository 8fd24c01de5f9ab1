// Menus as the app wants them: nested by parent_id, ordered by order_num. One builder serves
// the route list, the role-assignment tree and the current user's menus.
import type { Selectable } from 'kysely';
import type { MenusTable } from '../db/tables.ts';

export type MenuRow = Selectable<MenusTable>;

export interface TreeNode<T> {
  item: T;
  children: TreeNode<T>[];
}

/** Entries whose parent is missing from `menus` become roots. */
export function nestMenus(menus: MenuRow[]): TreeNode<MenuRow>[] {
  const sorted = [...menus].sort((a, b) => a.order_num - b.order_num || a.id - b.id);
  const nodes = new Map(sorted.map((m) => [m.id, { item: m, children: [] as TreeNode<MenuRow>[] }]));
  const roots: TreeNode<MenuRow>[] = [];
  for (const menu of sorted) {
    const node = nodes.get(menu.id)!;
    const parent = menu.parent_id === null ? undefined : nodes.get(menu.parent_id);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** The ids plus every ancestor of them, so a granted page always comes with its directory. */
export function withAncestors(menus: MenuRow[], ids: Iterable<number>): Set<number> {
  const parentOf = new Map(menus.map((m) => [m.id, m.parent_id]));
  const out = new Set<number>();
  for (const start of ids) {
    for (
      let id: number | null = start;
      id !== null && parentOf.has(id) && !out.has(id);
      id = parentOf.get(id) ?? null
    )
      out.add(id);
  }
  return out;
}
