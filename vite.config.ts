import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The client build. It needs only dependencies (`npm install --omit=dev && npm start` builds
// with it); the unit-test settings live in vitest.config.ts, which extends this file.
export default defineConfig({
  plugins: [react()],
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
    sourcemap: true,
    // The /photos chunk carries three.js whole (R3F's catalogue imports it all): ~1.05 MB raw.
    // Its gzip size is tracked against a budget by bench/bundle.bench.ts, not by this warning.
    chunkSizeWarningLimit: 1200,
  },
  server: { port: 5173 },
});
