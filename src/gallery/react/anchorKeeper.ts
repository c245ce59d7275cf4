import type { GalleryEngine } from '../engine/GalleryEngine';
import type { ItemPosition } from '../engine/selection/types';
import { fileAnchorAt, revealAnchor, watchTopFile, type FileAnchor } from './fileAnchor';

/** Where a page keeps its grid's place between visits (the app's store, keyed by job). */
export interface AnchorStore {
  /** The place kept from an earlier visit, or null. */
  saved(): FileAnchor | null;
  keep(anchor: FileAnchor): void;
}

/**
 * One engine's place in its grid, kept between visits of the page: while the grid shows it
 * follows the file at the top of the viewport (or the file just opened, until the grid scrolls)
 * and hands it to the store when the page goes (`watch`'s stop); the first time the grid has
 * listed its sections (`restoreOnce`) it brings back the place saved by an earlier visit.
 */
export class AnchorKeeper {
  private restore: 'pending' | 'running' | 'done' = 'pending';
  private fileId = '';
  private sectionKey = '';
  private offset = 0;

  constructor(
    private readonly engine: GalleryEngine,
    private readonly store: AnchorStore,
  ) {}

  /** Follows the grid's top file; the returned function stops and keeps it. */
  watch(): () => void {
    const stop = watchTopFile(this.engine, (fileId, sectionKey, offset) => {
      this.fileId = fileId;
      this.sectionKey = sectionKey;
      this.offset = offset;
    });
    return () => {
      stop();
      // Left before the earlier place was brought back: that place stays.
      if (this.restore !== 'done' || !this.fileId) return;
      const { fileId, sectionKey, offset } = this;
      this.store.keep({ fileId, sectionKey, offset });
    };
  }

  /** A file opened from the grid is the one to come back to (until the grid scrolls). */
  opened(position: ItemPosition): void {
    const anchor = fileAnchorAt(this.engine, position);
    if (!anchor) return;
    this.fileId = anchor.fileId;
    this.sectionKey = anchor.sectionKey;
    this.offset = anchor.offset;
  }

  /**
   * Once, when the grid has first listed its sections: reveals the saved place, if any. The
   * returned function aborts it (a later call then tries again).
   */
  restoreOnce(): () => void {
    if (this.restore !== 'pending') return () => undefined;
    const saved = this.store.saved();
    if (!saved) {
      this.restore = 'done';
      return () => undefined;
    }
    this.restore = 'running';
    const controller = new AbortController();
    // The grid's rects mean nothing before the view has its size (a fast load lists first).
    whenSized(this.engine, controller.signal)
      .then(() => revealAnchor(this.engine, saved, controller.signal))
      .then(
        (revealed) => {
          this.restore = 'done';
          // The place until a frame reports the new top: a page gone before its next frame
          // (remounted by a refetch) keeps this, not the top it showed before the reveal.
          if (revealed) {
            this.fileId = saved.fileId;
            this.sectionKey = saved.sectionKey;
            this.offset = saved.offset;
          }
        },
        () => {
          this.restore = controller.signal.aborted ? 'pending' : 'done';
        },
      );
    return () => controller.abort();
  }
}

/** Resolves once the engine's view has its size (frames are drawn only then). */
function whenSized(engine: GalleryEngine, signal: AbortSignal): Promise<void> {
  if (engine.sized) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const stop = engine.onFrame(() => {
      stop();
      signal.removeEventListener('abort', aborted);
      resolve();
    });
    const aborted = () => {
      stop();
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', aborted, { once: true });
  });
}
