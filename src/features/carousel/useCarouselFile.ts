import { useEffect, useRef, useState } from 'react';
import { exposeForTests } from '../../platform/testHooks';
import type { CarouselFile, CarouselPosition, CarouselSource } from './types';

declare module '../../platform/testHooks' {
  interface CaptureHooks {
    /**
     * The neighbours decoded ahead for the file shown last (the carousel bench steps once they
     * are: "steps with the neighbours preloaded").
     */
    carouselPreload?: { state: () => { fileId: string; decoded: number; total: number } | null };
  }
}

/** Preloaded images whose decode settled (decoded, or failed: nothing more will come). */
const decodeSettled = new WeakSet<HTMLImageElement>();
let lastPreload: { fileId: string; images: HTMLImageElement[] } | null = null;
exposeForTests('carouselPreload', {
  state: () =>
    lastPreload && {
      fileId: lastPreload.fileId,
      decoded: lastPreload.images.filter((image) => decodeSettled.has(image)).length,
      total: lastPreload.images.length,
    },
});

export type CarouselLoad = 'loading' | 'ready' | 'missing';

export interface CarouselFileState {
  load: CarouselLoad;
  file: CarouselFile | null;
  position: CarouselPosition | null;
  previous: CarouselFile | null;
  next: CarouselFile | null;
  /** The neighbours are known (null then means an end of the list). */
  neighboursKnown: boolean;
}

/** Issue 12: the next and previous two files are preloaded. */
const PRELOAD = [1, -1, 2, -2] as const;

/**
 * The file the URL names, its place in the list, and its neighbours; the 1280 thumbnails of the
 * two files either side are decoded ahead so a step shows at once. Only those four are kept:
 * memory stays flat however far the user steps.
 */
export function useCarouselFile(source: CarouselSource, fileId: string): CarouselFileState {
  const [state, setState] = useState<CarouselFileState>(() => {
    const peeked = source.peek?.(fileId);
    return {
      load: peeked ? 'ready' : 'loading',
      file: peeked?.file ?? null,
      position: peeked?.position ?? null,
      previous: null,
      next: null,
      neighboursKnown: false,
    };
  });
  // A step to a file that is already loaded shows in the same render (no wait for an effect).
  if (state.file?.id !== fileId) {
    const peeked = source.peek?.(fileId);
    if (peeked) {
      setState({
        load: 'ready',
        file: peeked.file,
        position: peeked.position,
        previous: null,
        next: null,
        neighboursKnown: false,
      });
    }
  }
  const preloaded = useRef(new Map<string, HTMLImageElement>());

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    setState((old) =>
      old.file?.id === fileId
        ? old
        : { ...old, load: 'loading', previous: null, next: null, neighboursKnown: false },
    );
    void (async () => {
      const located = await source.locate(fileId, signal).catch(() => null);
      if (signal.aborted) return;
      if (!located) {
        setState({
          load: 'missing',
          file: null,
          position: null,
          previous: null,
          next: null,
          neighboursKnown: true,
        });
        return;
      }
      setState((old) => ({
        ...old,
        load: 'ready',
        file: located.file,
        position: located.position,
      }));
      const around = await Promise.all(
        PRELOAD.map((delta) => source.neighbour(fileId, delta, signal).catch(() => null)),
      );
      if (signal.aborted) return;
      setState((old) => ({ ...old, next: around[0], previous: around[1], neighboursKnown: true }));
      const keep = new Map<string, HTMLImageElement>();
      for (const neighbour of around) {
        if (!neighbour) continue;
        const image = preloaded.current.get(neighbour.id) ?? new Image();
        if (!image.src) {
          image.decoding = 'async';
          image.src = source.thumbnailUrl(neighbour.id, 1280);
          void image
            .decode()
            .catch(() => undefined)
            .then(() => decodeSettled.add(image));
        }
        keep.set(neighbour.id, image);
      }
      preloaded.current = keep;
      lastPreload = { fileId, images: [...keep.values()] };
    })();
    return () => controller.abort();
  }, [source, fileId]);

  return state;
}
