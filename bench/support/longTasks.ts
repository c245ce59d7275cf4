// The long tasks of a page split by the V8 sampling profiler into script of ours, WebGL calls,
// the browser's own work and time the sampler did not see (hugeMonth.bench.ts; bench/README.md).
import type { Page } from '@playwright/test';
import { round } from './env';

/** The profiler's sampling interval (µs). */
export const SAMPLE_US = 500;
/**
 * The most time one sample stands for (µs). A gap between two samples longer than this is time
 * the main thread or the sampler was not scheduled on these shared cores: the V8 sampler would
 * give all of it to the stack of the sample before it (a 400 ms "monthFormatter" at a load of 11).
 * The rest of such a gap is counted apart, as `unsampled`.
 */
const SAMPLE_CAP_US = 4 * SAMPLE_US;

export interface LongTask {
  start: number;
  duration: number;
}

/** Installed before the app's scripts: keeps every long task (Long Tasks API). */
export function observeLongTasks(): void {
  const store: LongTask[] = [];
  (window as unknown as { __benchLongTasks: LongTask[] }).__benchLongTasks = store;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      store.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
}

interface ProfileNode {
  id: number;
  parent?: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number };
}

export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

/**
 * What the main thread ran that is not ours to slice: WebGL calls, which wait on the GPU process
 * (under SwiftShader a 3840×2160 drawing buffer, a shader or a context costs hundreds of ms on a
 * loaded machine; bench/README.md "20 PageDowns"), named by the JS function they were called
 * from; the browser's own work (style, layout, GC, no script on the stack). The profile shows no
 * frame for a native WebGL call: its time is the self time of three.js's function around it
 * (createBuffer and updateBuffer: gl.bufferData and gl.bufferSubData of the instance buffers).
 */
const GPU_CALLERS =
  /^(?:\w+\.)?(getContext|getExtension|getParameter|getSupportedExtensions|compileShader|linkProgram|getProgramParameter|getShaderParameter|getProgramInfoLog|getShaderInfoLog|pixelStorei|texImage[23]D|texSubImage[23]D|texStorage[23]D|bufferData|bufferSubData|createBuffer|updateBuffer|hasWebGL2|setSize|WebGLState|WebGLCapabilities|WebGLExtensions|onFirstUse|copyTextureToTexture|initGLContext|WebGLRenderer)$/;

export type SampleKind = 'script' | 'webgl' | 'browser' | 'unsampled';

export interface Sample {
  /** Page clock (ms). */
  at: number;
  ms: number;
  kind: SampleKind;
  /** The JS function the sample's time belongs to (its leaf with a source), for `script`. */
  name: string;
}

/**
 * The prefix of the functions the bench runs in the page to find the page clock in the
 * profile's. Each spin has a name and a source of its own (phase and moment), and a phase spins
 * before and after its action: with one spin of one source per phase, the lead's pageDown and
 * end phases had no calibration sample and were counted whole (likely cause, not proven: the
 * re-evaluated source came from V8's compilation cache, its code named in an earlier session).
 */
export const CALIBRATE = '__benchCalibrate_';

/** Runs a 20 ms spin named `${CALIBRATE}${tag}` in the page; returns when it started (page clock). */
export function calibrate(page: Page, tag: string): Promise<number> {
  return page.evaluate<number>(`(function ${CALIBRATE}${tag}() {
    const start = performance.now();
    while (performance.now() - start < 20);
    return start;
  })()`);
}

/**
 * Samples of `profile` on the page clock, each with what it was doing, or null when no spin of
 * `spins` (tag → its start on the page clock) was sampled: the two clocks cannot be tied.
 */
