// Where the e2e servers listen and keep their data, shared by playwright.config.ts, the harness
// (serve.ts, prepare.ts) and the specs (which open the SQLite database read-only to compare the UI
// with it). Change SEED_KEY (e.g. '-v2') when the seed output or the schema changes, so cached
// libraries are rebuilt.
//
// Each Playwright worker has servers of its own (a slot): its own ports and its own copy of the
// seeded library, so specs running at the same time never see each other's uploads, faults,
// quotas or settings. Slot n listens on the base ports + 2n and keeps its data in <dir>-w<n>.
import { availableParallelism } from 'node:os';
import path from 'node:path';

// -v2: day_counts count only what the timeline shows (no live photos' movies).
export const SEED_KEY: string = '-v3';

/** The number of files the harness seeds (E2E_SEED_FILES, default 2,000,000). */
export function e2eSeedFiles(): number {
  return Number(process.env.E2E_SEED_FILES ?? 2_000_000);
}

/** What the harness seeds: the demo user's library of e2eSeedFiles() files, a second user, albums, trash. */
export function e2eSeed() {
  return { files: e2eSeedFiles(), users: 2, albums: 3, trash: 20 };
}

/**
 * Playwright workers, one slot of servers each: E2E_WORKERS, else one per core. Measured on this
 * project's 2-core machines in a CPU cgroup (2026-11-29), with the page composited in software,
 * a trace only on retry and sessions made through the API: the 154 tests took 1,327 s on one
 * worker (1.5 cores busy: a test often waits on its GPU process or a timer) and 1,039 s on two
 * (1.9 cores). Before those three changes the GPU process and the traces kept both cores busy
 * with one worker, and a second one only stretched every test.
 */
export function e2eWorkers(): number {
  return Math.max(1, Number(process.env.E2E_WORKERS ?? availableParallelism()));
}

/**
 * The slot this process belongs to: a Playwright worker's parallel index (TEST_PARALLEL_INDEX,
 * 0 .. workers - 1, set by Playwright in each worker), the harness's E2E_SLOT, else 0.
 */
export function e2eSlot(): number {
  return Number(process.env.TEST_PARALLEL_INDEX ?? process.env.E2E_SLOT ?? 0);
}

/** The ports of a slot: E2E_WEB_PORT / E2E_API_PORT (default 4180 / 4181) + 2 × slot. */
export function e2ePorts(slot = e2eSlot()): { web: number; api: number } {
  return {
    web: Number(process.env.E2E_WEB_PORT ?? 4180) + 2 * slot,
    api: Number(process.env.E2E_API_PORT ?? 4181) + 2 * slot,
  };
}

/** E2E_DATA_DIR, else a cache dir keyed by library size and SEED_KEY; slot n adds `-w<n>`. */
export function e2eDataDir(slot = e2eSlot()): string {
  const key = `files-${e2eSeedFiles()}${SEED_KEY}`;
  const base = process.env.E2E_DATA_DIR ?? path.resolve('node_modules/.cache/capture-e2e', key);
  return slot === 0 ? base : `${base}-w${slot}`;
}

/** The SQLite database inside the data dir (open it with { readonly: true, fileMustExist: true }). */
export function e2eDatabasePath(): string {
  return path.join(e2eDataDir(), 'capture.db');
}
