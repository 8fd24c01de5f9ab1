// What a Chromium trace of a page says of its frames (bench:treetable and bench:reloads with
// `--trace`): the renderer main thread's style, layout and paint, its longest task and its tasks of
// 50 ms or more, and each frame of 50 ms or more with what filled it. On two cores the main thread
// shares them with the compositor, the raster workers, the server and V8's own helper threads, so a
// frame's tasks are given with their thread time (the part on a CPU) and the collector's helper
// threads' work during the frame beside it.

/** a frame over this is over the goal (the "A million rows" issue) */
const GOAL_MS = 50;

/** Trace categories for the main thread's tasks, style, layout and paint. */
// V8's compile category adds its parses, among them `V8.CollectSourcePositions`: a parse of a
// script again to find a line in it, when a stack with its lines is asked for; its collector's
// category, the work of its helper threads (concurrent marking, parallel scavenging)
export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-v8.compile',
  'disabled-by-default-v8.gc',
];
/** The rendering steps a trace is summed by: style, layout, paint and their kin. */
const RENDERING = ['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit', 'ScrollLayer'];

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** thread time: how long the thread was on a CPU during the event */
  tdur?: number;
  tid: number;
  pid: number;
  args?: {
    name?: string;
    data?: { url?: string };
    /** an `AnimationFrame` span's begin: the frame as a long-animation-frame entry measures it */
    animation_frame_timing_info?: { duration_ms: number; blocking_duration_ms: number };
  };
}
export type TraceFile = { traceEvents: TraceEvent[] } | TraceEvent[];

/** What a long task is made of: its script, garbage collection and rendering steps. */
const TASK_PARTS = [
  'EvaluateScript',
  'v8.compile',
  'FunctionCall',
  'TimerFire',
  'EventDispatch',
  'MajorGC',
  'MinorGC',
];

/** The events given that no other on their thread holds: a phase inside a phase, a compile inside
 * a compile or a call inside a call, once. */
function outermostByThread(list: TraceEvent[]): TraceEvent[] {
  return list.filter(
    (e) =>
      !list.some(
        (outer) =>
          outer !== e && outer.tid === e.tid && outer.ts <= e.ts && e.ts < outer.ts + (outer.dur ?? 0),
      ),
  );
}

/**
 * The frames of 50 ms or more in a trace (Chromium's `AnimationFrame` spans, the frames the
 * long-animation-frame entries report) and what the main thread did inside each: its tasks and
 * their thread time, the garbage collector's pauses with their thread time, script, style and
 * layout, and code compiled; and the collector's helper threads' work in the renderer during the
 * frame (concurrent marking, parallel scavenging), which on two cores takes the main thread's
 * core from it. A frame's own entry names the scripts of 5 ms or more that ran in it, not a
 * collection inside one (the later reload's frames of no such script were scavenges:
 * docs/benchmarks.md, "Tree tables").
 */
function longFramesIn(events: TraceEvent[], onMain: TraceEvent[], pid: number, mainTid: number): LongFrame[] {
  const ms = (us: number) => `${(us / 1000).toFixed(0)} ms`;
  const total = (list: TraceEvent[], key: 'dur' | 'tdur' = 'dur') =>
    list.reduce((sum, e) => sum + (e[key] ?? 0), 0);
  return events
    .filter((e) => e.name === 'AnimationFrame' && e.ph === 'b' && e.pid === pid)
    .filter((e) => (e.args?.animation_frame_timing_info?.duration_ms ?? 0) >= GOAL_MS)
    .map((frame) => {
      const timing = frame.args?.animation_frame_timing_info ?? { duration_ms: 0, blocking_duration_ms: 0 };
      const end = frame.ts + timing.duration_ms * 1000;
      const inFrame = (names: string[]) =>
        outermostByThread(onMain.filter((e) => names.includes(e.name) && e.ts >= frame.ts && e.ts < end));
      const collections = inFrame(['MinorGC', 'MajorGC']);
      const tasks = inFrame(['RunTask']);
      // the collector's work on the renderer's other threads, as much of it as fell in the frame
      // (a helper's wait for the main thread, its safepoint, is no work)
      const helpers = events.filter(
        (e) =>
          e.ph === 'X' &&
          e.pid === pid &&
          e.tid !== mainTid &&
          /^V8\.GC_.*BACKGROUND/.test(e.name) &&
          !e.name.includes('SAFEPOINT') &&
          e.ts < end &&
          e.ts + (e.dur ?? 0) > frame.ts,
      );
      const helping = outermostByThread(helpers).reduce(
        (sum, e) => sum + Math.min(end, e.ts + (e.dur ?? 0)) - Math.max(frame.ts, e.ts),
        0,
      );
      // a collection, a compile or a forced layout inside a script counts in the script's time too
      const text =
        `${timing.duration_ms} ms (blocking ${timing.blocking_duration_ms} ms): tasks ` +
        `${ms(total(tasks))} (${ms(total(tasks, 'tdur'))} on the CPU), garbage collection ${ms(total(collections))} ` +
        `(${ms(total(collections, 'tdur'))} on the CPU), script ` +
        `${ms(total(inFrame(['v8.evaluateModule', 'EvaluateScript', 'FunctionCall', 'TimerFire', 'EventDispatch'])))}` +
        `, code compiled ${ms(total(inFrame(['v8.compile', 'v8.compileModule', 'V8.CompileCode'])))}` +
        `, style and layout ${ms(total(inFrame(['UpdateLayoutTree', 'Layout'])))}` +
        `; the collector's helper threads ${ms(helping)}`;
      return { duration: timing.duration_ms, text };
    });
}

