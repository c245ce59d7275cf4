/*
 * Where the long tasks of opening /photos go (issue 20 fault 5). A diagnostic, not a bench:
 * no targets. Signed in, the page is loaded afresh (HTTP cache off, as a first visit) three
 * times under a Chromium trace with the V8 sampling profiler; every main-thread task over
 * 50 ms until the first screen of thumbnails is named by what ran in it: script evaluation per
 * chunk, compilation, WebGL shader compilation, React rendering, style and layout, the rest by
 * function. Writes bench/results/startup.json. Run: npx tsx bench/startup.ts [--label before]
 */
import type { CDPSession, Page } from '@playwright/test';
import path from 'node:path';
import { launchBrowser, newBenchPage, signIn } from './support/browser';
import { buildApp } from './support/build';
import { CACHE_DIR, machine, median, round, step, writeResult } from './support/env';
import { waitForEngine, waitForScene } from './support/galleryDriver';
import { benchServers } from './support/servers';

const FILES = 1_000;
const LOADS = 3;
const LONG_TASK_US = 50_000;
const label = process.argv.includes('--label')
  ? process.argv[process.argv.indexOf('--label') + 1]
  : 'now';

interface CallFrame {
  functionName: string;
  url: string;
}
interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: CallFrame;
}
interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      url?: string;
      functionName?: string;
      startTime?: number;
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
  };
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'toplevel',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'disabled-by-default-v8.cpu_profiler',
];

/**
 * What a stack is doing, from its frames (leaf first): the first rule that matches names it.
 * WebGL calls are native functions and keep their names in the profile; React's work loop is
 * found by the names of its entry points (the build is not minified).
 */
const STACK_RULES: [RegExp, string][] = [
  [
    /^(compileShader|linkProgram|getProgramParameter|getShaderParameter|getProgramInfoLog|getShaderInfoLog|useProgram)$/,
    'WebGL shader compilation',
  ],
  [/^(texImage[23]D|texSubImage[23]D|texStorage[23]D|generateMipmap)$/, 'WebGL texture uploads'],
  [/^(getContext|WebGLRenderer|initGLContext)$/, 'WebGL context creation'],
  [
    /^(performWorkOnRoot|renderRootSync|renderRootConcurrent|workLoopSync|workLoopConcurrent)$/,
    'React rendering',
  ],
  [
    /^(commitRoot|commitRootImpl|flushPassiveEffects|flushSyncWorkAcrossRoots_impl)$/,
    'React commit and effects',
  ],
];

function chunkName(url: string | undefined): string {
  if (!url) return '';
  return url.replace(/^.*\/assets\//, '').replace(/-[\w-]{8}\.js$/, '.js') || url;
}

/**
 * Names what a sample was doing: the stack rules first; native time (no script on the stack) by
 * the trace event it fell in; script by the event when that is an evaluation or compilation,
 * else by its function and the nearest caller with a source.
 */
function sampleKind(stack: readonly CallFrame[], inside: string | null): string {
  for (const [rule, kind] of STACK_RULES)
    if (stack.some((f) => rule.test(f.functionName))) return kind;
  const leaf = stack[0];
  if (leaf?.functionName === '(garbage collector)') return 'garbage collection';
  if (!leaf || leaf.functionName === '(program)' || leaf.functionName === '(idle)')
    return inside ?? 'browser: other';
  if (inside && !inside.startsWith('browser:')) return inside;
  const caller = stack.slice(1).find((f) => f.functionName && f.url);
  const where = (f: CallFrame) => `${f.functionName || '(anonymous)'} ${chunkName(f.url)}`.trim();
  return `script: ${where(leaf)}${caller ? ` ← ${where(caller)}` : ''}`;
}

/** The trace events that name a stretch of a task, with what to call it. */
function eventKind(e: TraceEvent): string | null {
  const url = e.args?.data?.url ?? '';
  switch (e.name) {
    case 'EvaluateScript':
    case 'v8.evaluateModule':
      return `bundle evaluation: ${chunkName(url) || 'module'}`;
    case 'v8.compile':
    case 'v8.compileModule':
    case 'V8.CompileCode':
      return 'script compilation';
    case 'ParseHTML':
      return 'HTML parsing';
    case 'UpdateLayoutTree':
    case 'RecalculateStyles':
      return 'style';
    case 'Layout':
      return 'layout';
    case 'Paint':
    case 'PrePaint':
    case 'Layerize':
      return 'paint';
    default:
      return INNER_EVENTS.has(e.name) ? `browser: ${e.name}` : null;
  }
}

/** Trace events inside a task worth naming when no script ran (the rest is scheduling). */
const INNER_EVENTS = new Set([
  'FireAnimationFrame',
  'TimerFire',
  'FunctionCall',
  'HandlePostMessage',
  'EventDispatch',
  'ResourceReceivedData',
  'ResourceFinish',
  'CommitLoad',
  'MarkDOMContent',
  'MarkLoad',
  'ScheduleStyleRecalculation',
  'UpdateLayerTree',
  'Commit',
  'DecodeImage',
  'ImageDecodeTask',
  'GPUTask',
]);

async function tracedLoad(page: Page, cdp: CDPSession, url: string): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  const collect = ({ value }: { value: object[] }) => {
    for (const e of value as unknown as TraceEvent[]) events.push(e);
  };
  cdp.on('Tracing.dataCollected', collect);
  const complete = new Promise<void>((resolve) =>
    cdp.once('Tracing.tracingComplete', () => resolve()),
  );
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: CATEGORIES, recordMode: 'recordContinuously' },
  });
  await page.goto(url);
  await waitForEngine(page);
  const ready = await waitForScene(page, 0, 60_000);
  if (ready < 0) throw new Error('no first screen of thumbnails within 60 s');
  await page.evaluate(() => performance.mark('startup:ready'));
  await cdp.send('Tracing.end');
  await complete;
  cdp.off('Tracing.dataCollected', collect);
  return events;
}

