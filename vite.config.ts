import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { serviceWorkerBuild } from './scripts/swBuild';

/** What the web listener sends compressed; images and videos are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|wasm)$/;
/** Below this a compressed copy saves less than its own overhead. */
const MIN_BYTES = 1024;

/**
 * Issue 19 "serving": every compressible file of the build gets `.br` (quality 11) and `.gz`
 * (level 9) siblings at build time, which the web listener sends by Accept-Encoding
 * (@fastify/static `preCompressed`): no compression work per request, the best ratios.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'capture-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
          const full = path.join(dir, entry.name);
          return entry.isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const data = fs.readFileSync(file);
        if (data.length < MIN_BYTES) continue;
        fs.writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
        );
        fs.writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * react-konva (the photo editor's canvas, in a lazy chunk) and @react-three/fiber (the timeline
 * grid) both use its-fine. As one module its tree-shaken body would hold both libraries' exports
 * and sit in the /photos chunk; a copy of its own for react-konva keeps the editor's part out of
 * /photos (bench/bundle). Each library keeps to its copy, so their contexts do not mix.
 */
function editorOwnItsFine(): Plugin {
  return {
    name: 'capture-editor-its-fine',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source !== 'its-fine' || !importer?.includes(`${path.sep}react-konva${path.sep}`)) {
        return null;
      }
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved ? `${resolved.id}?editor` : null;
    },
  };
}

/** Vendor chunks (issue 19): one per library family the entry loads, each named honestly. */
const VENDOR_CHUNKS = [
  { name: 'vendor-react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  {
    name: 'vendor-router-i18n',
    test: /[\\/]node_modules[\\/](react-router|react-router-dom|i18next|react-i18next|cookie|set-cookie-parser)[\\/]/,
  },
  { name: 'vendor-zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
  {
    name: 'vendor-query',
    test: /[\\/]node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/,
  },
];

// The client build. It needs only dependencies (`npm install --omit=dev && npm start` builds
// with it); the unit-test settings live in vitest.config.ts, which extends this file.
export default defineConfig({
  plugins: [
    react(),
    precompress(),
    editorOwnItsFine(),
    // Issue 19 second visit: /sw.js, bundled on its own (scripts/swBuild.ts).
    serviceWorkerBuild(),
  ],
  resolve: {
    // The client's zod comes with `jitless` set before any schema is built (the CSP forbids
    // eval; see src/platform/zodJitless.ts). Unit tests and the server use zod as it is.
    alias: process.env.VITEST
      ? []
      : [
          {
            find: /^zod$/,
            replacement: fileURLToPath(new URL('./src/platform/zodJitless.ts', import.meta.url)),
          },
        ],
  },
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    // Maps are written for our own debugging but not referenced from the bundles, and the web
    // listener does not serve them (issue 19: source is not published).
    sourcemap: 'hidden',
    // The /photos chunk carries three.js whole (R3F's catalogue imports it all): ~1.05 MB raw.
    // Its gzip size is tracked against a budget by bench/bundle.bench.ts, not by this warning.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        // Issue 19 "serving": vendor code in stable chunks named for what they hold, so a deploy
        // that changes only app code leaves them cached (bench/bundle: +0.8 KB gzip on /photos).
        // three.js and R3F stay in the lazy TimelinePage split: a group of their own made the
        // entry import it (and pulled the editor's react-reconciler in): /photos 474 -> 512 KB.
        codeSplitting: { groups: VENDOR_CHUNKS },
      },
    },
  },
  server: { port: 5173 },
});
