// What a tree picker draws of its reads (RefTreeSelect.tsx): a "load more" read, which only adds
// rows to levels already open, is drawn in a low-priority render React cuts into slices, after
// the picker has rendered as it was; antd's tree re-indexes every entry it holds on each new tree,
// a long frame on a level of thousands (docs/benchmarks.md, "Tree tables"). A level's first page,
// or a search starting or ending, is drawn at once: antd's `loadData` asks for a level, and its
// promise says the level is there, which the tree must then show.
import { useDeferredValue } from 'react';
import type { Level } from './pickerTree.ts';

export interface TreeRead {
  searching: boolean;
  levels: ReadonlyMap<string, Level>;
}

/** The same levels are open, or the same search is on: the two differ only in rows read further. */
export function sameLevels(a: TreeRead, b: TreeRead): boolean {
  if (a.searching !== b.searching || a.levels.size !== b.levels.size) return false;
  for (const key of b.levels.keys()) if (!a.levels.has(key)) return false;
  return true;
}

/** The read to draw: `read` itself, or while only rows were read further, the one before it until
 * React has time for the new one. `read` must be the same object while nothing in it changes. */
export function useDrawnTree<T extends TreeRead>(read: T): T {
  const deferred = useDeferredValue(read);
  return sameLevels(deferred, read) ? deferred : read;
}
