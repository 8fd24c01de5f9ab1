// Which columns of a list the user has hidden, remembered per resource in localStorage, so the
// column settings survive a reload and a new session in the same browser. Storage that cannot
// be read or written (private mode, a full quota) only means the choice is not remembered.
import type { ColumnVisibilityState, Updater } from '@tanstack/react-table';
import { functionalUpdate } from '@tanstack/react-table';
import { useCallback, useEffect, useState } from 'react';

const KEY_PREFIX = 'schema-admin.columns.';

export function columnVisibilityKey(resourceName: string): string {
  return `${KEY_PREFIX}${resourceName}`;
}

function read(key: string): ColumnVisibilityState {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(key) ?? '{}');
    if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
    // keep only well-formed entries: a hand-edited or older value must not break the table
    return Object.fromEntries(
      Object.entries(stored).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'),
    );
  } catch {
    return {};
  }
}

function write(key: string, state: ColumnVisibilityState): void {
  try {
    // a column shown is the default, so only the hidden ones need remembering
    const hidden = Object.fromEntries(Object.entries(state).filter(([, shown]) => !shown));
    if (Object.keys(hidden).length === 0) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(hidden));
  } catch {
    // not remembered; the choice still holds while the page is open
  }
}

export function useColumnVisibility(
  resourceName: string,
): [ColumnVisibilityState, (updater: Updater<ColumnVisibilityState>) => void] {
  const key = columnVisibilityKey(resourceName);
  const [state, setState] = useState<ColumnVisibilityState>(() => read(key));
  useEffect(() => write(key, state), [key, state]);
  const update = useCallback(
    (updater: Updater<ColumnVisibilityState>) => setState((previous) => functionalUpdate(updater, previous)),
    [],
  );
  return [state, update];
}
