/*
 * Runs every bench, each in its own process, then checks the results against
 * bench/baselines.json and prints a summary. Exits 1 when a bench fails to produce its result,
 * a target is missed (and not accepted), or a tracked ratio regresses by more than 10%.
 *
 *   npm run bench                     everything (scroll at 1,000,000 files, scale at 2,000,000)
 *   npm run bench -- --quick          the CI run: reduced sizes, no scale bench, a few minutes
 *   npm run bench -- --only scroll,bundle
 *   npm run bench -- --accept         also take this run's figures as the accepted baselines
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  accept,
  checkRatio,
  checkTarget,
  readBaselines,
  writeBaselines,
  type Check,
  type Mode,
} from './support/baselines';
import { buildApp, SHARED_APP_DIR_ENV } from './support/build';
import {
  machine,
  RESULTS_DIR,
  ROOT,
  startCpuMeter,
  writeResult,
  type Headline,
  type Target,
} from './support/env';

const BENCHES = [
  { name: 'layout', file: 'bench/layout.bench.ts', quick: true },
  { name: 'estimates', file: 'bench/estimates.bench.ts', quick: true },
  { name: 'bundle', file: 'bench/bundle.bench.ts', quick: true },
  { name: 'server', file: 'bench/server.bench.ts', quick: true },
  { name: 'scroll', file: 'bench/scroll.bench.ts', quick: true },
  { name: 'upload', file: 'bench/upload.bench.ts', quick: true },
  { name: 'carousel', file: 'bench/carousel.bench.ts', quick: true },
  { name: 'albums', file: 'bench/albums.bench.ts', quick: true },
  { name: 'trash', file: 'bench/trash.bench.ts', quick: true },
  { name: 'revisit', file: 'bench/revisit.bench.ts', quick: true },
  { name: 'scale', file: 'bench/scale.bench.ts', quick: false },
  { name: 'hugeMonth', file: 'bench/hugeMonth.bench.ts', quick: false },
] as const;
/** The benches that open the client built with test hooks (bench/support/build.ts buildApp). */
const APP_BENCHES = new Set([
  'scroll',
  'upload',
  'carousel',
  'albums',
  'trash',
  'revisit',
  'scale',
  'hugeMonth',
]);

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    accept: { type: 'boolean', default: false },
  },
});
const mode: Mode = values.quick ? 'quick' : 'full';
const only = values.only?.split(',').map((s) => s.trim());
const selected = BENCHES.filter(
  (b) => (only ? only.includes(b.name) : true) && (mode === 'full' || b.quick),
);

interface BenchResult {
  quick?: boolean;
  machine?: { chromium?: string };
  ratios?: Record<string, number>;
  /** A list of Target; or (server bench) limits by name, with `passed` by name. */
  targets?: Target[] | Record<string, number | string>;
  passed?: Record<string, boolean>;
  headlines?: Headline[];
}

/** The targets of a result, whichever of the two shapes it reports them in. */
function targetsOf(result: BenchResult): Target[] {
  const { targets, passed } = result;
  if (Array.isArray(targets)) return targets;
  return Object.entries(passed ?? {}).map(([name, met]) => ({
    name: `${name} (1 = passed)`,
    target: `>= 1 (limit ${targets?.[name] ?? '?'})`,
    value: met ? 1 : 0,
    met,
  }));
}

interface Ran {
  name: string;
  seconds: number;
  /** CPU seconds of the bench's process tree (Linux), else null: its cost whatever else runs. */
  cpuSeconds: number | null;
  exitCode: number | null;
  result: BenchResult | null;
  /** The last lines the bench wrote to stderr (its error, when it threw). */
  stderrTail: string;
}

const TAIL_LINES = 12;

/**
 * Runs one bench as its own process, its output passed through as it comes; stderr is also kept
 * (its last lines), so a bench that threw is named with its error in the summary, where CI's
 * truncated log still shows it.
 */
function runBench(file: string): Promise<{ exitCode: number | null; stderrTail: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', file, ...(mode === 'quick' ? ['--quick'] : [])],
      { cwd: ROOT, stdio: ['inherit', 'inherit', 'pipe'] },
    );
    let tail = '';
    child.stderr.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      tail = (tail + chunk.toString('utf8'))
        .split('\n')
        .slice(-TAIL_LINES - 1)
        .join('\n');
    });
    child.on('error', reject);
    child.on('close', (exitCode) => resolve({ exitCode, stderrTail: tail.trim() }));
  });
}

