// Main-thread script time per frame, from a Chromium trace (CDP Tracing).
//
// A frame is the span between two BeginMainThreadFrame events of the page's renderer main thread
// (the thread that recorded the phase's performance.mark()s), so everything the main thread did
// for that frame counts: input handlers, rAF callbacks, worker messages, promise jobs, timers.
// Script time is the union of JS-running trace events (FunctionCall, EventDispatch,
// FireAnimationFrame, TimerFire, HandlePostMessage, microtask checkpoints, script evaluation…)
// inside the frame; busy time is the union of all top-level tasks (script + style, layout, paint).
import type { Page } from '@playwright/test';
import { distribution, round, type Distribution } from './env';

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'toplevel',
  'blink.user_timing',
];

const SCRIPT_EVENTS = new Set([
  'FunctionCall',
  'EvaluateScript',
  'v8.evaluateModule',
  'v8.compile',
  'v8.compileModule',
  'EventDispatch',
  'FireAnimationFrame',
  'FireIdleCallback',
  'TimerFire',
  'HandlePostMessage',
  'XHRReadyStateChange',
  'XHRLoad',
  'RunMicrotasks',
  'BlinkScheduler_PerformMicrotaskCheckpoint',
]);
const TASK_EVENT = 'ThreadControllerImpl::RunTask';
const FRAME_EVENT = 'BeginMainThreadFrame';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { functionName?: string; url?: string } };
}

/** Per frame of one phase, ms. */
export interface FrameCosts {
  script: number[];
  busy: number[];
  /** Between frame starts (frame pacing; under SwiftShader it says little). */
  interval: number[];
  /** Script time of the phase by function (inclusive of callees), the five largest. */
  topFunctions: { name: string; ms: number }[];
}

export interface FrameSummary {
  frames: number;
  scriptMs: Distribution;
  busyMs: Distribution;
  intervalMs: Distribution;
}

export function summariseFrames(costs: Pick<FrameCosts, 'script' | 'busy' | 'interval'>) {
  return {
    frames: costs.script.length,
    scriptMs: distribution(costs.script),
    busyMs: distribution(costs.busy),
    intervalMs: distribution(costs.interval),
  } satisfies FrameSummary;
}

export interface PhaseMark {
  start: string;
  end: string;
}

type Span = [number, number];

/** Sorted, merged spans (µs). */
function union(spans: Span[]): Span[] {
  spans.sort((a, b) => a[0] - b[0]);
  const out: Span[] = [];
  for (const [s, e] of spans) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

/** Time of `spans` (sorted, disjoint) inside each window, with one forward sweep. */
function overlapPerWindow(spans: Span[], windows: Span[]): number[] {
  const out = new Array<number>(windows.length).fill(0);
  let i = 0;
  windows.forEach(([ws, we], k) => {
    while (i < spans.length && spans[i][1] <= ws) i++;
    for (let j = i; j < spans.length && spans[j][0] < we; j++) {
      out[k] += Math.max(0, Math.min(we, spans[j][1]) - Math.max(ws, spans[j][0]));
    }
  });
  return out;
}

/** The events the analysis reads (the rest of a trace can exceed what one string can hold). */
function wanted(e: TraceEvent, mark: PhaseMark): boolean {
  return (
    (e.ph === 'X' && (SCRIPT_EVENTS.has(e.name) || e.name === TASK_EVENT)) ||
    e.name === FRAME_EVENT ||
    e.name === mark.start ||
    e.name === mark.end
  );
}

/** Keeps what the analysis reads of each event, so long phases stay small in memory. */
function slim(e: TraceEvent): TraceEvent {
  const data = e.name === 'FunctionCall' ? e.args?.data : undefined;
  return {
    name: e.name,
    ph: e.ph,
    ts: e.ts,
    dur: e.dur,
    pid: e.pid,
    tid: e.tid,
    ...(data ? { args: { data: { functionName: data.functionName, url: data.url } } } : {}),
  };
}

export function analyseTrace(events: readonly TraceEvent[], mark: PhaseMark): FrameCosts {
  const startMark = events.find((e) => e.name === mark.start);
  const endMark = events.find((e) => e.name === mark.end);
  if (!startMark || !endMark) throw new Error(`trace lacks the marks ${mark.start}/${mark.end}`);
  const { pid, tid } = startMark;
  const from = startMark.ts;
  const to = endMark.ts;
  const main = events.filter((e) => e.pid === pid && e.tid === tid);

  const frameStarts = main
    .filter((e) => e.name === FRAME_EVENT && e.ts >= from && e.ts < to)
    .map((e) => e.ts)
    .sort((a, b) => a - b);
  const windows: Span[] = frameStarts.map((s, k) => [s, frameStarts[k + 1] ?? to]);
  const complete = main.filter((e) => e.ph === 'X' && e.dur !== undefined);
  const spansOf = (keep: (e: TraceEvent) => boolean) =>
    union(complete.filter(keep).map((e): Span => [e.ts, e.ts + e.dur!]));
  const script = overlapPerWindow(
    spansOf((e) => SCRIPT_EVENTS.has(e.name)),
    windows,
  );
  const busy = overlapPerWindow(
    spansOf((e) => e.name === TASK_EVENT),
    windows,
  );

  const byFunction = new Map<string, number>();
  for (const e of complete) {
    if (e.name !== 'FunctionCall' || e.ts < from || e.ts >= to) continue;
    const data = e.args?.data;
    const name = `${(data?.url ?? '').replace(/^.*\//, '') || '(anonymous)'}:${data?.functionName || '(anonymous)'}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + e.dur! / 1000);
  }
  const topFunctions = [...byFunction]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([name, ms]) => ({ name, ms: round(ms, 1) }));

  const ms = (values: number[]) => values.map((v) => v / 1000);
  return {
    script: ms(script),
    busy: ms(busy),
    interval: ms(windows.map(([s, e]) => e - s)),
    topFunctions,
  };
}

/**
 * Runs `body` under a trace, between two performance.mark()s that delimit the phase; returns
 * its result and the frame costs. Also returns the page-clock window for other probes. Events
 * arrive over CDP in chunks (Tracing.dataCollected) and only the ones analysed are kept: a DOM
 * grid's trace of a long drag runs to gigabytes.
 */
export async function traced<T>(
  page: Page,
  phase: string,
  body: () => Promise<T>,
): Promise<{ value: T; costs: FrameCosts; window: { from: number; to: number } }> {
  const mark: PhaseMark = { start: `bench:${phase}:start`, end: `bench:${phase}:end` };
  const cdp = await page.context().newCDPSession(page);
  const kept: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => {
    for (const e of value as unknown as TraceEvent[]) if (wanted(e, mark)) kept.push(slim(e));
  });
  const complete = new Promise<void>((resolve) =>
    cdp.once('Tracing.tracingComplete', () => resolve()),
  );
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: CATEGORIES, recordMode: 'recordContinuously' },
  });
  try {
    const from = await page.evaluate((name) => performance.mark(name).startTime, mark.start);
    const value = await body();
    const to = await page.evaluate((name) => performance.mark(name).startTime, mark.end);
    await cdp.send('Tracing.end');
    await complete;
    return { value, costs: analyseTrace(kept, mark), window: { from, to } };
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}
