import type { FullGestureState } from '@use-gesture/react';
import { LONG_PRESS_MS, PINCH_THRESHOLD } from '../../domain/constants';
import type { GalleryEngine } from '../engine/GalleryEngine';

/** A touch whose path grows past this on either axis is a scroll, not a tap or a long-press. */
export const TAP_SLOP_PX = 10;
/** A mouse whose path grows past this on either axis between down and up did not click. */
export const CLICK_SLOP_PX = 5;
/**
 * WebKit reports a trackpad pinch (gesturestart / gesturechange / gestureend) as a scale with
 * no finger positions. The SPEC §9 threshold of 20 px is read against fingers this far apart,
 * so a trackpad pinch becomes live after a 10% change of scale.
 */
export const TRACKPAD_PINCH_SPREAD_PX = 200;

/** The state of one drag gesture (one finger, or the mouse), kept in @use-gesture's memo. */
interface DragMemo {
  /** Started on the grid, not on a header's check box or a menu. */
  ours: boolean;
  mouse: boolean;
  /** Moved past the tap slop: neither a tap nor a long-press any more. */
  slipped: boolean;
  longPressed: boolean;
  /** A pinch took this gesture's fingers: nothing until they are all lifted. */
  consumed: boolean;
}

interface PinchMemo {
  ours: boolean;
  /** Finger distance (or WebKit scale) when the pinch started. */
  start: number;
  active: boolean;
}

type DragState = Omit<FullGestureState<'drag'>, 'event'> & {
  event: FullGestureState<'drag'>['event'];
};
type PinchState = Omit<FullGestureState<'pinch'>, 'event'> & {
  event: FullGestureState<'pinch'>['event'];
};
type MoveState = Omit<FullGestureState<'move'>, 'event'> & { event: PointerEvent };
type WheelState = Omit<FullGestureState<'wheel'>, 'event'> & { event: WheelEvent };
type NativeState<E> = { event: E };

/**
 * Turns what @use-gesture recognises on the grid into the engine's pointer actions
 * (PointerController). The library recognises drags (with taps), pinches (two pointers, and
 * WebKit's trackpad `gesture*` events), wheels and mouse moves; this class adds only what it has
 * no recogniser for: the long-press (a timer on the engine's clock, cancelled once the finger
 * slips) and which gesture owns the fingers when a drag turns into a pinch. Handlers are arrow
 * properties, so useGesture gets stable functions.
 */
export class GalleryGestures {
  private longPressTimer = -1;
  /** The drag under way, so a pinch can take its fingers. */
  private currentDrag: DragMemo | null = null;

  constructor(
    private readonly engine: GalleryEngine,
    /** The gallery's box: canvas coordinates start at its top-left corner. */
    private readonly root: () => HTMLElement | null,
    /** The canvas and its overlays: where grid gestures start. */
    private readonly stage: () => HTMLElement | null,
  ) {}

  readonly onDrag = (state: DragState): DragMemo => {
    const event = state.event as PointerEvent;
    let drag = state.memo as DragMemo | undefined;
    if (state.first || !drag) {
      drag = {
        ours: this.ours(event),
        mouse: event.pointerType === 'mouse',
        slipped: false,
        longPressed: false,
        consumed: false,
      };
      this.currentDrag = drag;
      if (drag.ours && !drag.mouse) this.startTouchDrag(drag, state);
      return drag;
    }
    if (!drag.ours || drag.consumed) return drag;
    const [x, y] = this.canvasPoint(state.xy);
    const pointer = this.engine.pointer;
    const slip = Math.max(state.distance[0], state.distance[1]);
    if (drag.mouse) {
      if (state.last && event.type === 'pointerup' && state.tap && slip <= CLICK_SLOP_PX) {
        if (this.ours(event)) pointer.click(x, y, event.shiftKey, event.ctrlKey || event.metaKey);
      }
      return drag;
    }
    if (!drag.slipped && slip > TAP_SLOP_PX) {
      drag.slipped = true;
      this.cancelLongPress();
    }
    if (state.last) {
      this.cancelLongPress();
      if (event.type !== 'pointerup') {
        pointer.dragCancel();
        return drag;
      }
      pointer.dragEnd(state.timeStamp);
      if (!drag.longPressed && !drag.slipped && state.tap) pointer.tap(x, y);
      return drag;
    }
    if (!drag.longPressed) pointer.dragMove(y, state.timeStamp);
    return drag;
  };

