// The contract server in-process over a seeded library kept between runs: the first run seeds
// into <dir>.partial and renames it when done, so an interrupted seed is never served.
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { startServers, type RunningServers } from '../../server/main';
import { CACHE_DIR, step } from './env';

const SEED = { users: 2, albums: 3, trash: 20 } as const;

export interface BenchServers extends RunningServers {
  webUrl: string;
  dataDir: string;
  /** Seconds spent seeding in this run (0 when the cached library was reused). */
  seededSeconds: number;
}

export function dataDirFor(files: number): string {
  return process.env.BENCH_DATA_DIR ?? path.join(CACHE_DIR, `files-${files}`);
}

/** Seeds the library of `files` files unless it is cached; returns its data directory. */
export async function ensureLibrary(files: number): Promise<{ dataDir: string; seconds: number }> {
  const dataDir = dataDirFor(files);
  if (existsSync(dataDir)) return { dataDir, seconds: 0 };
  const partial = `${dataDir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  step(`seeding ${files.toLocaleString('en')} files into ${partial} (first run only)…`);
  const started = performance.now();
  const seeding = await startServers({
    dataDir: partial,
    apiPort: 0,
    distDir: null,
    seed: { files, ...SEED },
  });
  await seeding.close();
  renameSync(partial, dataDir);
  const seconds = Math.round((performance.now() - started) / 1000);
  step(`seeded in ${seconds} s`);
  return { dataDir, seconds };
}

/** API + web listeners on free ports, serving `distDir`, over the cached library. */
export async function benchServers(
  files: number,
  distDir: string,
  webOrigins: readonly string[] = [],
  networkDelay?: { ms: number },
): Promise<BenchServers> {
  const { dataDir, seconds } = await ensureLibrary(files);
  const servers = await startServers({
    dataDir,
    apiPort: 0,
    webPort: 0,
    distDir,
    webOrigins,
    seed: { files, ...SEED },
    networkDelay,
  });
  if (!servers.webUrl) throw new Error('the web listener did not start');
  return { ...servers, webUrl: servers.webUrl, dataDir, seededSeconds: seconds };
}
