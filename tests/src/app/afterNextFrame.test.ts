// The app's start waits for a frame between its parts (src/app/afterNextFrame.ts): a task that
// begins after the browser's next animation frame, or the next task on a hidden page, which
// draws no frames. The animation frames here are the test's: each is run when the test says.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterNextFrame, frameByFrame } from '../../../src/app/afterNextFrame.ts';
import { heldFrames, nextTask } from '../testFrames.ts';

let frames: FrameRequestCallback[] = [];
let drawFrame = () => {};
beforeEach(() => {
  ({ frames, drawFrame } = heldFrames());
});
afterEach(() => {
  vi.restoreAllMocks();
  // the own property a test set shadows the document's
  Reflect.deleteProperty(document, 'visibilityState');
});

describe('afterNextFrame', () => {
  it('resolves in a task of its own once a frame has been drawn', async () => {
    const resolved = vi.fn();
    void afterNextFrame().then(resolved);
    await nextTask();
    expect(resolved).not.toHaveBeenCalled();
    expect(frames).toHaveLength(1);
    drawFrame();
    // not in the frame's callback: in the task after it
    await Promise.resolve();
    expect(resolved).not.toHaveBeenCalled();
    await nextTask();
    expect(resolved).toHaveBeenCalledOnce();
  });

  it('on a hidden page, which draws no frames, resolves in the next task', async () => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    const resolved = vi.fn();
    void afterNextFrame().then(resolved);
    await nextTask();
    expect(resolved).toHaveBeenCalledOnce();
    expect(frames).toHaveLength(0);
  });
});

describe('frameByFrame', () => {
  it('runs the first step at once and each next one a frame after the one before', async () => {
    const ran: string[] = [];
    const done = frameByFrame([() => ran.push('a'), () => ran.push('b'), () => ran.push('c')]);
    expect(ran).toEqual(['a']);
    await nextTask();
    expect(ran).toEqual(['a']);
    drawFrame();
    await nextTask();
    expect(ran).toEqual(['a', 'b']);
    drawFrame();
    await nextTask();
    expect(ran).toEqual(['a', 'b', 'c']);
    await done;
    expect(frames).toHaveLength(0);
  });
});
