// CPU seconds per test, for finding where the e2e suite's CPU goes (issue 35 step 5). On a
// machine with cgroup v1's cpuacct, put the shell in a cgroup of its own and run one worker:
//
//   mkdir /sys/fs/cgroup/cpuacct/e2e; echo $$ > /sys/fs/cgroup/cpuacct/e2e/tasks
//   E2E_CPU_CGROUP=/sys/fs/cgroup/cpuacct/e2e E2E_WORKERS=1 npm run test:e2e -- \
//     --reporter=list,./tests/e2e/harness/cpuReporter.ts tests/e2e/privacy.spec.ts
//
// The cgroup counts the servers, Chromium's every process and the test runner; /proc's children
// times miss Chromium's processes that end before their parent reaps them (about 3 times less).
// With one worker the tests run one after another, so the difference across a test is its own
// (its beforeAll included). Reporters run in the runner's process, which stays in the cgroup.
import { readFileSync } from 'node:fs';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

const cgroup = process.env.E2E_CPU_CGROUP;
const cpuSeconds = () =>
  cgroup ? Number(readFileSync(`${cgroup}/cpuacct.usage`, 'utf8')) / 1e9 : Number.NaN;

export default class CpuReporter implements Reporter {
  private runStart = 0;
  private readonly started = new Map<string, { cpu: number; at: number }>();
  private readonly perFile = new Map<string, number>();

  onBegin(): void {
    if (!cgroup) console.log('cpuReporter: set E2E_CPU_CGROUP to a cpuacct cgroup directory');
    this.runStart = cpuSeconds();
  }

  onTestBegin(test: TestCase): void {
    this.started.set(test.id, { cpu: cpuSeconds(), at: Date.now() });
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const start = this.started.get(test.id)!;
    const cpu = cpuSeconds() - start.cpu;
    const file = test.location.file.slice(test.location.file.lastIndexOf('/') + 1);
    this.perFile.set(file, (this.perFile.get(file) ?? 0) + cpu);
    const wall = (Date.now() - start.at) / 1000;
    console.log(
      `cpu ${cpu.toFixed(1)} s, wall ${wall.toFixed(1)} s, ${result.status}: ${file} › ${test.title}`,
    );
  }

  onEnd(): void {
    for (const [file, cpu] of [...this.perFile].sort((a, b) => b[1] - a[1])) {
      console.log(`cpu ${cpu.toFixed(1)} s: ${file}`);
    }
    console.log(`cpu ${(cpuSeconds() - this.runStart).toFixed(1)} s: the whole run`);
  }
}
