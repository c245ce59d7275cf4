// Where the e2e servers keep their data, shared by the harness (serve.ts) and the specs (which
// open the SQLite database read-only to compare the UI with it). Change SEED_KEY (e.g. '-v2') when
// the seed output or the schema changes, so cached libraries are rebuilt.
import path from 'node:path';

// -v2: day_counts count only what the timeline shows (no live photos' movies).
export const SEED_KEY: string = '-v3';

/** The number of files the harness seeds (E2E_SEED_FILES, default 2,000,000). */
export function e2eSeedFiles(): number {
  return Number(process.env.E2E_SEED_FILES ?? 2_000_000);
}

/** E2E_DATA_DIR, else a cache dir keyed by library size and SEED_KEY. */
export function e2eDataDir(): string {
  const key = `files-${e2eSeedFiles()}${SEED_KEY}`;
  return process.env.E2E_DATA_DIR ?? path.resolve('node_modules/.cache/capture-e2e', key);
}

/** The SQLite database inside the data dir (open it with { readonly: true, fileMustExist: true }). */
export function e2eDatabasePath(): string {
  return path.join(e2eDataDir(), 'capture.db');
}
