// The layout worker lives beside its client, src/gallery/engine/layout/layout.worker.ts. This
// re-export serves bench/layout.bench.ts alone, whose import still names this path (bench/ is the
// lead's to change); it goes when that import does.
// eslint-disable-next-line no-restricted-imports -- a re-export for the bench, not a worker
export {
  createLayoutWorkerApi,
  layoutBatch,
  RectsPool,
} from '../src/gallery/engine/layout/layout.worker';
