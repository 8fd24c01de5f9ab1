// The reads of a tree picker over a tree resource of any size (docs/shell.md, "Tree pickers"),
// through the tree reads every tree view shares (useTreeReads.ts): the roots when it first
// opens, a node's children when the node opens, 50 rows at a time, the server's matches as the
// user types (debounced) with every row above them, and the chosen values with their paths by
// id. The rows read become the picker's entries (label, parent, whether it has children).
import { useMemo, useState } from 'react';
import { useDebounce } from 'use-debounce';
import type { Id, ResourceClient } from '../client/resourceClient.ts';
import type { Field } from '../schema/types.ts';
import { ROOT_KEY } from './listReads.ts';
import { type Entries, entriesOf, entryReuse } from './pickerTree.ts';
import { useRefClient } from './ResourcesContext.tsx';
import { canSearchLabel } from './useRefOptions.ts';
import { PICKER_PAGE, SEARCH_DEBOUNCE_MS } from './useRefSearch.ts';
import { type TreeReads, useTreeReads } from './useTreeReads.ts';

export interface TreePicker
  extends Pick<
    TreeReads,
    'levels' | 'searching' | 'hits' | 'order' | 'searchCount' | 'loadingList' | 'loadingMore'
  > {
  entries: Entries;
  /** whether the server filters by the typed text (else the picker filters what it has) */
  serverSearch: boolean;
  /** reads the first page of a level; resolves once it is there */
  loadLevel(parent: string): Promise<void>;
  /** the next page of a level, or of the search (`parent` 'search') */
  loadMore(parent: string): void;
}

function chosenIds(value: Id | Id[] | null | undefined): string[] {
  const ids = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
  // 0 is the root, which has no row
  return ids
    .map(String)
    .filter((id) => id !== ROOT_KEY && id !== '')
    .sort((a, b) => Number(a) - Number(b));
}

export function useTreePicker(
  field: Field,
  search: string,
  value: Id | Id[] | null | undefined,
  opened: boolean,
): TreePicker {
  const client: ResourceClient = useRefClient(field.ref!);
  const parentField = client.resource.treeParent;
  const labelField = field.refLabel;
  const serverSearch = canSearchLabel(client, labelField);
  const [term] = useDebounce(serverSearch ? search.trim() : '', SEARCH_DEBOUNCE_MS);
  const chosenKey = chosenIds(value).join(',');
  const chosen = useMemo(() => (chosenKey === '' ? [] : chosenKey.split(',')), [chosenKey]);
  const searchFilters = useMemo(
    () => (term !== '' && labelField ? { [labelField]: term } : undefined),
    [term, labelField],
  );
  const reads = useTreeReads({
    client,
    pageSize: PICKER_PAGE,
    enabled: opened,
    search: searchFilters,
    chosen,
    // a picker the user may not fill in shows empty rather than raising a toast per field
    silent: true,
  });
  // each row's entry is made once: a read makes its own rows' entries (pickerTree.ts, entriesOf)
  const [made] = useState(entryReuse);
  const entries = useMemo(
    () => entriesOf(reads.rows, parentField, labelField, made),
    [reads.rows, parentField, labelField, made],
  );
  return { ...reads, entries, serverSearch };
}
