// The client built with test hooks (VITE_TEST_HOOKS=1 publishes window.__capture): what the e2e
// specs and the benches that open the app run against. `npm test` builds it once and hands the
// folder to both (scripts/e2e.mjs with E2E_SKIP_BUILD=1, bench/run.ts with BENCH_APP_DIR).
import { npx } from './run.mjs';

/** Parallel local runs (several people or agents on one machine) use their own build dir. */
export const e2eDistDir = () => process.env.E2E_DIST_DIR ?? 'dist-e2e';

/** `vite build` with test hooks into `outDir`; resolves with its exit code. */
export function buildTestClient(outDir = e2eDistDir()) {
  return npx(['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    env: { ...process.env, VITE_TEST_HOOKS: '1' },
  });
}
