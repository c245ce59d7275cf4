// What every bench shares: the --quick flag, paths, the machine and package versions recorded
// with each result, small statistics, and writing bench/results/<name>.json.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const QUICK = process.argv.includes('--quick');

/** The number given as `--name=N` on the command line, or undefined without one. */
export function numberFlag(name: string): number | undefined {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg === undefined ? undefined : Number(arg.slice(name.length + 3));
}
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/**
 * Where results go: a full run writes the committed bench/results/<name>.json; a quick run (CI's,
 * every `npm test`) writes bench/results/quick/, which git ignores, so a test run leaves the tree
 * clean and the committed figures stay those of the last full run.
 */
export const RESULTS_DIR = path.join(ROOT, 'bench', 'results', ...(QUICK ? ['quick'] : []));
/**
 * Seeded libraries and bench builds. Under node_modules/.cache so that git, ESLint and Prettier
 * never see them (a dist-* folder at the root would be linted and formatted). BENCH_CACHE_DIR
 * moves it: parallel runs on one machine (worktrees share node_modules) each use their own, as
 * two servers on one SQLite library, or two builds into one folder, would interfere.
 */
export const CACHE_DIR =
  process.env.BENCH_CACHE_DIR ?? path.join(ROOT, 'node_modules', '.cache', 'capture-bench');

export const round = (value: number, digits = 2): number => {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
};

/** The value at quantile q (0..1) of the sorted values: nearest rank, no interpolation. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil(q * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))];
}

export interface Distribution {
  n: number;
  p50: number;
  p95: number;
  max: number;
  mean: number;
}

export function distribution(values: readonly number[]): Distribution {
  const sorted = [...values].sort((a, b) => a - b);
  const sum = sorted.reduce((a, b) => a + b, 0);
  return {
    n: sorted.length,
    p50: round(quantile(sorted, 0.5)),
    p95: round(quantile(sorted, 0.95)),
    max: round(sorted[sorted.length - 1] ?? 0),
    mean: round(sorted.length ? sum / sorted.length : 0),
  };
}

export const median = (values: readonly number[]): number =>
  quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

export function machine(chromium?: string) {
  return {
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: round(os.totalmem() / 2 ** 30, 1),
    node: process.version,
    ...(chromium ? { chromium } : {}),
  };
}

/** Installed versions of the named packages (from their package.json under node_modules). */
export function versions(names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    try {
      const file = path.join(ROOT, 'node_modules', name, 'package.json');
      out[name] = (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
    } catch {
      out[name] = 'not installed';
    }
  }
  return out;
}

/** A target of the issue, as every bench reports it (bench/run.ts reads `targets`). */
export interface Target {
  name: string;
  target: string;
  value: number;
  met: boolean;
  /**
   * An absolute time (or a count of slow frames) on this machine. On the shared 2-core CI
   * machines such a figure swings with whatever else runs, so the quick (CI) run reports it
   * without failing on it; regressions are caught there by side-by-side ratios instead. Also set
   * on a ratio whose quick-run spread on unchanged code crosses its target (the trash / timeline
   * p95): the quick run gates it as a tracked ratio against its baseline (bench/baselines.json).
   */
  timing?: true;
}

export function target(
  name: string,
  value: number,
  limit: number,
  kind: '<=' | '>=',
  options: { timing?: boolean } = {},
): Target {
  const met = kind === '<=' ? value <= limit : value >= limit;
  return {
    name,
    target: `${kind} ${limit}`,
    value: round(value, 3),
    met,
    ...(options.timing ? { timing: true as const } : {}),
  };
}

/** One headline figure for the summary table of bench/run.ts. */
export interface Headline {
  label: string;
  value: number | string;
  unit?: string;
}