interface LongTask {
  startMs: number;
  durationMs: number;
  parts: { kind: string; ms: number }[];
}

function analyse(events: readonly TraceEvent[]) {
  const readyMark = events.find((e) => e.name === 'startup:ready');
  if (!readyMark) throw new Error('the trace lacks the ready mark');
  const { pid, tid } = readyMark;
  const main = events.filter((e) => e.pid === pid && e.tid === tid);
  // The clock starts with the navigation: the new tab's first task (it is idle before).
  const navigation = Math.min(
    ...main.filter((e) => e.name === 'ThreadControllerImpl::RunTask').map((e) => e.ts),
  );
  const tasks = main.filter(
    (e) =>
      e.ph === 'X' &&
      e.name === 'ThreadControllerImpl::RunTask' &&
      e.ts >= navigation &&
      e.ts <= readyMark.ts,
  );
  const named = main.filter((e) => e.ph === 'X' && e.dur !== undefined && eventKind(e));

  // The sampling profile of this thread, rebuilt from its chunks.
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  const profile = events.find((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid);
  let clock = profile?.args?.data?.startTime ?? 0;
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || e.pid !== pid || (profile && e.id !== profile.id)) continue;
    const data = e.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const ids = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    for (let i = 0; i < ids.length; i++) {
      clock += deltas[i] ?? 0;
      samples.push({ ts: clock, node: ids[i] });
    }
  }
  samples.sort((a, b) => a.ts - b.ts);
  const stackOf = (id: number): CallFrame[] => {
    const stack: CallFrame[] = [];
    for (let node = nodes.get(id); node; node = node.parent ? nodes.get(node.parent) : undefined)
      stack.push(node.callFrame);
    return stack;
  };

  const long: LongTask[] = [];
  for (const task of tasks) {
    if ((task.dur ?? 0) < LONG_TASK_US) continue;
    const end = task.ts + task.dur!;
    const inTask = samples.filter((s) => s.ts >= task.ts && s.ts < end);
    const byKind = new Map<string, number>();
    const interval = inTask.length > 0 ? task.dur! / inTask.length : 0;
    for (const sample of inTask) {
      const inside = named
        .filter((e) => e.ts <= sample.ts && sample.ts < e.ts + e.dur!)
        .sort((a, b) => b.ts - a.ts)[0];
      const stack = stackOf(sample.node);
      const kind = sampleKind(stack, inside ? eventKind(inside) : null);
      byKind.set(kind, (byKind.get(kind) ?? 0) + interval);
      if (kind === 'React rendering') {
        // Whose components: the innermost frame from our own source under React's work loop.
        const own = stack.find(
          (f) => /\/(src|assets)\//.test(f.url) && /^[A-Z]/.test(f.functionName),
        );
        const name = own ? `  in ${own.functionName}` : '  in React itself';
        byKind.set(name, (byKind.get(name) ?? 0) + interval);
      }
    }
    long.push({
      startMs: round((task.ts - navigation) / 1000, 0),
      durationMs: round(task.dur! / 1000, 0),
      parts: [...byKind]
        .sort((a, b) => b[1] - a[1])
        .filter(([, us]) => us >= 2_000)
        .map(([kind, us]) => ({ kind, ms: round(us / 1000, 0) })),
    });
  }
  return { readyMs: round((readyMark.ts - navigation) / 1000, 0), longTasks: long };
}

const outDir = path.join(CACHE_DIR, 'dist-startup');
const app = await buildApp('dist-startup', {
  testHooks: true,
  plugins: [{ name: 'bench-no-minify', config: () => ({ build: { minify: false } }) }],
});
const servers = await benchServers(FILES, app.outDir);
const { browser, version } = await launchBrowser();
try {
  const signedIn = await newBenchPage(browser);
  await signIn(signedIn, servers);
  // Every load in a tab of its own (a first visit: no document to tear down before it),
  // signed in by the session the first tab stored.
  const everything = await signedIn.evaluate(() => JSON.stringify({ ...sessionStorage }));
  await signedIn.close();
  const loads = [];
  for (let i = 0; i < LOADS; i++) {
    step(`load ${i + 1} of ${LOADS}`);
    const page = await newBenchPage(browser);
    await page.addInitScript((stored: string) => {
      for (const [key, value] of Object.entries(JSON.parse(stored) as Record<string, string>))
        sessionStorage.setItem(key, value);
    }, everything);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    loads.push(analyse(await tracedLoad(page, cdp, `${servers.webUrl}/photos`)));
    await page.close();
  }
  const totals = loads.map((l) => l.longTasks.reduce((sum, t) => sum + t.durationMs, 0));
  const file = writeResult('startup', {
    machine: machine(version),
    label,
    setup: {
      files: FILES,
      build: `${path.relative(process.cwd(), outDir)}: vite build, test hooks, minify off`,
      script: `${LOADS} loads of /photos signed in, HTTP cache off, traced with the V8 sampler`,
    },
    readyMs: median(loads.map((l) => l.readyMs)),
    longTaskMsTotal: median(totals),
    loads,
  });
  step(`wrote ${file}`);
  for (const [i, load] of loads.entries()) {
    console.log(`load ${i + 1}: first screen at ${load.readyMs} ms`);
    for (const task of load.longTasks) {
      console.log(`  task at ${task.startMs} ms, ${task.durationMs} ms`);
      for (const part of task.parts)
        console.log(`    ${String(part.ms).padStart(5)} ms  ${part.kind}`);
    }
  }
} finally {
  await browser.close();
  await servers.close();
}
