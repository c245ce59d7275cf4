// Vite builds made by the benches, through Vite's JS API, into the bench cache.
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { build, type PluginOption } from 'vite';
import { CACHE_DIR, ROOT, step } from './env';

export interface AppBuild {
  outDir: string;
  seconds: number;
  /** The run's shared build (BENCH_APP_DIR) was used: nothing was built here. */
  reused?: boolean;
}

/**
 * The client built with test hooks that a whole run shares: bench/run.ts builds it once (or
 * `npm test` hands over the e2e build, made with the same flags) and passes its folder to every
 * bench process as BENCH_APP_DIR, instead of each bench building it again.
 */
export const SHARED_APP_DIR_ENV = 'BENCH_APP_DIR';

/**
 * The client as `vite build` makes it (the project's vite.config.ts). `testHooks` sets
 * VITE_TEST_HOOKS=1, which publishes the engine on window.__capture (the bench reads its stats).
 */
export async function buildApp(
  name: string,
  options: { testHooks: boolean; manifest?: boolean; plugins?: PluginOption[] },
): Promise<AppBuild> {
  const shared = process.env[SHARED_APP_DIR_ENV];
  if (shared && options.testHooks && !options.manifest && !options.plugins) {
    step(`the run's client build with test hooks: ${path.relative(ROOT, shared)}`);
    return { outDir: shared, seconds: 0, reused: true };
  }
  const outDir = path.join(CACHE_DIR, name);
  const started = performance.now();
  step(`vite build → ${path.relative(ROOT, outDir)}${options.testHooks ? ' (test hooks)' : ''}`);
  const previous = process.env.VITE_TEST_HOOKS;
  if (options.testHooks) process.env.VITE_TEST_HOOKS = '1';
  else delete process.env.VITE_TEST_HOOKS;
  try {
    await build({
      root: ROOT,
      configFile: path.join(ROOT, 'vite.config.ts'),
      logLevel: 'warn',
      plugins: options.plugins ?? [],
      build: { outDir, emptyOutDir: true, manifest: options.manifest ?? false },
    });
  } finally {
    if (previous === undefined) delete process.env.VITE_TEST_HOOKS;
    else process.env.VITE_TEST_HOOKS = previous;
  }
  return { outDir, seconds: Math.round((performance.now() - started) / 100) / 10 };
}

/** The DOM-grid baseline page (bench/baselines/dom-grid), built on its own. */
export async function buildDomGrid(): Promise<AppBuild> {
  const outDir = path.join(CACHE_DIR, 'dist-dom-grid');
  const started = performance.now();
  step(`vite build → ${path.relative(ROOT, outDir)} (DOM-grid baseline)`);
  await build({
    root: path.join(ROOT, 'bench', 'baselines', 'dom-grid'),
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, target: 'es2022', sourcemap: false },
  });
  return { outDir, seconds: Math.round((performance.now() - started) / 100) / 10 };
}
