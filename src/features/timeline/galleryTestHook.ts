import type { GalleryEngine } from '../../gallery';

// The timeline publishes its gallery engine on window.__capture.gallery (useGalleryEngine):
// e2e specs and benches drive and read the live engine through this type, not a restatement.
declare module '../../platform/testHooks' {
  interface CaptureHooks {
    /** While a page shows the gallery. */
    gallery?: GalleryEngine;
  }
}

/** What `engine.snapshot()` answers: the counters specs and benches wait on. */
export type { EngineSnapshot } from '../../gallery';
