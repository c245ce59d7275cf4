import { useEffect } from 'react';
import { TRASH_INFINITE_SCROLL_PX } from '../../domain/constants';
import type { GalleryEngine } from '../../gallery';
import { afterNextFrame } from '../../platform/afterNextFrame';
import { showToast } from '../../state/toasts';
import type { TrashSource } from './trashSource';

/** What nearSectionEnd reads of the engine's sections. */
export interface SectionExtents {
  readonly sectionCount: number;
  readonly sections: readonly { descriptor: { key: string } }[];
  sectionTop(index: number): number;
  sectionHeight(index: number): number;
  isLoaded(index: number): boolean;
}

/**
 * SPEC §2 trash photos "infinite scroll", §9 "within 1000 px of bottom": the first section with
 * more pages whose end is within that distance of the viewport's bottom (or above it), once the
 * engine holds its files; null when none is.
 */
export function nearSectionEnd(
  timeline: SectionExtents,
  viewBottom: number,
  hasMore: (key: string) => boolean,
): string | null {
  for (let index = 0; index < timeline.sectionCount; index++) {
    const key = timeline.sections[index].descriptor.key;
    if (!hasMore(key) || !timeline.isLoaded(index)) continue;
    const end = timeline.sectionTop(index) + timeline.sectionHeight(index);
    if (end - viewBottom <= TRASH_INFINITE_SCROLL_PX) return key;
  }
  return null;
}

/**
 * Grows the trash's sections page by page as the user nears their end (checked after every
 * frame the engine draws, not while the scroll is fast): one page at a time, laid out in place
 * so nothing on screen moves. A failed page says so once; the next scroll near the end tries
 * again.
 */
export function useTrashPaging(engine: GalleryEngine | null, source: TrashSource): void {
  useEffect(() => {
    if (!engine) return;
    const abort = new AbortController();
    let loading = false;
    let failed = false;
    const check = () => {
      // SPEC §9 fast scroll: placeholders and no loads while it lasts, as for the grid's
      // sections (a drag of the fast scroller down the trash fetched page after page, each
      // parsed and laid out while the thumb moved); the engine draws again once it is slow.
      if (loading || abort.signal.aborted || engine.fastScrolling) return;
      const viewBottom = engine.scroll.position + engine.viewportHeight;
      const key = nearSectionEnd(engine.timeline, viewBottom, source.hasMore);
      if (!key) return;
      loading = true;
      // A page's parse, its columns and its layout each in a frame of their own: one page's
      // work in one task made a long frame each time the trash grew under a drag.
      source
        .more(key, abort.signal, afterNextFrame)
        .then(async (grown) => {
          failed = false;
          if (grown) {
            await afterNextFrame();
            if (abort.signal.aborted) return;
            await engine.timeline.replaceFiles(key, grown.files, grown.counts);
          }
          // Drawn again: the next frame checks whether the end is still near.
          engine.invalidate();
        })
        .catch(() => {
          if (abort.signal.aborted || failed) return;
          failed = true;
          showToast({ kind: 'error', message: { key: 'trash.loadError' } });
        })
        .finally(() => {
          loading = false;
        });
    };
    const stop = engine.onFrame(check);
    return () => {
      abort.abort();
      stop();
    };
  }, [engine, source]);
}
