// The servers one worker slot of the end-to-end tests runs against (paths.ts): the real contract
// server (API + web) with its SQLite database, serving the client built with test hooks
// (dist-e2e/), with the test-only controls (/__test/faults, /__test/max_space) switched on.
// playwright.config.ts starts one per slot (E2E_SLOT). The seeded library is kept between local
// runs under node_modules/.cache (keyed by its size and seed version); CI starts fresh.
// scripts/e2e.mjs seeds it once for every slot first (prepare.ts); started on its own, a slot
// without a library seeds its own.
import { existsSync, mkdirSync } from 'node:fs';
import { startServers } from '../../../server/main';
import { e2eDataDir, e2ePorts, e2eSeed, e2eSlot } from './paths';

const slot = e2eSlot();
const { web: webPort, api: apiPort } = e2ePorts(slot);
const seed = e2eSeed();
const dataDir = e2eDataDir(slot);

if (!existsSync(dataDir)) mkdirSync(dataDir, { recursive: true });
const started = Date.now();
const servers = await startServers({
  dataDir,
  apiPort,
  webPort,
  distDir: process.env.E2E_DIST_DIR ?? 'dist-e2e',
  seed,
  testControls: true,
});
console.log(
  `e2e servers of slot ${slot} ready in ${Math.round((Date.now() - started) / 1000)} s: web ${servers.webUrl}, api ${servers.apiUrl}, ${seed.files} files`,
);

const stop = async () => {
  await servers.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
