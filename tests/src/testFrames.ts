// Animation frames the test draws when it says (requestAnimationFrame held), for code that waits
// for a frame between its parts (src/app/afterNextFrame.ts). Restored by vi.restoreAllMocks().
import { vi } from 'vitest';

/** Resolves after the tasks queued so far (timers of 0 ms run in the order they were set). */
export const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

export function heldFrames() {
  const frames: FrameRequestCallback[] = [];
  const asked = vi
    .spyOn(window, 'requestAnimationFrame')
    .mockImplementation((callback) => frames.push(callback));
  return {
    /** the frames asked for and not drawn yet */
    frames,
    /** every call to requestAnimationFrame */
    asked,
    /** runs the frames asked for so far */
    drawFrame() {
      for (const callback of frames.splice(0)) callback(performance.now());
    },
    /** draws frames, each with the task after it, until none is asked for */
    async drawAll() {
      while (frames.length > 0) {
        this.drawFrame();
        await nextTask();
      }
    },
  };
}
