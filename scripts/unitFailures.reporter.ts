// A Vitest reporter for `npm test` (scripts/test.mjs): writes what failed outside any one test —
// errors thrown while a test file loaded or in its hooks, and unhandled errors (a rejection or a
// timer that fired after its test ended) — to a JSON file, so the end of the run can name them.
// Vitest fails the run on either, while its JSON report counts no failed test for them: a CI log
// that keeps only the end then said "unit tests FAIL" with nothing failed.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, SerializedError, TestModule } from 'vitest/node';

const OUTPUT = process.env.UNIT_FAILURES_FILE ?? '.test-reports/unit-failures.json';

const brief = (error: SerializedError) => ({
  name: error.name ?? 'Error',
  message: String(error.message ?? '').slice(0, 500),
  stack: String(error.stack ?? '')
    .split('\n')
    .slice(0, 6)
    .join('\n'),
});

export default class UnitFailuresReporter implements Reporter {
  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
  ): void {
    const modules = testModules
      .filter((module) => module.errors().length > 0)
      .map((module) => ({
        file: path.relative(process.cwd(), module.moduleId),
        errors: module.errors().map((error) => brief(error)),
      }));
    mkdirSync(path.dirname(OUTPUT), { recursive: true });
    writeFileSync(
      OUTPUT,
      JSON.stringify({ modules, unhandled: unhandledErrors.map((e) => brief(e)) }, null, 2),
    );
  }
}