/** The page's renderer main thread: of a renderer that drew frames, when there are several. */
function rendererMain(events: TraceEvent[]): TraceEvent | undefined {
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const drew = new Set(events.filter((e) => e.name === 'AnimationFrame').map((e) => e.pid));
  return mains.find((e) => drew.has(e.pid)) ?? mains[0];
}

/** A frame of 50 ms or more in a trace: its length and what filled it. */
export interface LongFrame {
  duration: number;
  text: string;
}

/** Each frame of 50 ms or more in a trace, with what filled it (see longFramesIn). */
export function longFrames(file: TraceFile): LongFrame[] {
  const events = Array.isArray(file) ? file : file.traceEvents;
  const main = rendererMain(events);
  if (!main) return [];
  const onMain = events.filter((e) => e.ph === 'X' && e.tid === main.tid && e.pid === main.pid);
  return longFramesIn(events, onMain, main.pid, main.tid);
}

/**
 * The renderer main thread's style, layout and paint in a trace: how often and how long in all;
 * the longest task, with what ran in it (nested steps are counted in their parent too: a layout a
 * script forces is inside the script's time); and the tasks of 50 ms or more, each with its
 * thread time, the part of it the main thread was on a CPU. On two cores the main thread shares
 * them with the browser's compositor and raster threads (which run at a higher priority) and the
 * server: a task whose thread time is well under its length waited for a core.
 */
export function renderingWork(file: TraceFile): string {
  const events = Array.isArray(file) ? file : file.traceEvents;
  const main = rendererMain(events);
  if (!main) return 'no renderer main thread';
  const onMain = events.filter((e) => e.ph === 'X' && e.tid === main.tid && e.pid === main.pid);
  const sum = (list: TraceEvent[], names: string[]) => {
    const sums = new Map<string, { count: number; ms: number }>();
    for (const e of list) {
      if (!names.includes(e.name)) continue;
      const entry = sums.get(e.name) ?? { count: 0, ms: 0 };
      entry.count++;
      entry.ms += (e.dur ?? 0) / 1000;
      sums.set(e.name, entry);
    }
    return names
      .filter((n) => sums.has(n))
      .map((n) => `${n} ${sums.get(n)?.count} × ${sums.get(n)?.ms.toFixed(0)} ms`)
      .join('; ');
  };
  const longest = onMain
    .filter((e) => e.name === 'RunTask')
    .reduce<TraceEvent | undefined>((a, e) => ((e.dur ?? 0) > (a?.dur ?? 0) ? e : a), undefined);
  const inLongest = longest
    ? onMain.filter((e) => e.ts >= longest.ts && e.ts < longest.ts + (longest.dur ?? 0))
    : [];
  const ms = (us = 0) => (us / 1000).toFixed(0);
  const long = onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) >= GOAL_MS * 1000);
  // a chunk compiled on the main thread (from the memory cache; what streams in is compiled off it)
  const compiles = onMain.filter(
    (e) => (e.name === 'v8.compileModule' || e.name === 'v8.compile') && (e.dur ?? 0) >= 20_000,
  );
  const lookups = onMain.filter((e) => e.name === 'V8.CollectSourcePositions' && (e.dur ?? 0) >= 5_000);
  return (
    `main thread: ${sum(onMain, RENDERING)}; garbage collection: ${sum(onMain, ['MinorGC', 'MajorGC']) || 'none'}` +
    (longest
      ? `. Longest task ${ms(longest.dur)} ms (thread time ${ms(longest.tdur)} ms): ${sum(inLongest, [...TASK_PARTS, ...RENDERING])}`
      : '') +
    `. Tasks of ${GOAL_MS} ms or more: ${long.length}` +
    (long.length
      ? ` (length / thread time: ${long.map((e) => `${ms(e.dur)}/${ms(e.tdur)}`).join(', ')} ms)`
      : '') +
    `. Compiles on the main thread of 20 ms or more: ${
      compiles.map((e) => `${e.args?.data?.url?.split('/').pop()} ${ms(e.dur)} ms`).join(', ') || 'none'
    }` +
    `. Scripts parsed again for their lines, 5 ms or more: ${lookups.map((e) => `${ms(e.dur)} ms`).join(', ') || 'none'}` +
    `. Frames of ${GOAL_MS} ms or more: ${
      longFramesIn(events, onMain, main.pid, main.tid)
        .map((f) => f.text)
        .join('; ') || 'none'
    }`
  );
}
