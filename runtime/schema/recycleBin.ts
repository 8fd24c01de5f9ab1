// The recycle bin's columns (docs/schema.md, "Recycle bin"): a resource with `softDelete: true`
// has them besides its fields; a row whose `deleted_at` is set is in the bin. The server's
// lists, reads and the schema diff's indexes all name them from here.

import type { Action, Resource } from './types.ts';

/** when the row was moved to the bin; NULL for a row in use */
export const DELETED_AT = 'deleted_at';
/** the id of the user who moved it there */
export const DELETED_BY = 'deleted_by';

export const BIN_COLUMNS: readonly string[] = [DELETED_AT, DELETED_BY];

/**
 * The action whose permission a bin call needs: `remove` (the bin's list and restore) is the
 * resource's delete, else its batch delete; `purge` its purge button.
 */
export function findBinAction(resource: Resource, call: 'remove' | 'purge'): Action | undefined {
  if (call === 'purge') return resource.actions.find((a) => a.name === 'purge');
  return (
    resource.actions.find((a) => a.name === 'delete') ??
    resource.actions.find((a) => a.name === 'batchDelete')
  );
}
