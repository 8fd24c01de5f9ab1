// Scrolling the window in a jsdom test, for the long tables that draw only the rows in view: jsdom
// lays nothing out and never scrolls, so the offset is set and announced as a user's scroll would.
import { act } from '@testing-library/react';

const windowScroll = Object.getOwnPropertyDescriptor(window, 'scrollY');

/** Scrolls the window to `top`, announcing it with a scroll event; `afterEvent` runs as the event's
 * listeners return, before React renders what they asked for. */
export function scrollWindow(top: number, afterEvent?: () => void) {
  Object.defineProperty(window, 'scrollY', { value: top, configurable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
    afterEvent?.();
  });
}

/** Puts jsdom's own window offset back (an afterEach). */
export function restoreWindowScroll() {
  if (windowScroll) Object.defineProperty(window, 'scrollY', windowScroll);
}
