import { useEffect, useMemo, type RefObject } from 'react';
import type { GalleryEngine } from '../engine/GalleryEngine';
import type { ZoomTransition } from '../engine/interaction/GalleryZoom';

/** Long enough to read as a zoom, short enough to stay out of the way. */
export const ZOOM_ANIMATION_MS = 180;

/**
 * The stage's scale: set at once, or tweened linearly over `ZOOM_ANIMATION_MS` by
 * requestAnimationFrame (a fixed tween of one number: no animation library on /photos). A new
 * `set` or `tween` ends the running one, whose promise then settles.
 */
function stageScale(stage: RefObject<HTMLDivElement | null>) {
  let current = 1;
  let frame = 0;
  let settle: (() => void) | null = null;
  const apply = (scale: number) => {
    current = scale;
    if (stage.current) stage.current.style.transform = scale === 1 ? 'none' : `scale(${scale})`;
  };
  const stop = () => {
    if (frame) cancelAnimationFrame(frame);
    frame = 0;
    settle?.();
    settle = null;
  };
  return {
    set: (scale: number) => {
      stop();
      apply(scale);
    },
    tween: (to: number): Promise<void> => {
      stop();
      const from = current;
      const start = performance.now();
      return new Promise((resolve) => {
        settle = resolve;
        const step = (now: number) => {
          const progress = Math.min(1, Math.max(0, (now - start) / ZOOM_ANIMATION_MS));
          apply(from + (to - from) * progress);
          if (progress < 1) {
            frame = requestAnimationFrame(step);
            return;
          }
          frame = 0;
          settle = null;
          resolve();
        };
        frame = requestAnimationFrame(step);
      });
    },
    stop,
  };
}

/**
 * The zoom transition's look: while the engine holds its last frame and lays the grid out
 * anew, the stage (canvas and overlays) scales around the anchor point; when both are done the
 * engine draws the new layout and the scale goes back to 1 in that same frame, so the swap does
 * not flash. A live pinch scales the stage with the fingers. With `reducedMotion`
 * (prefers-reduced-motion) the stage takes the new scale at once and a pinch let go snaps back:
 * nothing moves on its own.
 */
export function useZoomAnimation(
  engine: GalleryEngine,
  stage: RefObject<HTMLDivElement | null>,
  reducedMotion = false,
) {
  const zoom = useMemo(() => {
    const scale = stageScale(stage);
    const origin = (x: number, y: number) => {
      if (stage.current) stage.current.style.transformOrigin = `${x}px ${y}px`;
    };
    const onZoom = (transition: ZoomTransition) => {
      origin(transition.originX, transition.originY);
      scale.set(reducedMotion ? transition.ratio : transition.fromScale);
      const animation = reducedMotion ? [] : [scale.tween(transition.ratio)];
      void Promise.all([...animation, transition.ready]).then(() => {
        const off = engine.onFrame(() => {
          off();
          scale.set(1);
        });
        engine.zoom.finish();
      });
    };
    const onPinch = (value: number, x: number, y: number) => {
      if (value === 1) {
        if (reducedMotion) scale.set(1);
        else void scale.tween(1);
        return;
      }
      origin(x, y);
      scale.set(value);
    };
    return { onZoom, onPinch, stop: scale.stop };
  }, [engine, stage, reducedMotion]);
  useEffect(() => zoom.stop, [zoom]);
  return zoom;
}
