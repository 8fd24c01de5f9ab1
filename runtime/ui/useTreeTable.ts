// The list page of a tree resource (docs/shell.md, "Tree tables"): read a level at a time as its
// pickers read it (useTreeReads.ts), never whole. The top level first; opening a row reads its
// children; a level longer than a page ends in a "load more" row. With filters on, the page
// shows the matching rows under every row above them, all open, a page of hits at a time.
// Sorting orders each level (the server sorts within `parentId`).
import { type ExpandedState, functionalUpdate, type Updater } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { MAX_LIMIT } from '../client/constants.ts';
import type { Filters, ResourceClient, Row } from '../client/resourceClient.ts';
import type { Resource } from '../schema/types.ts';
import type { TreeRow } from './buildTree.ts';
import { entryOf, levelTree, ROOT_KEY, searchTree, type TreeEntry } from './pickerTree.ts';
import { tableRows } from './treeTableRows.ts';
import { useTreeReads } from './useTreeReads.ts';

/**
 * Rows a level or a search is read in: the schema's page size (`list.pageSize`; the CMS's trees
 * say 500, so few "load more" clicks), at most the list's largest page.
 */
export const treePage = (resource: Resource): number => Math.min(resource.list.pageSize, MAX_LIMIT);

export interface TreeTable {
  data: TreeRow[];
  /** every row read so far (the labels of their references are read for these) */
  rows: Row[];
  expanded: ExpandedState;
  onExpandedChange(updater: Updater<ExpandedState>): void;
  loading: boolean;
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

  const { shown, total } = reads.searchCount;
  const data = useMemo(() => {
    if (!options.enabled) return NO_ROWS;
    const entries = new Map<string, TreeEntry>();
    for (const [key, row] of reads.rows) entries.set(key, entryOf(row, parentField, undefined));
    const nodes = reads.searching
      ? searchTree(entries, reads.hits, reads.order, NOTHING_BLOCKED, { shown, total })
      : levelTree(entries, reads.levels, ROOT_KEY, NOTHING_BLOCKED);
    return tableRows(nodes, reads.rows);
  }, [
    options.enabled,
    reads.rows,
    reads.levels,
    reads.searching,
    reads.hits,
    reads.order,
    shown,
    total,
    parentField,
  ]);

  const rows = useMemo(() => [...reads.rows.values()], [reads.rows]);

  return {
    data,
    rows,
    expanded: reads.searching ? shownSearchExpanded : expanded,
    onExpandedChange: (updater) => {
      if (reads.searching) {
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
      setExpanded(open);
    },
    loading: reads.loading,
    loadMore: reads.loadMore,
  };
}
