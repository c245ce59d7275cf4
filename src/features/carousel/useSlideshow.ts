import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { SLIDESHOW_INTERVAL_MS } from '../../domain/constants';
import { carouselStore } from './carouselStore';
import type { CarouselFile } from './types';

export interface SlideshowState {
  /** The slideshow runs (`#autoPlay`). */
  autoplay: boolean;
  fileId: string;
  /** The file is on screen (loaded). */
  showing: boolean;
  isVideo: boolean;
  next: CarouselFile | null;
  previous: CarouselFile | null;
  neighboursKnown: boolean;
  /** Steps to a file; `keepSlideshow` keeps `#autoPlay` on. */
  go: (id: string, keepSlideshow: boolean) => void;
}

/**
 * SPEC §4/§9 slideshow: 5000 ms a photo, in the playback order; a video plays through and moves
 * on when it ends (the viewer calls `advance`). The end of the list ends it on the last file.
 * While casting, the TV's autoplay steps it (SPEC §9: the TV autoplays the next 4) and the viewer
 * follows the TV (features/cast CastAction), so no 5-s clock runs here: a second one raced the
 * TV's, and a step of each within one render left a file never shown on the TV (cast.spec).
 * Returns `advance`.
 */
export function useSlideshow(state: SlideshowState): () => void {
  const { autoplay, fileId, showing, isVideo, next, previous, neighboursKnown, go } = state;
  // The slideshow's step reads the neighbours when it fires, so their arrival does not restart
  // the 5 s of the file on screen; one due before they are known waits for them.
  const around = useRef({ next, previous, neighboursKnown });
  const [advanceDue, setAdvanceDue] = useState<string | null>(null);
  useLayoutEffect(() => {
    around.current = { next, previous, neighboursKnown };
  });
  const advance = useCallback(() => {
    const { next: after, previous: before, neighboursKnown: known } = around.current;
    if (!known) return setAdvanceDue(fileId);
    const target = carouselStore.getState().playbackOrder === 'forward' ? after : before;
    go(target?.id ?? fileId, target !== null);
    return undefined;
  }, [go, fileId]);
  useEffect(() => {
    if (advanceDue === null) return;
    // A manual step or a stop in between cancels the due advance (SPEC §4 "stops on any manual
    // step"): only a still-running slideshow on the same file moves on.
    if (!autoplay || advanceDue !== fileId) setAdvanceDue(null);
    else if (neighboursKnown) {
      setAdvanceDue(null);
      advance();
    }
  }, [advanceDue, fileId, neighboursKnown, advance, autoplay]);

  const casting = useStore(carouselStore, (s) => s.castingDevice !== null);
  useEffect(() => {
    if (!autoplay || casting || !showing || isVideo) return undefined;
    const timer = setTimeout(advance, SLIDESHOW_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [autoplay, casting, showing, isVideo, advance]);

  return advance;
}
