// The one native module the project builds from source: better-sqlite3 (the contract server's
// database). No prebuilt binary can be downloaded here, so its install script compiles sqlite3.c,
// about a minute on one core. `.ci/run` installs with `npm ci --ignore-scripts`, and `npm test`
// builds it here instead, beside the check (typecheck, lint, format), which needs no native
// module: the minute on one core no longer holds up the other. After a plain `npm install` or
// `npm ci` the module is built already, and this finds it and does nothing.
import { spawnSync } from 'node:child_process';
import { runQuietly } from './run.mjs';

/** Whether better-sqlite3 loads and opens a database (its native part is built). */
export function betterSqliteLoads() {
  const probe = spawnSync(
    process.execPath,
    ['-e', "new (require('better-sqlite3'))(':memory:').close()"],
    { stdio: 'ignore' },
  );
  return probe.status === 0;
}

/**
 * The native modules' install scripts, when they have not run: esbuild's (a second: it checks
 * its binary and links it as its command) at once, better-sqlite3's (the compile) in the
 * background. Resolves with { code, output, seconds, built } once better-sqlite3 loads; `built`
 * says whether this run compiled it.
 */
export function buildNativeModules() {
  if (betterSqliteLoads()) {
    return Promise.resolve({ code: 0, output: '', seconds: 0, built: false });
  }
  spawnSync('npm', ['rebuild', 'esbuild', '--no-audit', '--no-fund'], { stdio: 'ignore' });
  const rebuild = runQuietly('npm', ['rebuild', 'better-sqlite3', '--foreground-scripts'], {
    // node-gyp's make on every core (its two translation units side by side).
    env: { ...process.env, JOBS: process.env.JOBS ?? 'max' },
  });
  return rebuild.then((result) => {
    const code = result.code === 0 && !betterSqliteLoads() ? 1 : result.code;
    return { ...result, code, built: true };
  });
}
