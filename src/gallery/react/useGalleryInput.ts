import { useEffect, type RefObject } from 'react';
import type { GalleryEngine } from '../engine/GalleryEngine';
import type { PointerInput } from '../engine/interaction/PointerController';

const ARROWS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']);

/**
 * Forwards the DOM's input to the engine's controllers: pointer events on the stage (canvas
 * coordinates), wheel on the gallery (never the page's scroll), the context menu, and Shift for
 * the range preview. Arrows with no pointer movement since mark D-pad input (a TV remote): the
 * gallery switches to focus-driven navigation, as it is on TV-sized screens.
 */
export function useGalleryInput(
  engine: GalleryEngine,
  container: RefObject<HTMLDivElement | null>,
  stage: RefObject<HTMLDivElement | null>,
  tv: boolean,
): void {
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

    const input = (event: PointerEvent): PointerInput => {
      const rect = root.getBoundingClientRect();
      return {
        id: event.pointerId,
        type: event.pointerType,
        x: event.clientX - rect.left,
        y: event.clientY - rect.top,
        button: event.button,
        shift: event.shiftKey,
        mod: event.ctrlKey || event.metaKey,
        t: event.timeStamp,
      };
    };
    /** Events from the headers' check boxes and other controls are theirs, not the grid's. */
    const ours = (event: Event) => !(event.target as Element).closest('button, [role="menu"]');

    const down = (event: PointerEvent) => {
      if (!ours(event)) return;
      if (event.pointerType !== 'mouse') surface.setPointerCapture(event.pointerId);
      if (!root.contains(document.activeElement)) root.focus({ preventScroll: true });
      engine.pointer.down(input(event));
    };
    const move = (event: PointerEvent) => {
      if (event.pointerType === 'mouse') {
        pointerMoved = true;
        setMode('pointer');
      }
      engine.pointer.move(input(event));
    };
    const up = (event: PointerEvent) => {
      if (!ours(event) && event.pointerType === 'mouse') return;
      engine.pointer.up(input(event));
    };
    const cancel = (event: PointerEvent) => engine.pointer.cancel({ id: event.pointerId });
    const leave = (event: PointerEvent) => {
      if (event.pointerType === 'mouse') engine.pointer.leave();
    };
    const contextMenu = (event: MouseEvent) => {
      if (!ours(event)) return;
      const rect = root.getBoundingClientRect();
      if (engine.pointer.contextMenu(event.clientX - rect.left, event.clientY - rect.top)) {
        event.preventDefault();
      }
    };
    // Non-passive so the page itself never scrolls (or zooms) under the grid.
    const wheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = root.getBoundingClientRect();
      const mod = event.ctrlKey || event.metaKey;
      const { clientX, clientY, deltaY, deltaMode, timeStamp } = event;
      engine.pointer.wheel(
        deltaY,
        deltaMode,
        mod,
        clientX - rect.left,
        clientY - rect.top,
        timeStamp,
      );
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

    surface.addEventListener('pointerdown', down);
    surface.addEventListener('pointermove', move);
    surface.addEventListener('pointerup', up);
    surface.addEventListener('pointercancel', cancel);
    surface.addEventListener('pointerleave', leave);
    surface.addEventListener('contextmenu', contextMenu);
    root.addEventListener('wheel', wheel, { passive: false });
    window.addEventListener('keydown', keyDown, true);
    window.addEventListener('keyup', keyUp, true);
    window.addEventListener('blur', blur);
    return () => {
      surface.removeEventListener('pointerdown', down);
      surface.removeEventListener('pointermove', move);
      surface.removeEventListener('pointerup', up);
      surface.removeEventListener('pointercancel', cancel);
      surface.removeEventListener('pointerleave', leave);
      surface.removeEventListener('contextmenu', contextMenu);
      root.removeEventListener('wheel', wheel);
      window.removeEventListener('keydown', keyDown, true);
      window.removeEventListener('keyup', keyUp, true);
      window.removeEventListener('blur', blur);
    };
  }, [engine, container, stage, tv]);
}