export function writeResult(name: string, body: Record<string, unknown>): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.json`);
  const result = { name, date: new Date().toISOString(), quick: QUICK, ...body };
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  return file;
}

export function printTargets(targets: readonly Target[]): void {
  for (const t of targets)
    console.log(`${t.met ? 'met   ' : 'MISSED'} ${t.name}: ${t.value} (${t.target})`);
}

/** The end of a bench: headline figures, targets, and exit code 1 when a target is missed. */
export function reportTargets(headlines: readonly Headline[], targets: readonly Target[]): void {
  for (const h of headlines) console.log(`${h.label}: ${h.value}${h.unit ? ` ${h.unit}` : ''}`);
  printTargets(targets);
  if (!targets.every((t) => t.met)) process.exitCode = 1;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Every process on the machine (Linux /proc): parent, and CPU ticks of its own and of its reaped children. */
function processTable(): Map<number, { ppid: number; own: number; reaped: number }> {
  const table = new Map<number, { ppid: number; own: number; reaped: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let text: string;
    try {
      text = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    // After "pid (comm) ": ppid is field 4, utime 14, stime 15, cutime 16, cstime 17 (man 5 proc).
    const fields = text.slice(text.lastIndexOf(') ') + 2).split(' ');
    table.set(Number(entry), {
      ppid: Number(fields[1]),
      own: Number(fields[11]) + Number(fields[12]),
      reaped: Number(fields[13]) + Number(fields[14]),
    });
  }
  return table;
}

/** The pids of `table` under `root` (not `root` itself). */
function descendants(table: ReturnType<typeof processTable>, root: number): number[] {
  const under = (pid: number): boolean => {
    for (let p = table.get(pid)?.ppid, hops = 0; p !== undefined && p > 1 && hops < 64; hops++) {
      if (p === root) return true;
      p = table.get(p)?.ppid;
    }
    return false;
  };
  return [...table.keys()].filter(under);
}

/** USER_HZ: /proc counts CPU time in ticks of 1/100 s on Linux. */
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds used so far by this process and everything under it (Linux; else null): its own
 * and its live descendants' user + system time, plus what their reaped children used (cutime,
 * cstime), so Chromium's finished renderers count. On a shared machine a step's wall time says
 * how loaded the machine was; its CPU time says what the step costs.
 */
export function treeCpuSeconds(): number | null {
  try {
    const table = processTable();
    let ticks = 0;
    for (const pid of [process.pid, ...descendants(table, process.pid)]) {
      const row = table.get(pid);
      if (row) ticks += row.own + row.reaped;
    }
    return ticks / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/**
 * The CPU seconds of everything this process starts from now until stop(), sampled 4 times a
 * second: each process under this one counts with its own user + system time as last seen.
 * A child's CPU reaches this process's cutime only through an unbroken chain of waits, and
 * Chromium's renderers and GPU process are not waited for on exit: counted that way, a scroll
 * bench of ~200 CPU seconds (its cgroup's cpuacct) showed 72-95. What a process does in its last
 * quarter second, or a process that lives less, is missed; null off Linux.
 */
export function startCpuMeter(): { stop(): number | null } {
  const lastSeen = new Map<number, number>();
  let failed = false;
  const sample = () => {
    try {
      const table = processTable();
      for (const pid of descendants(table, process.pid)) lastSeen.set(pid, table.get(pid)!.own);
    } catch {
      failed = true;
    }
  };
  sample();
  const atStart = new Map(lastSeen);
  const timer = setInterval(sample, 250);
  return {
    stop() {
      clearInterval(timer);
      sample();
      if (failed) return null;
      let ticks = 0;
      for (const [pid, own] of lastSeen) ticks += own - (atStart.get(pid) ?? 0);
      return ticks / TICKS_PER_SECOND;
    },
  };
}

/** Logs a step with the seconds since the bench started, and the CPU seconds used so far. */
const started = performance.now();
export function step(message: string): void {
  const seconds = ((performance.now() - started) / 1000).toFixed(1).padStart(6);
  const cpu = treeCpuSeconds();
  const cpuText = cpu === null ? '' : `, ${cpu.toFixed(1).padStart(6)} CPU s`;
  console.log(`[${seconds} s${cpuText}] ${message}`);
}
