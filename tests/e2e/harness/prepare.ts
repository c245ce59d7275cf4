// Run by scripts/e2e.mjs before Playwright: seeds the e2e library once (into <dir>.partial,
// renamed when done, so an interrupted seed is never served) and copies it to each further
// worker slot that has none (paths.ts), instead of every slot's server seeding its own. A slot's
// copy is kept between local runs like the first one; CI starts fresh.
import { cpSync, existsSync, renameSync, rmSync } from 'node:fs';
import { startServers } from '../../../server/main';
import { e2eDataDir, e2eSeed, e2eWorkers } from './paths';

const base = e2eDataDir(0);
if (!existsSync(base)) {
  const partial = `${base}.partial`;
  rmSync(partial, { recursive: true, force: true });
  const seed = e2eSeed();
  console.log(
    `seeding the e2e library: ${seed.files.toLocaleString('en')} files (first run only)…`,
  );
  const started = Date.now();
  const seeding = await startServers({ dataDir: partial, apiPort: 0, distDir: null, seed });
  await seeding.close();
  renameSync(partial, base);
  console.log(`seeded in ${Math.round((Date.now() - started) / 1000)} s`);
}
for (let slot = 1; slot < e2eWorkers(); slot++) {
  const dir = e2eDataDir(slot);
  if (existsSync(dir)) continue;
  const partial = `${dir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  cpSync(base, partial, { recursive: true });
  renameSync(partial, dir);
}
