// Builds the client with test hooks into dist-e2e/ (E2E_DIST_DIR) and runs the Playwright specs in
// Chromium. E2E_SKIP_BUILD=1 runs them against the build already there (npm test builds once for
// the e2e specs and the bench).
import { buildTestClient } from './buildClient.mjs';
import { ensureChromium } from './chromium.mjs';
import { npx } from './run.mjs';

const extra = process.argv.slice(2);
process.env.CHROMIUM_PATH = ensureChromium();

if (process.env.E2E_SKIP_BUILD !== '1') {
  const build = await buildTestClient();
  if (build !== 0) process.exit(build);
}
// The seeded library, once for every worker slot (tests/e2e/harness/prepare.ts).
const prepared = await npx(['tsx', 'tests/e2e/harness/prepare.ts']);
if (prepared !== 0) process.exit(prepared);
process.exit(await npx(['playwright', 'test', ...extra]));
