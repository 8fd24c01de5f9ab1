// The list page of a tree resource (docs/shell.md, "Tree tables"): read a level at a time as its
// pickers read it (useTreeReads.ts), never whole. The top level first; opening a row reads its
// children; a level longer than a page ends in a "load more" row. With filters on, the page
// shows the matching rows under every row above them, all open, a page of hits at a time.
// Sorting orders each level (the server sorts within `parentId`).
import { type ExpandedState, functionalUpdate, type Updater } from '@tanstack/react-table';
import { startTransition, useDeferredValue, useMemo, useState } from 'react';
import type { Filters, ResourceClient, Row } from '../client/resourceClient.ts';
import type { TreeRow } from './buildTree.ts';
import { ROOT_KEY, treePage } from './listReads.ts';
import { entriesOf, entryReuse, levelTree, nodeReuse, searchTree } from './pickerTree.ts';
import { type RowReuse, tableRows } from './treeTableRows.ts';
import { useTreeReads } from './useTreeReads.ts';

export interface TreeTable {
  data: TreeRow[];
  /** every row read so far (the labels of their references are read for these) */
  rows: Row[];
  expanded: ExpandedState;
  onExpandedChange(updater: Updater<ExpandedState>): void;
  /** what the whole table waits for: the top level, the search */
  loading: boolean;
  /** the rows whose children are being read: their expand control shows it, not the table */
  loadingLevels: readonly string[];
  /** the levels whose next page is being read: their "load more" row shows it, not the table */
  loadingMore: readonly string[];
  loadMore(parent: string): void;
}

const NOTHING_BLOCKED = () => false;
const NO_ROWS: TreeRow[] = [];

export function useTreeTable(
  client: ResourceClient,
  options: { enabled: boolean; sort?: string; filters: Filters },
): TreeTable {
  const parentField = client.resource.treeParent;
  const filtering = Object.keys(options.filters).length > 0;
  const reads = useTreeReads({
    client,
    pageSize: treePage(client.resource),
    sort: options.sort,
    enabled: options.enabled,
    search: filtering ? options.filters : undefined,
  });

  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  // a search's tree is shown open; what the user closes in it is forgotten with the search
  const [searchExpanded, setSearchExpanded] = useState<{ filters: Filters; state: ExpandedState }>({
    filters: options.filters,
    state: true,
  });
  const shownSearchExpanded = searchExpanded.filters === options.filters ? searchExpanded.state : true;

  // A page's arrival is drawn in a transition: a level's pages reach React in one
  // (useQueriesInTransition.ts), but a search's and the chosen rows' through react-query's
  // useSyncExternalStore, whose render React does in one piece, and a level of thousands of rows
  // going through react-table and antd's table took frames of 60–150 ms. Read through deferred
  // values, React first renders the page as it was, at once, then the new rows in a render it
  // cuts into slices and the user's input interrupts (docs/benchmarks.md, "Tree tables").
  const readRows = useDeferredValue(reads.rows);
  const levels = useDeferredValue(reads.levels);
  const searching = useDeferredValue(reads.searching);
  const hits = useDeferredValue(reads.hits);
  const order = useDeferredValue(reads.order);
  const shown = useDeferredValue(reads.searchCount.shown);
  const total = useDeferredValue(reads.searchCount.total);
  // what the last read made, for the next to reuse where nothing changed (pickerTree.ts,
  // NodeReuse): a page read makes its own rows' objects, not every row's again. The browsing tree
  // alone: a search's tree is read anew with each page of hits.
  const [reuse] = useState(() => ({
    entries: entryReuse(),
    nodes: nodeReuse(),
    rows: new WeakMap() as RowReuse,
  }));
  const data = useMemo(() => {
    if (!options.enabled) return NO_ROWS;
    const entries = entriesOf(readRows, parentField, undefined, reuse.entries);
    if (searching)
      return tableRows(searchTree(entries, hits, order, NOTHING_BLOCKED, { shown, total }), readRows);
    return tableRows(
      levelTree(entries, levels, ROOT_KEY, NOTHING_BLOCKED, false, reuse.nodes),
      readRows,
      reuse.rows,
    );
  }, [options.enabled, readRows, levels, searching, hits, order, shown, total, parentField, reuse]);

  const rows = useMemo(() => [...readRows.values()], [readRows]);

  return {
    data,
    rows,
    // what is open goes with the rows shown, which may still be those before a search began or ended
    expanded: searching ? shownSearchExpanded : expanded,
    onExpandedChange: (updater) => {
      if (searching) {
        setSearchExpanded({
          filters: options.filters,
          state: functionalUpdate(updater, shownSearchExpanded),
        });
        return;
      }
      const next = functionalUpdate(updater, expanded);
      // react-table says "all open" as `true`; the browsing tree opens one row at a time
      const open = next === true ? {} : next;
      for (const [key, isOpen] of Object.entries(open)) if (isOpen && !expanded[key]) reads.openLevel(key);
      // in a transition: a row opened or closed draws every row the table shows again (their row
      // model is new), a render of over a thousand components that a click would otherwise do
      // in one piece, a frame over 50 ms of its own before the level's rows arrive
      startTransition(() => setExpanded(open));
    },
    loading: reads.loadingList,
    loadingLevels: reads.loadingLevels,
    loadingMore: reads.loadingMore,
    loadMore: reads.loadMore,
  };
}
