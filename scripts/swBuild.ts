import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

const ENTRY = fileURLToPath(new URL('../workers/sw.ts', import.meta.url));

/**
 * The service worker (workers/sw.ts) as `/sw.js` at the site root, so its scope is the whole
 * app. It is bundled on its own by esbuild (it must not be a hashed chunk: its URL is its
 * identity), with a version per build so every deploy installs a new worker, which then waits
 * until no upload is running (src/platform/serviceWorker.ts).
 */
export function serviceWorkerBuild(): Plugin {
  const bundle = async (version: string): Promise<string> => {
    const result = await build({
      entryPoints: [ENTRY],
      bundle: true,
      write: false,
      format: 'iife',
      target: 'es2022',
      minify: true,
      define: { __SW_VERSION__: JSON.stringify(version) },
    });
    return result.outputFiles[0].text;
  };
  return {
    name: 'capture-service-worker',
    async generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: await bundle(new Date().toISOString()),
      });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.url?.split('?')[0] !== '/sw.js') return next();
        bundle('dev').then(
          (code) => {
            res.setHeader('Content-Type', 'text/javascript');
            res.end(code);
          },
          (error: unknown) => next(error),
        );
      });
    },
  };
}
