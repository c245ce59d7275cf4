/*
 * Where the main thread's time goes during the scroll bench's flings on /photos: a CDP
 * sampling profile over a client built without minification (readable names), aggregated by
 * function (self time). A diagnostic, not a bench: no targets; writes
 * bench/results/profile.json. Run: npx tsx bench/profile.ts [--quick]
 * (Its --upload-ab, which profiled the two texture upload policies of issue 19 side by side, went
 * with the "count" policy in issue 35: texSubImage3D's self time is in the profile's top list.)
 */
import path from 'node:path';
import { launchBrowser, newBenchPage, signIn } from './support/browser';
import { buildApp } from './support/build';
import { CACHE_DIR, machine, QUICK, round, sleep, step, writeResult } from './support/env';
import { galleryDriver, waitForEngine, waitForScene } from './support/galleryDriver';
import { FULL_PLAN, smoothScroll } from './support/scrollScript';
import { benchServers } from './support/servers';

const FILES = QUICK ? 200_000 : 1_000_000;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

/** Self time per function (ms), from sample counts and the profile's mean sample interval. */
function selfTimes(profile: Profile) {
  const samples = profile.samples ?? [];
  const interval = (profile.endTime - profile.startTime) / Math.max(1, samples.length) / 1000;
  const hits = new Map<number, number>();
  for (const id of samples) hits.set(id, (hits.get(id) ?? 0) + 1);
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const count = hits.get(node.id) ?? 0;
    if (count === 0) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url ? `${url.replace(/^.*\/assets\//, '')}:${lineNumber + 1}` : '';
    const name = `${functionName || '(anonymous)'}${where ? ` ${where}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + count * interval);
  }
  const total = [...byFunction.values()].reduce((a, b) => a + b, 0);
  return {
    sampledMs: round(total, 1),
    top: [...byFunction]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 25)
      .map(([name, ms]) => ({ name, selfMs: round(ms, 1), percent: round((100 * ms) / total, 1) })),
  };
}

const outDir = path.join(CACHE_DIR, 'dist-profile');
const app = await buildApp('dist-profile', {
  testHooks: true,
  plugins: [{ name: 'bench-no-minify', config: () => ({ build: { minify: false } }) }],
});
const servers = await benchServers(FILES, app.outDir);
const { browser, version } = await launchBrowser();
try {
  const page = await newBenchPage(browser);
  await signIn(page, servers);
  await waitForEngine(page);
  await waitForScene(page, 0, 120_000);
  const centre = await galleryDriver(page).gridCentre();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  step('profiling the flings');
  for (let i = 0; i < FULL_PLAN.flings; i++) {
    await smoothScroll(page, centre, FULL_PLAN.flingPx, i % 3 !== 2, FULL_PLAN.flingSpeed);
    await sleep(FULL_PLAN.pauseMs);
  }
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  const figures = selfTimes(profile);
  const file = writeResult('profile', {
    machine: machine(version),
    setup: {
      files: FILES,
      build: `${path.relative(process.cwd(), outDir)}: vite build, test hooks, minify off`,
      script: 'the scroll bench flings (FULL_PLAN), CDP Profiler at 200 µs',
    },
    ...figures,
  });
  step(`wrote ${file}`);
  console.table(figures.top);
} finally {
  await browser.close();
  await servers.close();
}
