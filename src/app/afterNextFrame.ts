// A task that begins after the browser has drawn its next frame. The app's start is made of
// parts that each take a good share of a frame on a slow machine (main.tsx); run back to back,
// in one task or in tasks with no frame between, they hold the page in one long frame. A hidden
// page draws no frames, and would wait until it is shown: there the next task is enough.

export function afterNextFrame(): Promise<void> {
  return new Promise((resolve) => {
    const nextTask = () => {
      setTimeout(resolve, 0);
    };
    if (document.visibilityState === 'hidden') nextTask();
    else requestAnimationFrame(nextTask);
  });
}

/**
 * Runs each step in a task of its own, a frame after the step before (and after the promise it
 * gave, if it gave one, has settled); the first at once.
 */
export async function frameByFrame(steps: ReadonlyArray<() => unknown>): Promise<void> {
  for (const [index, step] of steps.entries()) {
    if (index > 0) await afterNextFrame();
    // a step that gives nothing to wait for asks for the next frame in its own task
    const result = step();
    if (result instanceof Promise) await result;
  }
}
