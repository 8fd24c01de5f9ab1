// What changed between two texts, for showing a long text's edit (a rich-text body, tags
// stripped) without making the reader compare two whole pages: the stretch that differs, with a
// little of the unchanged text on each side. One contiguous stretch is what an edit usually is;
// two edits far apart show as one stretch covering both.

export interface TextChange {
  /** unchanged text before the change, shortened from the start to `context` characters */
  before: string;
  /** the old text of the changed stretch */
  removed: string;
  /** the new text of the changed stretch */
  added: string;
  /** unchanged text after the change, shortened from the end */
  after: string;
  /** whether `before` / `after` were shortened */
  cutBefore: boolean;
  cutAfter: boolean;
}

export function textChange(older: string, newer: string, context = 40): TextChange {
  // code points, so a character outside the BMP is never split
  const a = Array.from(older);
  const b = Array.from(newer);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end])
    end++;
  const before = a.slice(0, start);
  const after = a.slice(a.length - end);
  return {
    before: before.slice(Math.max(0, before.length - context)).join(''),
    removed: a.slice(start, a.length - end).join(''),
    added: b.slice(start, b.length - end).join(''),
    after: after.slice(0, context).join(''),
    cutBefore: before.length > context,
    cutAfter: after.length > context,
  };
}

/**
 * The text of rich-text HTML, one line per block (paragraph, heading, list item), so a diff reads
 * as the page does rather than as its tags.
 */
export function richTextLines(html: string): string {
  const marked = html.replace(/<\/(p|div|h[1-6]|li|blockquote|pre|tr)>|<br\s*\/?>/gi, '$&\n');
  const text = new DOMParser().parseFromString(marked, 'text/html').body.textContent ?? '';
  return text.replace(/\n{2,}/g, '\n').trim();
}
