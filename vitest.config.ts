import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.js';

const TEST_ROOTS = ['src', 'server', 'workers', 'scripts', 'bench'];
const TEST_FILE = /\.test\.tsx?$/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(full);
    return TEST_FILE.test(entry.name) ? [full.split(path.sep).join('/')] : [];
  });
}

/**
 * Files that keep a worker of their own: those that set the scene before their imports (a
 * vi.hoisted call as a statement, run for what it does), for libraries that look at it once, when
 * they load (node_modules stay loaded in a shared worker). A vi.hoisted whose result is kept
 * (`const x = vi.hoisted(...)`) makes values for the file's mocks, and shares. Files that replace
 * modules (vi.mock, vi.doMock) share workers: Vitest keeps the mocks of each test file apart (a
 * registry per file; registering a mock drops the mocked module an earlier file built) and the
 * setup file's vi.resetModules() drops our modules that imported a mock.
 */
function needsOwnWorker(file: string): boolean {
  return /^[ \t]*(await[ \t]+)?vi\.hoisted\(/m.test(readFileSync(file, 'utf8'));
}

/** Files that run in jsdom (`// @vitest-environment jsdom`); the others run in node. */
function usesDom(file: string): boolean {
  return /@vitest-environment\s+jsdom\b/.test(readFileSync(file, 'utf8'));
}

const allFiles = TEST_ROOTS.flatMap((root) => testFiles(root));
const ownWorker = allFiles.filter(needsOwnWorker);
const sharedDom = allFiles.filter((file) => !ownWorker.includes(file) && usesDom(file));

/** The settings of the files that share workers (projects shared-dom and shared-node). */
const shared = {
  isolate: false,
  setupFiles: ['scripts/sharedWorker.setup.ts'],
  // i18next and react-i18next hold the default instance that initI18n sets up: loaded with our
  // modules, each file gets its own.
  server: { deps: { inline: ['i18next', 'react-i18next'] } },
};

// Unit tests: the client build's config plus the test settings (vitest is a devDependency, so
// they stay out of vite.config.ts). Tests run in node by default; a test that needs a DOM opts in
// with a `// @vitest-environment jsdom` docblock.
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'node',
      restoreMocks: true,
      // Worker threads, one per core. Vitest's default here was one forked process on a 2-core
      // machine (cores - 1): 282 s for the suite against 145 s on two threads, measured in a CPU
      // cgroup. Threads also start without a process each, which under load had timed out
      // ("Failed to start forks worker", an unhandled error that fails the run with no test
      // failed).
      pool: 'threads',
      maxWorkers: availableParallelism(),
      // A hang guard, not a speed check: tests that hash passwords (the login throttle and
      // lockouts), build a seeded library, lay out seeded sections or stream an archive take 1-3 s
      // on a quiet machine, and went past Vitest's default 5 s when two e2e runs shared the two
      // cores (11 failed so, all passing alone).
      testTimeout: 20_000,
      // The same guard for hooks: jobs.test.ts seeds 20,000 files in its beforeAll, which went
      // past Vitest's default 10 s under a load of 19 on the two cores.
      hookTimeout: 20_000,
      projects: [
        // A new worker per file costs ~0.35 CPU s in node and ~2.5 s in jsdom (Vitest, zod,
        // React, jsdom... imported again): these files share workers; the setup file gives each
        // file fresh modules of ours and fails a file that leaves globals, env or fake timers
        // changed (scripts/sharedWorker.setup.ts). A worker is kept for the next file only when
        // that file is of the same project and environment, and files are queued by project:
        // the jsdom files are a project of their own, so that they come one after another.
        // In one project with the node files they came interleaved, and 76 workers ran the 286
        // files (39 of them jsdom workers).
        { extends: true, test: { name: 'shared-dom', include: sharedDom, ...shared } },
        {
          extends: true,
          test: {
            name: 'shared-node',
            include: TEST_ROOTS.map((root) => `${root}/**/*.test.{ts,tsx}`),
            exclude: [...ownWorker, ...sharedDom],
            ...shared,
          },
        },
        { extends: true, test: { name: 'own-worker', include: ownWorker } },
      ],
    },
  }),
);
