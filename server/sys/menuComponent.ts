// A menu entry's component must name a view the app has (runtime/appViews.ts): otherwise the
// route table would hold a page that opens nothing, or names code the app never ships.
import { type MenuType, menuComponentProblem } from '../../runtime/appViews.ts';
import { badRequest } from '../http/errors.ts';
import type { WriteContext } from '../resources/hooks.ts';

const resourceNames = new WeakMap<WriteContext['manifest'], Set<string>>();

function resourcesOf(ctx: WriteContext): Set<string> {
  let names = resourceNames.get(ctx.manifest);
  if (!names) {
    names = new Set(ctx.manifest.resources.map((r) => r.name));
    resourceNames.set(ctx.manifest, names);
  }
  return names;
}

/** Refuses the write (400 on `component`) when a row would name an unknown view. */
export async function checkMenuComponent(
  ctx: WriteContext,
  ids: number[],
  columns: Record<string, unknown>,
): Promise<void> {
  if (columns.component === undefined && columns.menu_type === undefined) return;
  // a write that leaves one of the two alone is checked against the row's stored value
  const stored =
    ids.length === 0
      ? []
      : await ctx.trx
          .selectFrom('sys_menus')
          .select(['menu_type', 'component'])
          .where('id', 'in', ids)
          .execute();
  const rows = ids.length === 0 ? [{ menu_type: 'C', component: null }] : stored;
  for (const row of rows) {
    const menuType = (columns.menu_type ?? row.menu_type) as MenuType;
    const component = (columns.component === undefined ? row.component : columns.component) as string | null;
    const problem = menuComponentProblem(component, menuType, resourcesOf(ctx));
    if (problem) throw badRequest({ component: problem });
  }
}
