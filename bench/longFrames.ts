// The long animation frames a browser benchmark reads (bench:start, bench:drawers): an init script
// that collects every frame the `long-animation-frame` PerformanceObserver reports from the page's
// start, each with the scripts of 5 ms or more that ran in it. (bench:treetable reads more of each
// frame, its own way.)

export interface Frame {
  /** when it began, in the page's time */
  start: number;
  duration: number;
  /** how long it kept input waiting (the entry's `blockingDuration`) */
  blocking: number;
  /** the scripts of 5 ms or more that ran in it, by what started them */
  scripts: string[];
}

declare global {
  interface Window {
    __frames: Frame[];
    /** when the document's first content was painted (page time), once it was */
    __firstPaint?: number;
  }
}

/** Collects every long animation frame from the page's start: `page.addInitScript(observeFrames)`.
 * It runs in the page, so it uses nothing from outside itself. */
export function observeFrames() {
  window.__frames = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const frame = entry as PerformanceEntry & {
        blockingDuration: number;
        scripts: Array<{ invoker: string; sourceURL: string; duration: number }>;
      };
      window.__frames.push({
        start: entry.startTime,
        duration: entry.duration,
        blocking: frame.blockingDuration,
        scripts: frame.scripts
          .filter((script) => script.duration >= 5)
          .map((script) => {
            // a module's own evaluation is named by its address, which says less than its file
            const file = script.sourceURL.split('/').pop() || script.invoker.split('/').pop();
            return `${script.invoker.startsWith('http') ? 'module' : script.invoker} (${file}) ${script.duration.toFixed(0)} ms`;
          }),
      });
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
  // a frame before the first content paint had nothing of the page on screen: on a reload the
  // browser keeps showing the previous page until then
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'first-contentful-paint') window.__firstPaint = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
}
