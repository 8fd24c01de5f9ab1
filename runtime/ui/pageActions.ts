// Which of a resource's actions a list page offers, and where: the toolbar, the batch buttons or
// each row. An action the user may not use is left out entirely (DESIGN §4: the UI hides what
// the user may not do; the server still checks).
import type { Action, Resource } from '../schema/types.ts';

export interface PageActions {
  /** create, import, export and custom toolbar actions */
  toolbar: Action[];
  /** batch delete, batch update and custom batch actions */
  batch: Action[];
  /** edit, delete and custom row actions */
  row: Action[];
}

export function pageActions(resource: Resource, can: (code: string) => boolean): PageActions {
  const out: PageActions = { toolbar: [], batch: [], row: [] };
  for (const action of resource.actions) {
    // reorder moves given rows: pages offer it as move buttons, never as a toolbar button;
    // purge acts on rows in the recycle bin, which offers it
    if (action.scope === 'self' || action.name === 'reorder' || action.name === 'purge') continue;
    if (!can(action.permission)) continue;
    out[action.scope].push(action);
  }
  return out;
}
