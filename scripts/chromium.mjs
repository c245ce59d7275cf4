// Finds a Chromium for Playwright. Playwright's own browser download is not possible on every
// machine (closed networks), so the tests use the system's Chromium:
//   1. CHROMIUM_PATH, when set;
//   2. a Chromium or Chrome on the usual paths;
//   3. as root on Debian/Ubuntu: installs Debian's `chromium` package with apt-get;
//   4. otherwise: says exactly what to do, and fails.
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { runQuietly } from './run.mjs';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome-stable',
  '/usr/bin/google-chrome',
  '/snap/bin/chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

function executable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (executable(fromEnv)) return fromEnv;
    throw new Error(`CHROMIUM_PATH is set to "${fromEnv}", but no executable is there.`);
  }
  return CANDIDATES.find(executable) ?? null;
}

const canInstall = () =>
  typeof process.getuid === 'function' && process.getuid() === 0 && hasCommand('apt-get');
const INSTALLING = 'No Chromium found: installing Debian\'s "chromium" package with apt-get…';
const APT_ENV = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };

/** What to do when no Chromium can be had. */
export const NO_CHROMIUM = [
  'The end-to-end tests need Chromium, and none was found.',
  'Do one of these, then run the command again:',
  '  - Debian/Ubuntu: sudo apt-get install -y chromium   (or run the tests as root: they install it)',
  '  - macOS: install Google Chrome or Chromium into /Applications',
  '  - anywhere: set CHROMIUM_PATH=/path/to/chromium (Chromium or Chrome, version 120 or newer)',
].join('\n');

/** A Chromium's path, installing Debian's package when allowed; exits with advice when none. */
export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  if (canInstall()) {
    console.log(INSTALLING);
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env: APT_ENV });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: APT_ENV,
    });
    const installed = findChromium();
    if (installed) return installed;
  }
  console.error(NO_CHROMIUM);
  process.exit(1);
}

/**
 * The same search without blocking or exiting: npm test starts it first and awaits it only before
 * the e2e step, so a Chromium install (minutes on a new machine) overlaps the check and unit
 * tests. Resolves with the path, or null (with the reason printed) when none can be had.
 */
export async function locateChromium() {
  let found;
  try {
    found = findChromium();
  } catch (error) {
    console.error(error.message);
    return null;
  }
  if (found) return found;
  if (canInstall()) {
    console.log(`${INSTALLING} (in the background)`);
    for (const args of [
      ['update', '-qq'],
      ['install', '-y', '-qq', 'chromium'],
    ]) {
      const { code, output } = await runQuietly('apt-get', args, { env: APT_ENV });
      if (code !== 0) {
        console.error(`apt-get ${args.join(' ')} failed (${code}):\n${output.slice(-2000)}`);
        break;
      }
    }
    const installed = findChromium();
    if (installed) return installed;
  }
  console.error(NO_CHROMIUM);
  return null;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(ensureChromium());
}
