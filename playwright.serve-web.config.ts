import { defineConfig } from '@playwright/test';
import base, { E2E_API_PORT, E2E_WEB_PORT } from './playwright.config';
import { e2eDataDir } from './tests/e2e/harness/paths';

/**
 * Issue 31 item 6's acceptance: the web tier alone (`npm run serve:web`, configured only from the
 * environment) in front of the contract server's API on another port, and the e2e specs against
 * it (README "Deploy"):
 *
 *   E2E_WEB_PORT=4810 E2E_API_PORT=4811 npm run test:e2e -- -c playwright.serve-web.config.ts \
 *     tests/e2e/login.spec.ts tests/e2e/timeline.spec.ts
 *
 * scripts/e2e.mjs builds dist-e2e/ and seeds the library first as for every e2e run. The API is
 * `npm run server` on E2E_API_PORT (its own web listener on a free port, unused) with the
 * serve:web origin as one more web origin (CORS, login redirect); serve:web listens on
 * E2E_WEB_PORT and is told only API_ORIGIN and WEB_DIST. Specs that need the harness's test
 * controls (/__test/) do not run here: `npm run server` never switches them on. One worker.
 */
const api = `http://127.0.0.1:${E2E_API_PORT}`;
const web = `http://127.0.0.1:${E2E_WEB_PORT}`;

export default defineConfig({
  ...base,
  workers: 1,
  webServer: [
    {
      command: 'npm run server',
      url: `${api}/account_info`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        DATA_DIR: e2eDataDir(0),
        API_PORT: String(E2E_API_PORT),
        WEB_PORT: '0',
        WEB_DIST: process.env.E2E_DIST_DIR ?? 'dist-e2e',
        WEB_ORIGINS: web,
      },
    },
    {
      command: 'npm run serve:web',
      url: `${web}/app-config.json`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        API_ORIGIN: api,
        WEB_PORT: String(E2E_WEB_PORT),
        WEB_DIST: process.env.E2E_DIST_DIR ?? 'dist-e2e',
      },
    },
  ],
});
