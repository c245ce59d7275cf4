import type { SpringRef } from '@react-spring/web';
import { useMemo, type RefObject } from 'react';
import type { GalleryEngine } from '../engine/GalleryEngine';
import type { ZoomTransition } from '../engine/interaction/GalleryZoom';

/** Long enough to read as a zoom, short enough to stay out of the way. */
export const ZOOM_ANIMATION_MS = 180;

/**
 * The zoom transition's look: while the engine holds its last frame and lays the grid out
 * anew, the stage (canvas and overlays) scales around the anchor point with @react-spring;
 * when both are done the engine draws the new layout and the scale goes back to 1 in that
 * same frame, so the swap does not flash. A live pinch scales the stage with the fingers.
 * With `reducedMotion` (prefers-reduced-motion) the stage takes the new scale at once and a
 * pinch let go snaps back: nothing moves on its own.
 */
export function useZoomAnimation(
  engine: GalleryEngine,
  stage: RefObject<HTMLDivElement | null>,
  springs: SpringRef<{ scale: number }>,
  reducedMotion = false,
) {
  return useMemo(() => {
    const origin = (x: number, y: number) => {
      if (stage.current) stage.current.style.transformOrigin = `${x}px ${y}px`;
    };
    const onZoom = (transition: ZoomTransition) => {
      origin(transition.originX, transition.originY);
      springs.set({ scale: reducedMotion ? transition.ratio : transition.fromScale });
      const animation = reducedMotion
        ? []
        : springs.start({ scale: transition.ratio, config: { duration: ZOOM_ANIMATION_MS } });
      void Promise.all([...animation, transition.ready]).then(() => {
        const off = engine.onFrame(() => {
          off();
          springs.set({ scale: 1 });
          if (stage.current) stage.current.style.transform = 'none';
        });
        engine.zoom.finish();
      });
    };
    const onPinch = (scale: number, x: number, y: number) => {
      if (scale === 1) {
        if (reducedMotion) springs.set({ scale: 1 });
        else void springs.start({ scale: 1, config: { duration: ZOOM_ANIMATION_MS } });
        return;
      }
      origin(x, y);
      springs.set({ scale });
    };
    return { onZoom, onPinch };
  }, [engine, stage, springs, reducedMotion]);
}
