import { availableParallelism } from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.js';

// Unit tests: the client build's config plus the test settings (vitest is a devDependency, so
// they stay out of vite.config.ts). Tests run in node by default; a test that needs a DOM opts in
// with a `// @vitest-environment jsdom` docblock.
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      include: [
        'src/**/*.test.{ts,tsx}',
        'server/**/*.test.ts',
        'workers/**/*.test.ts',
        'scripts/**/*.test.ts',
        'bench/**/*.test.ts',
      ],
      environment: 'node',
      restoreMocks: true,
      // Worker threads, one per core. Vitest's default here was one forked process on a 2-core
      // machine (cores - 1): 282 s for the suite against 145 s on two threads, measured in a CPU
      // cgroup. Threads also start without a process each, which under load had timed out
      // ("Failed to start forks worker", an unhandled error that fails the run with no test
      // failed). Files stay isolated: without isolation the login throttle's and other modules'
      // state leaked between files.
      pool: 'threads',
      maxWorkers: availableParallelism(),
      // A hang guard, not a speed check: tests that hash passwords (the login throttle and
      // lockouts), build a seeded library, lay out seeded sections or stream an archive take 1-3 s
      // on a quiet machine, and went past Vitest's default 5 s when two e2e runs shared the two
      // cores (11 failed so, all passing alone).
      testTimeout: 20_000,
    },
  }),
);
