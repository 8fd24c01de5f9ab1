// Whether a table row's cells draw in full or in outline. A long list's row coming into view
// while the window scrolls mounts in outline (its values as plain text, its controls as text or
// boxes of their size, at the row's full height) and draws in full once the scroll stops, in a
// deferred render (TableBody.tsx): a quick scroll brings a dozen rows into view each frame, and
// mounting each with its tags, buttons and their style hooks costs several milliseconds a row.
// A short list, and a row outside any table, draws in full at once.
import { createContext, useContext } from 'react';

export const RowDetailContext = createContext(true);

/** true: draw the row's cells in full; false: in outline, at the same height */
export function useRowDetail(): boolean {
  return useContext(RowDetailContext);
}