export function samplesOf(
  profile: CpuProfile,
  spins: ReadonlyMap<string, number>,
): Sample[] | null {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parents = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parents.set(c, n.id);
  const kindOf = new Map<number, { kind: SampleKind; name: string; calibrate: string }>();
  const classify = (id: number) => {
    let known = kindOf.get(id);
    if (known) return known;
    let kind: SampleKind = 'browser';
    let name = '';
    let calibrate = '';
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
      const frame = nodes.get(at)!.callFrame;
      if (frame.functionName.startsWith(CALIBRATE))
        calibrate = frame.functionName.slice(CALIBRATE.length);
      if (name === '' && frame.url) {
        name = `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, '.js')}:${frame.lineNumber + 1}`;
        kind = GPU_CALLERS.test(frame.functionName) ? 'webgl' : 'script';
      }
      if (kind === 'script' && GPU_CALLERS.test(frame.functionName)) kind = 'webgl';
    }
    if (nodes.get(id)!.callFrame.functionName === '(garbage collector)') kind = 'browser';
    known = { kind, name, calibrate };
    kindOf.set(id, known);
    return known;
  };
  const raw: { ts: number; id: number; us: number }[] = [];
  let ts = profile.startTime;
  const ids = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < ids.length; i++) {
    ts += deltas[i] ?? 0;
    raw.push({ ts, id: ids[i], us: deltas[i + 1] ?? 0 });
  }
  // The first sample inside a calibration spin is at that spin's start on the page clock (the
  // first spin sampled; a phase runs one before and one after its action).
  const mark = raw.find((r) => spins.has(classify(r.id).calibrate));
  if (!mark) return null;
  const offset = spins.get(classify(mark.id).calibrate)! - mark.ts / 1000;
  const samples: Sample[] = [];
  for (const r of raw) {
    // (idle): the thread waited for work, outside any task. (program): native work with no
    // script on the stack (style, layout, paint, the task's own bookkeeping): the browser's.
    if (nodes.get(r.id)!.callFrame.functionName === '(idle)') continue;
    const at = r.ts / 1000 + offset;
    const us = Math.min(r.us, SAMPLE_CAP_US);
    samples.push({ at, ms: us / 1000, ...classify(r.id) });
    if (r.us > us)
      samples.push({ at: at + us / 1000, ms: (r.us - us) / 1000, kind: 'unsampled', name: '' });
  }
  return samples;
}

export interface LongTaskParts extends LongTask {
  /** Milliseconds of the task by kind, from the profile's samples inside it. */
  scriptMs: number;
  webglMs: number;
  browserMs: number;
  /** Gaps between samples past SAMPLE_CAP_US: the thread or the sampler was not scheduled. */
  unsampledMs: number;
  /**
   * Whether samples tie to this task. False: the profile was not tied to the page clock, or no
   * sample fell inside the task; the task then counts whole as ours, and the output says so.
   */
  attributed: boolean;
  /** The functions of ours with the most self time in it. */
  top: string[];
}

export function partsOf(
  task: LongTask,
  samples: readonly Sample[] | null,
  from: number,
): LongTaskParts {
  const end = task.start + task.duration;
  // A sample counts where it starts; a gap, for the part of it inside the task.
  const inside = (samples ?? []).filter((s) =>
    s.kind === 'unsampled'
      ? s.at < end && s.at + s.ms > task.start
      : s.at >= task.start && s.at < end,
  );
  const msIn = (s: Sample) =>
    s.kind === 'unsampled' ? Math.min(end, s.at + s.ms) - Math.max(task.start, s.at) : s.ms;
  const sum = (kind: SampleKind) =>
    round(
      inside.filter((s) => s.kind === kind).reduce((total, s) => total + msIn(s), 0),
      0,
    );
  const byName = new Map<string, number>();
  for (const s of inside)
    if (s.kind === 'script') byName.set(s.name, (byName.get(s.name) ?? 0) + s.ms);
  return {
    start: round(task.start - from, 0),
    duration: round(task.duration, 0),
    scriptMs: sum('script'),
    webglMs: sum('webgl'),
    browserMs: sum('browser'),
    unsampledMs: sum('unsampled'),
    attributed: inside.some((s) => s.kind !== 'unsampled'),
    top: [...byName]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([name, ms]) => `${round(ms, 0)} ms ${name}`),
  };
}
