// Builds the client with test hooks into dist-e2e/ and runs the Playwright specs in Chromium.
import { ensureChromium } from './chromium.mjs';
import { npx } from './run.mjs';

const extra = process.argv.slice(2);
// Parallel local runs (several people or agents on one machine) use their own build dir and ports.
const distDir = process.env.E2E_DIST_DIR ?? 'dist-e2e';
process.env.CHROMIUM_PATH = ensureChromium();

const build = await npx(
  ['vite', 'build', '--outDir', distDir, '--emptyOutDir', '--logLevel', 'warn'],
  {
    env: { ...process.env, VITE_TEST_HOOKS: '1' },
  },
);
if (build !== 0) process.exit(build);
process.exit(await npx(['playwright', 'test', ...extra]));
