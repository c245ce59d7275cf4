// The servers the end-to-end tests run against: the real contract server (API + web) with its
// SQLite database, serving the client built with test hooks (dist-e2e/), with the test-only
// controls (/__test/faults, /__test/max_space) switched on. The seeded library is kept between
// local runs under node_modules/.cache (keyed by its size and seed version); CI starts fresh.
import { existsSync, mkdirSync } from 'node:fs';
import { startServers } from '../../../server/main';
import { e2eDataDir, e2eSeedFiles } from './paths';

const webPort = Number(process.env.E2E_WEB_PORT ?? 4180);
const apiPort = Number(process.env.E2E_API_PORT ?? 4181);
const files = e2eSeedFiles();
const dataDir = e2eDataDir();

if (!existsSync(dataDir)) mkdirSync(dataDir, { recursive: true });
const started = Date.now();
const servers = await startServers({
  dataDir,
  apiPort,
  webPort,
  distDir: process.env.E2E_DIST_DIR ?? 'dist-e2e',
  seed: { files, users: 2, albums: 3, trash: 20 },
  testControls: true,
});
console.log(
  `e2e servers ready in ${Math.round((Date.now() - started) / 1000)} s: web ${servers.webUrl}, api ${servers.apiUrl}, ${files} files`,
);

const stop = async () => {
  await servers.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