// One client build with test hooks for every bench that runs it (see SHARED_APP_DIR_ENV), unless
// the caller (npm test: the e2e build) handed one over.
const needsApp = selected.some((b) => APP_BENCHES.has(b.name));
if (needsApp && !process.env[SHARED_APP_DIR_ENV]) {
  const app = await buildApp('dist-bench', { testHooks: true });
  process.env[SHARED_APP_DIR_ENV] = app.outDir;
}

/** CPU seconds of this process's finished children (/proc/self/stat cutime + cstime), or null. */
function childrenCpuSeconds(): number | null {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}

const ran: Ran[] = [];
for (const bench of selected) {
  console.log(`\n=== ${bench.name} (${mode}) ===`);
  const started = Date.now();
  const cpuBefore = childrenCpuSeconds();
  // The bench's processes sampled while it runs (startCpuMeter): the finished children's CPU
  // alone misses Chromium's renderers and GPU process, which nothing waits for.
  const meter = startCpuMeter();
  const child = await runBench(bench.file);
  const metered = meter.stop();
  const file = path.join(RESULTS_DIR, `${bench.name}.json`);
  // Only a result written by this run counts (a stale file from an earlier run does not).
  const fresh = existsSync(file) && statSync(file).mtimeMs >= started;
  const cpuAfter = childrenCpuSeconds();
  const reaped = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
  ran.push({
    name: bench.name,
    seconds: Math.round((Date.now() - started) / 1000),
    cpuSeconds:
      metered === null && reaped === null ? null : Math.round(Math.max(metered ?? 0, reaped ?? 0)),
    exitCode: child.exitCode,
    stderrTail: child.stderrTail,
    result: fresh ? (JSON.parse(readFileSync(file, 'utf8')) as BenchResult) : null,
  });
}

const baselines = readBaselines();
const checks: Check[] = [];
for (const { name, result, stderrTail } of ran) {
  if (!result) {
    checks.push({
      bench: name,
      check: 'produced its result',
      value: 0,
      expected: 'yes',
      status: 'FAIL',
      error: stderrTail || '(nothing on stderr)',
    });
    continue;
  }
  for (const t of targetsOf(result)) checks.push(checkTarget(name, t, baselines, mode));
  for (const [key, tracked] of Object.entries(baselines.ratios)) {
    const [bench, ratio] = key.split('.', 2);
    const value = result.ratios?.[ratio];
    if (bench !== name) continue;
    if (value === undefined) {
      checks.push({
        bench,
        check: `ratio ${ratio}`,
        value: 0,
        expected: 'present',
        status: 'FAIL',
      });
    } else checks.push(checkRatio(bench, ratio, value, tracked, mode));
  }
}

function table(rows: Record<string, string | number>[]): void {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]);
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i])).join('  ');
  console.log(line(columns));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of rows) console.log(line(columns.map((c) => String(row[c]))));
}

console.log(`\n=== figures (${mode}) ===`);
table(
  ran.flatMap(({ name, result }) =>
    (result?.headlines ?? []).map((h) => ({
      bench: name,
      figure: h.label,
      value: `${h.value}${h.unit ? ` ${h.unit}` : ''}`,
    })),
  ),
);
console.log(`\n=== checks against bench/baselines.json (${mode}) ===`);
table(checks.map(({ error: _error, ...c }) => c));
for (const { bench, error } of checks) {
  if (error) console.log(`\n${bench} produced no result; its last words on stderr:\n${error}`);
}
console.log(`\n=== benches ===`);
table(
  ran.map((r) => ({
    bench: r.name,
    seconds: r.seconds,
    'CPU seconds': r.cpuSeconds ?? '?',
    exit: r.exitCode ?? 'signal',
  })),
);

const failed = checks.filter((c) => c.status === 'FAIL');
const chromium = ran.find((r) => r.result?.machine?.chromium)?.result?.machine?.chromium;
writeResult(mode === 'quick' ? 'summary.quick' : 'summary', {
  machine: machine(chromium),
  benches: ran.map(({ name, seconds, cpuSeconds, exitCode }) => ({
    name,
    seconds,
    cpuSeconds,
    exitCode,
  })),
  checks,
  passed: failed.length === 0,
});

if (values.accept) {
  const results = ran.flatMap(({ name, result }) =>
    result ? [{ bench: name, ratios: result.ratios ?? {}, targets: targetsOf(result) }] : [],
  );
  const m = machine(chromium);
  writeBaselines(accept(baselines, mode, results, `${m.cpuModel} ×${m.cpus}, ${m.os}`));
  console.log(`\nbench/baselines.json: this run's ${mode} figures are now the accepted ones.`);
} else if (failed.length > 0) {
  console.log(`\n${failed.length} check(s) failed.`);
  process.exitCode = 1;
} else {
  console.log('\nAll checks passed.');
}
