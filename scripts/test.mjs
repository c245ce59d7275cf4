// `npm test`: the quality gates, the unit tests, the end-to-end tests in Chromium, then the quick
// bench (issue 5: it fails on a regression against bench/baselines.json). Ends with one
// "N passed, N failed" line over unit tests, e2e tests and bench checks together.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';
import { resolve } from 'node:path';
import { buildTestClient, e2eDistDir } from './buildClient.mjs';
import { locateChromium } from './chromium.mjs';
import { buildNativeModules } from './nativeModules.mjs';
import { npx, run, runQuietly } from './run.mjs';

// Not under test-results/: Playwright empties that folder when it starts.
const reports = '.test-reports';
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

const steps = [];
/** Steps that could not run (no Chromium): named in the summary, and the run fails. */
const skippedSteps = [];
/**
 * CPU seconds used by this process's finished children (Linux: /proc/self/stat cutime + cstime),
 * else null. Beside a step's wall time it tells what the step costs on a machine that others share
 * (a busy machine stretches the wall time, not the CPU time). A background job's CPU counts in the
 * step during which it ends.
 */
function childrenCpuSeconds() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // After "pid (comm) ": state is field 3, cutime 16, cstime 17 (1-based, man 5 proc).
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}

async function step(name, fn) {
  console.log(`\n── ${name} ──`);
  const started = Date.now();
  const cpuBefore = childrenCpuSeconds();
  const code = await fn();
  const cpuAfter = childrenCpuSeconds();
  const cpu = cpuBefore === null || cpuAfter === null ? null : Math.round(cpuAfter - cpuBefore);
  steps.push({ name, code, seconds: Math.round((Date.now() - started) / 1000), cpu });
  return code;
}

// First, in the background: better-sqlite3's native part, when `npm ci --ignore-scripts` left it
// unbuilt (.ci/run; scripts/nativeModules.mjs): sqlite3.c compiles on one core for about a minute,
// beside the check, which needs no native module. The unit tests and the e2e library need it.
const nativeBuilt = buildNativeModules();
// Meanwhile: the Chromium is looked for (and on a new Debian machine installed).
const chromiumFound = locateChromium();

// The check (typecheck and lint in one thread for most of its time, scripts/typesAndLint.mjs;
// the format check beside it), then the unit tests on both cores beside its end, with the e2e
// library's seeding in the background (tests/e2e/harness/prepare.ts: one thread for a minute or
// so). `node scripts/check.mjs` is `npm run check` without an npm process (a second of CPU). Its
// output is printed whole when it ends (after the unit tests' own).
const checked = runQuietly(process.execPath, ['scripts/check.mjs'], { detached: false });
/** Waits for the check (before the e2e specs, which it would slow) and prints its result. */
async function checkDone() {
  const check = await checked;
  console.log(`\n── check (typecheck, lint, format; ${check.seconds}s) ──\n${check.output}`);
  steps.push({ name: 'check (typecheck, lint, format)', code: check.code, seconds: check.seconds });
}
const native = await nativeBuilt;
if (native.built) {
  console.log(
    `\n── better-sqlite3 built (beside the check, ${native.seconds}s) ──` +
      (native.code === 0 ? '' : `\n${native.output}`),
  );
  steps.push({ name: 'better-sqlite3 build', code: native.code, seconds: native.seconds });
}
const libraryPrepared = runQuietly('npx', ['--no-install', 'tsx', 'tests/e2e/harness/prepare.ts']);
await step('unit tests (vitest, beside the check)', () =>
  npx([
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${reports}/unit.json`,
    '--reporter=./scripts/unitFailures.reporter.ts',
  ]),
);

const chromium = await chromiumFound;
const distDir = e2eDistDir();
let benchStarted = Infinity;
if (chromium) {
  process.env.CHROMIUM_PATH = chromium;
  // One client build with test hooks for the e2e specs and the benches that open the app.
  const built = await step('client build with test hooks', () => buildTestClient(distDir));
  await checkDone();
  const library = await libraryPrepared;
  console.log(
    `\n── e2e library (seeded in the background, ${library.seconds}s) ──\n${library.output}`,
  );
  steps.push({
    name: 'e2e library (in the background)',
    code: library.code,
    seconds: library.seconds,
  });
  if (built === 0 && library.code === 0) {
    await step('end-to-end tests (playwright, chromium)', () =>
      run('node', ['scripts/e2e.mjs'], {
        env: {
          ...process.env,
          E2E_SKIP_BUILD: '1',
          PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/e2e.json`,
        },
      }),
    );
    benchStarted = Date.now();
    await step('quick bench (regressions against bench/baselines.json)', () =>
      run('node', ['--import', 'tsx', 'bench/run.ts', '--quick'], {
        env: { ...process.env, BENCH_APP_DIR: resolve(distDir) },
      }),
    );
  }
} else {
  await checkDone();
  libraryPrepared.stop();
  skippedSteps.push('end-to-end tests (playwright, chromium)', 'quick bench');
}

