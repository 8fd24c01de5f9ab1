// Waits for the page's DOM to hold an element, checked as the DOM changes: a MutationObserver in
// the page, which the page's own commits wake. A check polled once an animation frame
// (Playwright's `polling: 'raf'`) asks the browser for a frame at every vsync, so any run of the
// page's tasks between two of its own frames becomes a frame the long-animation-frame entries
// report, with the check and Playwright's round trip inside it: in turns on one build, 19 of 90
// later reloads of the categories page had a frame over 50 ms polled, 12 of 90 waited for this
// way (docs/benchmarks.md, "Tree tables"). A wait that needs an element's box (a click's target)
// still polls once a frame.
import type { Page } from 'playwright-core';

/** Whether an element `selector` finds, whose text holds `text`, is in the document outside a
 * hidden view (a kept-alive tab's `display: none`); with `wait`, resolves once one is. The DOM
 * alone is read, never a box, so the check lays nothing out. */
function holds(page: Page, selector: string, text: string, wait: boolean): Promise<boolean> {
  return page.evaluate(
    async ({ selector, text, wait }) => {
      // no named function in here: tsx would wrap it in a helper the page does not have
      while (
        ![...document.querySelectorAll(selector)].some(
          (element) => element.textContent?.includes(text) && !element.closest('[style*="display: none"]'),
        )
      ) {
        if (!wait) return false;
        await new Promise<void>((changed) => {
          const observer = new MutationObserver(() => {
            observer.disconnect();
            changed();
          });
          observer.observe(document, {
            childList: true,
            subtree: true,
            characterData: true,
            attributes: true,
          });
        });
      }
      return true;
    },
    { selector, text, wait },
  );
}

/** Resolves once such an element is in the document, checked as the DOM changes. */
export async function inDocument(page: Page, selector: string, text = ''): Promise<void> {
  await holds(page, selector, text, true);
}

/** Whether such an element is in the document now. */
export function inDocumentNow(page: Page, selector: string, text = ''): Promise<boolean> {
  return holds(page, selector, text, false);
}
