// A list table's width in a jsdom test: jsdom lays nothing out, so every element is 0 px wide and
// a table never learns whether its columns fit (DataTable.tsx measures its frame's clientWidth).

/**
 * Gives the table's frame the width `width()` says, as a browser would measure it (over
 * Element's own clientWidth, which is 0). Returns the undoing of it.
 */
export function givenTableWidth(width: () => number): () => void {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get() {
      return (this as HTMLElement).hasAttribute('data-list-table') ? width() : 0;
    },
  });
  return () => {
    delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
  };
}
