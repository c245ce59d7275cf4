import { useEffect, type RefObject } from 'react';
import type { GalleryEngine } from '../engine/GalleryEngine';
import { useGalleryGestures } from './useGalleryGestures';

const ARROWS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']);

/**
 * Forwards the DOM's input to the engine's controllers: gestures (useGalleryGestures), and
 * Shift for the range preview. Arrows with no pointer movement since mark D-pad input (a TV
 * remote): the gallery switches to focus-driven navigation, as it is on TV-sized screens.
 */
export function useGalleryInput(
  engine: GalleryEngine,
  container: RefObject<HTMLDivElement | null>,
  stage: RefObject<HTMLDivElement | null>,
  tv: boolean,
): void {
  useGalleryGestures(engine, container, stage);

  useEffect(() => {
    const root = container.current;
    const surface = stage.current;
    if (!root || !surface) return undefined;
    let pointerMoved = false;
    const setMode = (mode: 'pointer' | 'dpad') => {
      if (root.dataset.input === mode) return;
      root.dataset.input = mode;
      root.dataset.focusMode = tv || mode === 'dpad' ? 'tv' : 'pointer';
      if (mode === 'dpad') engine.focus.setActive(true);
    };
    if (tv) engine.focus.setActive(true);
    root.dataset.focusMode = tv || root.dataset.input === 'dpad' ? 'tv' : 'pointer';

    const move = (event: PointerEvent) => {
      if (event.pointerType !== 'mouse') return;
      pointerMoved = true;
      setMode('pointer');
    };
    const keyDown = (event: KeyboardEvent) => {
      if (event.key === 'Shift') engine.pointer.shiftKey(true);
      if (ARROWS.has(event.key) && root.contains(event.target as Node)) {
        if (!pointerMoved) setMode('dpad');
        pointerMoved = false;
      }
    };
    const keyUp = (event: KeyboardEvent) => {
      if (event.key === 'Shift') engine.pointer.shiftKey(false);
    };
    const blur = () => engine.pointer.shiftKey(false);

    surface.addEventListener('pointermove', move);
    window.addEventListener('keydown', keyDown, true);
    window.addEventListener('keyup', keyUp, true);
    window.addEventListener('blur', blur);
    return () => {
      surface.removeEventListener('pointermove', move);
      window.removeEventListener('keydown', keyDown, true);
      window.removeEventListener('keyup', keyUp, true);
      window.removeEventListener('blur', blur);
    };
  }, [engine, container, stage, tv]);
}