/** How many e2e tests there are (Playwright lists them without a browser). */
function listedE2eTests() {
  const listed = spawnSync('npx', ['--no-install', 'playwright', 'test', '--list'], {
    encoding: 'utf8',
  });
  return Number(/Total: (\d+) tests?/.exec(listed.stdout ?? '')?.[1] ?? 0);
}

const unit = readJson(`${reports}/unit.json`);
const e2e = readJson(`${reports}/e2e.json`);
let passed = 0;
let failed = 0;
let skipped = 0;
if (unit) {
  passed += unit.numPassedTests;
  failed += unit.numFailedTests;
  skipped += unit.numPendingTests + (unit.numTodoTests ?? 0);
}
if (skippedSteps.length > 0) skipped += listedE2eTests();
if (e2e?.stats) {
  // A flaky test failed first and passed on retry: it passed, and Playwright lists it.
  passed += e2e.stats.expected + (e2e.stats.flaky ?? 0);
  failed += e2e.stats.unexpected;
  skipped += e2e.stats.skipped;
}

// Each bench check (target, ratio, produced-its-result) counts as one test.
// Only a summary written by this run counts (the committed one is from an earlier run).
// (bench/support/env.ts: a quick run writes under bench/results/quick/, which git ignores.)
const benchSummary = 'bench/results/quick/summary.quick.json';
const bench =
  existsSync(benchSummary) && statSync(benchSummary).mtimeMs >= benchStarted
    ? readJson(benchSummary)
    : null;
if (bench?.checks) {
  for (const check of bench.checks) {
    if (check.status === 'FAIL') failed += 1;
    else passed += 1;
  }
}

/** The titles of the e2e tests that failed (their last attempt), as `file:line › title`. */
function failedE2e(report) {
  const titles = [];
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const last = t.results?.at(-1);
        if (t.status === 'unexpected' && last) {
          const where = `${spec.file}:${spec.line}`;
          // Without the terminal's colour codes: a CI log shows them as text.
          const message = stripVTControlCharacters(last.error?.message ?? '');
          const error = message.split('\n')[0].slice(0, 200);
          titles.push(`${where} › ${[...path, spec.title].join(' › ')}: ${error}`);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
  return titles;
}

console.log('\n── summary ──');
for (const s of steps) {
  const cpu = s.cpu === null || s.cpu === undefined ? '' : `, ${s.cpu}s CPU`;
  console.log(`${s.code === 0 ? 'ok  ' : 'FAIL'} ${s.name} (${s.seconds}s${cpu})`);
}
for (const name of skippedSteps) console.log(`SKIP ${name}: no Chromium (see above)`);
const anyStepFailed = steps.some((s) => s.code !== 0) || skippedSteps.length > 0;
// A failed gate counts, even with no failing test (a run with skipped steps fails, but counts its
// tests as skipped).
if (steps.some((s) => s.code !== 0) && failed === 0) failed = 1;
if (skippedSteps.length > 0) {
  console.log('npm test is incomplete: the checks and unit tests ran; e2e and bench did not.');
}
// Named last, so that the end of the output (all a CI log may keep) says what failed.
for (const title of failedE2e(e2e)) console.log(`failed e2e: ${title}`);
for (const file of unit?.testResults ?? []) {
  for (const t of file.assertionResults ?? []) {
    if (t.status === 'failed') console.log(`failed unit: ${file.name} › ${t.fullName}`);
  }
}
// Failures outside any one test (a file that did not load, a hook, an unhandled error): Vitest
// fails the step on them while its JSON report counts no failed test (scripts/unitFailures.reporter.ts).
const unitFailures = readJson(`${reports}/unit-failures.json`);
for (const module of unitFailures?.modules ?? []) {
  for (const error of module.errors) {
    console.log(`failed unit file: ${module.file}: ${error.name}: ${error.message.split('\n')[0]}`);
  }
}
for (const error of unitFailures?.unhandled ?? []) {
  console.log(`unhandled unit error: ${error.name}: ${error.message.split('\n')[0]}`);
  console.log(error.stack.replace(/^/gm, '    '));
}
for (const check of bench?.checks ?? []) {
  if (check.status === 'FAIL') console.log(`failed bench check: ${JSON.stringify(check)}`);
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(anyStepFailed ? 1 : 0);
