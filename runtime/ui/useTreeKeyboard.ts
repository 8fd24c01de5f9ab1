// The keyboard of a tree view that holds the focus itself (the category tree, the check tree), as
// in antd's tree: the tree element takes the focus, names the entry the keyboard is on
// (aria-activedescendant, drawn by TreeList.tsx), and the keys do what treeKeyAction says. The
// handlers are the same functions from render to render, so handing them to the list draws none of
// its entries again.
import { type KeyboardEvent, useCallback, useRef } from 'react';
import { onTreeKey, type ShownNode, type TreeKeyHandlers } from './pickerTree.ts';

export interface TreeKeyboard {
  /** the entries shown, top to bottom */
  rows: readonly ShownNode[];
  /** the entry the keyboard is on (an index into rows), or -1 */
  active: number;
  /** what each kind of key action does; `move` is given the key of the entry to move to */
  handlers: TreeKeyHandlers;
  /** the space bar on an entry: a check tree ticks it (WAI-ARIA's tree pattern); else nothing */
  space?(row: ShownNode): void;
}

/** The tree element's handlers: its keys, and the focus that starts the keyboard on an entry. */
export function useTreeKeyboard(keyboard: TreeKeyboard) {
  // what the handlers read, as of the last render
  const latest = useRef(keyboard);
  latest.current = keyboard;
  const onKeyDown = useCallback((event: KeyboardEvent) => {
    const { rows, active, handlers, space } = latest.current;
    if (event.key === ' ' && space) {
      // the page does not scroll under a tree that has the key
      event.preventDefault();
      if (rows[active]) space(rows[active]);
      return;
    }
    if (onTreeKey(event.key, rows, active, handlers)) event.preventDefault();
  }, []);
  // The keyboard starts on the first entry when the tree takes the focus from the keyboard (Tab).
  // A press of the pointer focuses the tree too, and marks nothing: the active entry's background
  // would mark an entry the user did not point at.
  const pointed = useRef(false);
  const onFocus = useCallback(() => {
    const { rows, active, handlers } = latest.current;
    if (!pointed.current && active < 0 && rows.length > 0) handlers.move(rows[0].key);
    pointed.current = false;
  }, []);
  const onPointerDown = useCallback(() => {
    pointed.current = true;
  }, []);
  const onPointerUp = useCallback(() => {
    pointed.current = false;
  }, []);
  return { tabIndex: 0, onKeyDown, onFocus, onPointerDown, onPointerUp };
}
