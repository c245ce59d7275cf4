// bench/baselines.json: the last accepted figures. A run fails when a tracked ratio regresses by
// more than 10% against them, or when a target is missed, unless that miss was accepted (then it
// fails only when the figure gets more than 10% worse than the accepted one). An entry may allow
// more than 10% (`tolerance`) where the figure's run-to-run spread is wider: its note says so.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, round, type Target } from './env';

export const BASELINES_FILE = path.join(ROOT, 'bench', 'baselines.json');
export const TOLERANCE = 0.1;

export type Mode = 'full' | 'quick';

export interface TrackedRatio {
  better: 'lower' | 'higher';
  note?: string;
  /** Allowed regression when 10% is inside this figure's run-to-run spread (say why in note). */
  tolerance?: number;
  full?: number;
  quick?: number;
}

export interface AcceptedMiss {
  full?: number;
  quick?: number;
  reason: string;
  tolerance?: number;
}

export interface Baselines {
  $comment?: string;
  accepted: { date: string; machine: string; chromium?: string };
  budgets: Record<string, Record<string, number>>;
  /** "<bench>.<key of the result's ratios>" */
  ratios: Record<string, TrackedRatio>;
  /** "<bench>: <target name>" */
  acceptedMisses: Record<string, AcceptedMiss>;
}

export function readBaselines(): Baselines {
  return JSON.parse(readFileSync(BASELINES_FILE, 'utf8')) as Baselines;
}

export function writeBaselines(baselines: Baselines): void {
  writeFileSync(BASELINES_FILE, `${JSON.stringify(baselines, null, 2)}\n`);
}

export type Status = 'ok' | 'FAIL' | 'accepted miss' | 'no baseline' | 'timing, not gated';

export interface Check {
  bench: string;
  check: string;
  value: number;
  expected: string;
  status: Status;
  /** Why a bench produced no result: the last lines of its stderr. */
  error?: string;
}

const lowerIsBetter = (t: Target) => t.target.startsWith('<=');

/** Worse than `accepted` by more than `tolerance`, in the figure's bad direction. */
function regressed(value: number, accepted: number, lower: boolean, tolerance = TOLERANCE) {
  return lower ? value > accepted * (1 + tolerance) : value < accepted * (1 - tolerance);
}

export function checkTarget(bench: string, t: Target, baselines: Baselines, mode: Mode): Check {
  const key = `${bench}: ${t.name}`;
  const base = { bench, check: t.name, value: t.value, expected: t.target };
  if (t.met) return { ...base, status: 'ok' };
  // Quick runs are the CI gate: an absolute time there is reported, not judged (see Target.timing).
  if (t.timing && mode === 'quick') return { ...base, status: 'timing, not gated' };
  const miss = baselines.acceptedMisses[key];
  const accepted = miss?.[mode];
  if (accepted === undefined) return { ...base, status: 'FAIL' };
  const worse = regressed(t.value, accepted, lowerIsBetter(t), miss.tolerance);
  return {
    ...base,
    expected: `${t.target} (accepted ${accepted})`,
    status: worse ? 'FAIL' : 'accepted miss',
  };
}

export function checkRatio(
  bench: string,
  key: string,
  value: number,
  tracked: TrackedRatio,
  mode: Mode,
): Check {
  const accepted = tracked[mode];
  const check = `ratio ${key} (${tracked.better} is better)`;
  if (accepted === undefined) {
    return { bench, check, value, expected: '—', status: 'no baseline' };
  }
  const tolerance = tracked.tolerance ?? TOLERANCE;
  const limit = round(
    tracked.better === 'lower' ? accepted * (1 + tolerance) : accepted * (1 - tolerance),
    3,
  );
  return {
    bench,
    check,
    value,
    expected: `${tracked.better === 'lower' ? '<=' : '>='} ${limit} (baseline ${accepted})`,
    status: regressed(value, accepted, tracked.better === 'lower', tolerance) ? 'FAIL' : 'ok',
  };
}

/** Takes this run's figures as the accepted ones (for the run's mode). */
export function accept(
  baselines: Baselines,
  mode: Mode,
  results: { bench: string; ratios: Record<string, number>; targets: Target[] }[],
  machine: string,
): Baselines {
  const next: Baselines = structuredClone(baselines);
  next.accepted = { date: new Date().toISOString().slice(0, 10), machine };
  for (const { bench, ratios, targets } of results) {
    for (const [key, value] of Object.entries(ratios)) {
      const tracked = next.ratios[`${bench}.${key}`];
      if (tracked) tracked[mode] = value;
    }
    for (const t of targets) {
      const key = `${bench}: ${t.name}`;
      if (t.met) {
        if (next.acceptedMisses[key]) delete next.acceptedMisses[key][mode];
        if (next.acceptedMisses[key] && next.acceptedMisses[key].full === undefined) {
          if (next.acceptedMisses[key].quick === undefined) delete next.acceptedMisses[key];
        }
        continue;
      }
      next.acceptedMisses[key] ??= { reason: 'accepted by bench/run.ts --accept: see README' };
      next.acceptedMisses[key][mode] = t.value;
    }
  }
  return next;
}
