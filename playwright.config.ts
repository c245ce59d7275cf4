import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './scripts/chromiumArgs';
import { e2ePorts, e2eWorkers } from './tests/e2e/harness/paths';

const WORKERS = e2eWorkers();
/**
 * This process's servers: in a worker, its own slot's (tests/e2e/harness/paths.ts: each worker
 * has its own servers and library, so the specs of two workers never share state).
 */
const PORTS = e2ePorts();
export const E2E_WEB_PORT = PORTS.web;
export const E2E_API_PORT = PORTS.api;

/**
 * Real Chromium (the system's, see scripts/chromium.mjs) against the real servers, with
 * SwiftShader so WebGL2 works without a GPU.
 *
 * The page is composited in software (--disable-gpu-compositing; WebGL still draws through
 * SwiftShader): compositing through SwiftShader's emulated GL cost about 3 CPU seconds per
 * timeline load on this project's 2-core machines (every CSS animation frame of a spinner or a
 * fade went through it), which the specs do not test. The benches keep Chromium's own choice.
 *
 * A trace is recorded on a retry only (E2E_TRACE=retain-on-failure to record every test): recording
 * one for every test, screenshots and DOM snapshots at each action, took about half as much CPU
 * again as the tests themselves.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Screenshot baselines (toHaveScreenshot, tests/e2e/screens.spec.ts) are committed next to the
  // specs, without Playwright's platform suffix: the CI machine runs this same Debian image and
  // its Chromium (/usr/bin/chromium) and fonts, so one set holds for both. After a change of look
  // made on purpose: `npm run test:e2e -- tests/e2e/screens.spec.ts --update-snapshots`, then look
  // at the new PNGs before committing them (README, "Screenshots").
  snapshotPathTemplate: 'tests/e2e/__screenshots__/{testFilePath}/{arg}{ext}',
  fullyParallel: false,
  workers: WORKERS,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    // A click or fill that waits for its element gives up after 30 s with a log of what it waited
    // for (covered, moving, disabled), not at the test's timeout, minutes on, with no word of it.
    actionTimeout: 30_000,
    baseURL: `http://127.0.0.1:${E2E_WEB_PORT}`,
    trace: (process.env.E2E_TRACE as 'retain-on-failure' | undefined) ?? 'on-first-retry',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [...CHROMIUM_ARGS, '--disable-gpu-compositing'],
    },
  },
  // One pair of servers per worker slot.
  webServer: Array.from({ length: WORKERS }, (_, slot) => ({
    command: 'npx --no-install tsx tests/e2e/harness/serve.ts',
    url: `http://127.0.0.1:${e2ePorts(slot).web}/app-config.json`,
    reuseExistingServer: false,
    // Without scripts/e2e.mjs's prepare step, a first run seeds the library here (2,000,000 files
    // take a few minutes on 2 cores).
    timeout: 600_000,
    env: { E2E_SLOT: String(slot) },
  })),
});