  readonly onPinch = (state: PinchState): PinchMemo => {
    const event = state.event;
    const webkit = event.type.startsWith('gesture');
    let pinch = state.memo as PinchMemo | undefined;
    const pointer = this.engine.pointer;
    if (state.first || !pinch) {
      pinch = { ours: webkit || this.ours(event), start: state.da[0], active: false };
      if (!pinch.ours) return pinch;
      // The fingers are the pinch's now: the drag of the first one stops, without a tap.
      if (this.currentDrag) this.currentDrag.consumed = true;
      this.cancelLongPress();
      const [x, y] = this.canvasPoint(state.origin);
      pointer.pinchStart(x, y);
      return pinch;
    }
    if (!pinch.ours) return pinch;
    if (state.last) {
      if (event.type === 'pointercancel') pointer.pinchCancel();
      else pointer.pinchEnd();
      return pinch;
    }
    // SPEC §9 pinch threshold: under 20 px of change the fingers are only resting.
    const travel = webkit
      ? Math.abs(state.da[0] - pinch.start) * TRACKPAD_PINCH_SPREAD_PX
      : Math.abs(state.da[0] - pinch.start);
    if (!pinch.active && travel > PINCH_THRESHOLD) pinch.active = true;
    if (pinch.active) pointer.pinchTo(state.movement[0]);
    return pinch;
  };

  /** Mouse moves (the library's move gesture is mouse-only): hover and the shift preview. */
  readonly onMove = (state: MoveState): void => {
    // The gesture's end comes after a pause, with the last event again: nothing new.
    if (state.last) return;
    const [x, y] = this.canvasPoint(state.xy);
    this.engine.pointer.hover(x, y, state.event.shiftKey);
  };

  /** Wheel and trackpad scrolls; Ctrl/Cmd+wheel (Chromium's trackpad pinch) zooms in steps. */
  readonly onWheel = (state: WheelState): void => {
    if (state.last) return;
    const event = state.event;
    // The page itself never scrolls (or zooms) under the grid.
    if (event.cancelable) event.preventDefault();
    const [x, y] = this.canvasPoint([event.clientX, event.clientY]);
    const mod = event.ctrlKey || event.metaKey;
    this.engine.pointer.wheel(event.deltaY, event.deltaMode, mod, x, y, event.timeStamp);
  };

  readonly onPointerDown = ({ event }: NativeState<PointerEvent>): void => {
    if (!this.ours(event)) return;
    const root = this.root();
    if (root && !root.contains(document.activeElement)) root.focus({ preventScroll: true });
    this.engine.pointer.press();
  };

  readonly onPointerLeave = ({ event }: NativeState<PointerEvent>): void => {
    if (event.pointerType === 'mouse') this.engine.pointer.leave();
  };

  readonly onContextMenu = ({ event }: NativeState<MouseEvent>): void => {
    if (!this.ours(event)) return;
    const [x, y] = this.canvasPoint([event.clientX, event.clientY]);
    if (this.engine.pointer.contextMenu(x, y)) event.preventDefault();
  };

  dispose(): void {
    this.cancelLongPress();
    this.currentDrag = null;
  }

  private startTouchDrag(drag: DragMemo, state: DragState): void {
    const [x, y] = this.canvasPoint(state.xy);
    this.engine.pointer.dragStart(y, state.timeStamp);
    this.cancelLongPress();
    // @use-gesture has no long-press: a timer on the engine's clock, cancelled by a slip, an
    // end or a pinch.
    this.longPressTimer = this.engine.clock.setTimeout(() => {
      this.longPressTimer = -1;
      if (drag.slipped || drag.consumed) return;
      drag.longPressed = true;
      this.engine.pointer.longPress(x, y);
    }, LONG_PRESS_MS);
  }

  private cancelLongPress(): void {
    if (this.longPressTimer >= 0) this.engine.clock.clearTimeout(this.longPressTimer);
    this.longPressTimer = -1;
  }

  /** Events from the headers' check boxes, menus and other controls are theirs, not the grid's. */
  private ours(event: Event): boolean {
    const target = event.target as Element | null;
    const stage = this.stage();
    if (!target || !stage?.contains(target)) return false;
    return !target.closest('button, [role="menu"]');
  }

  private canvasPoint([clientX, clientY]: readonly number[]): [number, number] {
    const rect = this.root()?.getBoundingClientRect();
    return [clientX - (rect?.left ?? 0), clientY - (rect?.top ?? 0)];
  }
}
