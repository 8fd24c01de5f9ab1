// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { longFrames, renderingWork, type TraceEvent } from '../../bench/traceFrames.ts';

// A renderer (pid 1) whose main thread is tid 10 and whose V8 helper is tid 11, and another
// renderer (pid 2) that drew no frame. Times in microseconds, as Chromium writes them.
const RENDERER = 1;
const MAIN = 10;
const HELPER = 11;

const thread = (pid: number, tid: number, name: string): TraceEvent => ({
  name: 'thread_name',
  ph: 'M',
  ts: 0,
  pid,
  tid,
  args: { name },
});
const span = (
  name: string,
  ts: number,
  dur: number,
  tdur: number,
  tid = MAIN,
  pid = RENDERER,
): TraceEvent => ({
  name,
  ph: 'X',
  ts,
  dur,
  tdur,
  pid,
  tid,
});
const frame = (ts: number, duration: number, blocking: number): TraceEvent => ({
  name: 'AnimationFrame',
  ph: 'b',
  ts,
  pid: RENDERER,
  tid: MAIN,
  args: { animation_frame_timing_info: { duration_ms: duration, blocking_duration_ms: blocking } },
});

/** A 60 ms frame from 1 s: two tasks, a scavenge inside the first, the frame's style and layout;
 * and a 20 ms frame later, under the goal. */
function trace(): TraceEvent[] {
  return [
    thread(2, 20, 'CrRendererMain'),
    thread(RENDERER, MAIN, 'CrRendererMain'),
    thread(RENDERER, HELPER, 'ThreadPoolForegroundWorker'),
    frame(1_000_000, 60, 0),
    span('RunTask', 1_000_000, 35_000, 20_000),
    span('FunctionCall', 1_001_000, 5_000, 5_000),
    span('MinorGC', 1_010_000, 24_000, 12_000),
    span('RunTask', 1_040_000, 20_000, 18_000),
    span('UpdateLayoutTree', 1_041_000, 9_000, 9_000),
    span('Layout', 1_050_000, 8_000, 8_000),
    // the helper: a marking phase that began before the frame (10 ms of it inside), a scavenge
    // with a phase nested in it (counted once), and a wait at a safepoint (no work)
    span('V8.GC_MC_BACKGROUND_MARKING', 990_000, 20_000, 20_000, HELPER),
    span('V8.GC_SCAVENGER_BACKGROUND_SCAVENGE_PARALLEL', 1_012_000, 20_000, 20_000, HELPER),
    span('V8.GC_SCAVENGER_BACKGROUND_TRACED_HANDLES_RESET_PARALLEL', 1_013_000, 2_000, 2_000, HELPER),
    span('V8.GC_BACKGROUND_SAFEPOINT', 1_040_000, 15_000, 0, HELPER),
    // the other renderer's collector is not this page's
    span('V8.GC_MC_BACKGROUND_MARKING', 1_000_000, 60_000, 60_000, 21, 2),
    frame(2_000_000, 20, 0),
    span('RunTask', 2_000_000, 15_000, 15_000),
  ];
}

describe("a trace's long frames", () => {
  it('gives each frame over the goal with its tasks, pauses, style and layout, and the helpers', () => {
    const frames = longFrames({ traceEvents: trace() });
    expect(frames).toHaveLength(1);
    expect(frames[0].duration).toBe(60);
    expect(frames[0].text).toBe(
      '60 ms (blocking 0 ms): tasks 55 ms (38 ms on the CPU), garbage collection 24 ms (12 ms on ' +
        'the CPU), script 5 ms, code compiled 0 ms, style and layout 17 ms; ' +
        "the collector's helper threads 30 ms",
    );
  });

  it('reads the renderer that drew frames, and says when there is none', () => {
    expect(renderingWork(trace())).toContain('Frames of 50 ms or more: 60 ms (blocking 0 ms)');
    expect(longFrames([thread(RENDERER, HELPER, 'ThreadPoolForegroundWorker')])).toEqual([]);
    expect(renderingWork([])).toBe('no renderer main thread');
  });
});
