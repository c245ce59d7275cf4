import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './scripts/chromiumArgs';

export const E2E_WEB_PORT = Number(process.env.E2E_WEB_PORT ?? 4180);
export const E2E_API_PORT = Number(process.env.E2E_API_PORT ?? 4181);

/**
 * Real Chromium (the system's, see scripts/chromium.mjs) against the real servers, with
 * SwiftShader so WebGL2 works without a GPU.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_WEB_PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [...CHROMIUM_ARGS],
    },
  },
  webServer: {
    command: 'npx --no-install tsx tests/e2e/harness/serve.ts',
    url: `http://127.0.0.1:${E2E_WEB_PORT}/app-config.json`,
    reuseExistingServer: false,
    // The first run seeds the library (2,000,000 files take a few minutes on 2 cores).
    timeout: 600_000,
    env: { E2E_WEB_PORT: String(E2E_WEB_PORT), E2E_API_PORT: String(E2E_API_PORT) },
  },
});
