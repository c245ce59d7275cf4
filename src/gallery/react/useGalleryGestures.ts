import { useGesture } from '@use-gesture/react';
import { useEffect, useMemo, type RefObject } from 'react';
import type { GalleryEngine } from '../engine/GalleryEngine';
import { GalleryGestures, TAP_SLOP_PX } from './GalleryGestures';

const STAGE_CONFIG = {
  // Non-passive: a pinch or a drag on the grid must never scroll or zoom the page.
  eventOptions: { passive: false },
  drag: {
    // Arrow keys belong to the grid's keyboard navigation, not to a drag. No pointer capture:
    // the drag follows the pointer through window listeners, so a press on a header's check box
    // keeps its own click.
    pointer: { keys: false, capture: false },
    tapsThreshold: TAP_SLOP_PX,
  },
  // Ctrl+wheel zooms through the wheel handler, in steps, as it always has.
  pinch: { pinchOnWheel: false },
} as const;

const ROOT_CONFIG = { eventOptions: { passive: false } } as const;

/**
 * The grid's pointer, touch, trackpad and wheel input, recognised by @use-gesture on the stage
 * (the canvas and its overlays) and the gallery's box (wheel anywhere on it, the fast scroller
 * included), and handed to the engine's pointer actions by GalleryGestures.
 */
export function useGalleryGestures(
  engine: GalleryEngine,
  container: RefObject<HTMLElement | null>,
  stage: RefObject<HTMLElement | null>,
): void {
  const gestures = useMemo(
    () =>
      new GalleryGestures(
        engine,
        () => container.current,
        () => stage.current,
      ),
    [engine, container, stage],
  );
  useEffect(() => () => gestures.dispose(), [gestures]);
  useGesture(
    {
      onDrag: gestures.onDrag,
      onPinch: gestures.onPinch,
      onMove: gestures.onMove,
      onPointerDown: gestures.onPointerDown,
      onPointerLeave: gestures.onPointerLeave,
      onContextMenu: gestures.onContextMenu,
    },
    { ...STAGE_CONFIG, target: stage },
  );
  useGesture({ onWheel: gestures.onWheel }, { ...ROOT_CONFIG, target: container });
}
