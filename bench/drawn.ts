// Waits for an element to be drawn, checked once an animation frame: the time a benchmark reads
// after it is the frame's, where a Playwright locator's wait polls at widening intervals (up to
// 500 ms between two checks), which a time measured to the drawing would take along.
import type { Page } from 'playwright-core';

/** Resolves once an element that `selector` finds has a box. */
export async function drawn(page: Page, selector: string): Promise<void> {
  await page.waitForFunction(
    (selector) =>
      [...document.querySelectorAll(selector)].some((element) => element.getClientRects().length > 0),
    selector,
    { polling: 'raf' },
  );
}
