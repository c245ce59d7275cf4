import { ZOOM_LEVELS } from '../layout/LayoutEngine';
import type { ItemPosition } from '../selection/types';
import type { CanvasRect, ControllerHost } from './GalleryActions';
import { levelForPinch } from './zoomAnchor';

/** The check mark's hit area in a tile's top-left corner (the circle is drawn at 16, 16). */
export const CHECK_HIT_PX = 36;
/** Ctrl+wheel (and trackpad pinch, which Chromium sends as Ctrl+wheel) per zoom step. */
export const WHEEL_ZOOM_STEP = 50;
const WHEEL_ZOOM_IDLE_MS = 400;
const WHEEL_LINE_PX = 40;
/** The browser's own contextmenu that follows a long-press within this long is the same press. */
const LONG_PRESS_MENU_ECHO_MS = 1500;

interface Pinch {
  originX: number;
  originY: number;
  scale: number;
  /** A live scale was shown: the pinch passed its threshold. */
  active: boolean;
}

/**
 * What mouse, touch, pen and wheel do on the grid, once recognised (gallery/react's
 * useGalleryGestures recognises them with @use-gesture). Coordinates are canvas-relative CSS
 * pixels, times event time stamps. Mouse: hover (check-mark circle, shift-hover range preview),
 * click (check mark or selection mode toggles, Shift extends from the anchor, Ctrl/Cmd toggles,
 * otherwise opens), right-click menu. Touch: a drag scrolls (ScrollModel), a tap toggles in
 * selection mode or opens, a long-press selects and opens the menu, a pinch shows a live scale
 * and ends on a zoom level. Wheel scrolls; Ctrl/Cmd+wheel zooms in steps.
 */
export class PointerController {
  private readonly rect: CanvasRect = { x: 0, y: 0, w: 0, h: 0 };
  private pinch: Pinch | null = null;
  private lastLongPress = Number.NEGATIVE_INFINITY;
  private wheelZoom = 0;
  private lastWheelZoom = Number.NEGATIVE_INFINITY;
  private shiftHeld = false;
  private hoverX = -1;
  private hoverY = -1;

  constructor(private readonly engine: ControllerHost) {}

  /** A pointer went down on the grid: the keyboard's focus ring hides. */
  press(): void {
    this.engine.focus.setVisible(false);
  }

  /** The mouse moved over the grid (Shift as held). */
  hover(x: number, y: number, shift: boolean): void {
    this.shiftHeld = shift;
    this.hoverAt(x, y);
  }

  /** The pointer left the grid: no hover, no preview. */
  leave(): void {
    this.hoverX = -1;
    this.setHover(null);
    this.engine.selection.clearPreview();
  }

  /** Shift pressed or released while the mouse rests over the grid: the preview follows. */
  shiftKey(held: boolean): void {
    if (held === this.shiftHeld) return;
    this.shiftHeld = held;
    if (this.hoverX >= 0) this.hoverAt(this.hoverX, this.hoverY);
  }

  /** Right-click (or a platform's menu gesture); returns true when a menu was asked for. */
  contextMenu(x: number, y: number): boolean {
    // A long-press already opened the menu; touch browsers follow it with their own event.
    const echo = this.engine.clock.now() - this.lastLongPress < LONG_PRESS_MENU_ECHO_MS;
    if (echo || this.pinch) return true;
    const target = this.engine.actions.hitTest(x, y);
    if (!target) return false;
    this.engine.actions.openContextMenu(target, x, y, 'pointer');
    return true;
  }

  /** A mouse click: the check mark or selection mode toggles, Shift extends, else it opens. */
  click(x: number, y: number, shift: boolean, mod: boolean): void {
    const { selection, actions, focus } = this.engine;
    const target = actions.hitTest(x, y);
    if (!target) return;
    focus.set(target, false);
    const anchor = selection.anchor;
    if (shift && anchor) {
      selection.clearPreview();
      selection.selectRange(anchor, target).catch(() => undefined);
    } else if (mod || selection.selectionMode || this.inCheckArea(target, x, y)) {
      selection.toggle(target.section, target.item);
    } else {
      actions.open(target);
    }
  }

  /** A tap: in selection mode (or on the check mark) it toggles, else it opens. */
  tap(x: number, y: number): void {
    const { selection, actions, focus } = this.engine;
    const target = actions.hitTest(x, y);
    if (!target) return;
    focus.set(target, false);
    if (selection.selectionMode || this.inCheckArea(target, x, y)) {
      selection.toggle(target.section, target.item);
    } else {
      actions.open(target);
    }
  }

  /** SPEC: a long-press starts selection mode with the pressed file selected, and opens the menu. */
  longPress(x: number, y: number): void {
    const { selection, actions, scroll, clock, focus } = this.engine;
    this.lastLongPress = clock.now();
    scroll.pointerCancel();
    const target = actions.hitTest(x, y);
    if (!target) return;
    focus.set(target, false);
    selection.set(target.section, target.item, true);
    actions.openContextMenu(target, x, y, 'touch');
  }

  /** A finger starts dragging the content (y and time of the touch). */
  dragStart(y: number, t: number): void {
    this.engine.zoom.releaseAnchor();
    this.engine.scroll.pointerDown(y, t);
  }

  dragMove(y: number, t: number): void {
    this.engine.scroll.pointerMove(y, t);
  }

  /** The finger lifted: the content flings on with its velocity. */
  dragEnd(t: number): void {
    this.engine.scroll.pointerUp(t);
  }

  /** The browser took the gesture, or a pinch did: the drag ends without a fling. */
  dragCancel(): void {
    this.engine.scroll.pointerCancel();
  }

  /** Two fingers (or a trackpad) start pinching around canvas point (x, y). */
  pinchStart(x: number, y: number): void {
    this.engine.scroll.pointerCancel();
    this.engine.focus.setVisible(false);
    this.pinch = { originX: x, originY: y, scale: 1, active: false };
  }

  /**
   * The pinch, past its threshold, now shows `scale` (finger distance over the starting one),
   * clamped a little past the smallest and largest levels.
   */
  pinchTo(scale: number): void {
    const pinch = this.pinch;
    if (!pinch) return;
    pinch.active = true;
    const { level } = this.engine.zoom;
    const min = ZOOM_LEVELS[0] / ZOOM_LEVELS[level];
    const max = ZOOM_LEVELS[ZOOM_LEVELS.length - 1] / ZOOM_LEVELS[level];
    pinch.scale = Math.min(max * 1.1, Math.max(min * 0.9, scale));
    this.engine.handlers.onPinch?.(pinch.scale, pinch.originX, pinch.originY);
  }

  /** The fingers lifted: a pinch that showed a scale ends on a zoom level, else nothing happens. */
  pinchEnd(): void {
    const pinch = this.pinch;
    if (!pinch) return;
    this.pinch = null;
    if (!pinch.active) {
      this.engine.handlers.onPinch?.(1, pinch.originX, pinch.originY);
      return;
    }
    const { zoom, actions } = this.engine;
    const level = levelForPinch(ZOOM_LEVELS, zoom.level, pinch.scale);
    const wanted = zoom.level + (pinch.scale > 1 ? 1 : -1);
    const zoomed = actions.zoomTo(
      level === zoom.level ? wanted : level,
      pinch.originX,
      pinch.originY,
      pinch.scale,
    );
    if (!zoomed) this.engine.handlers.onPinch?.(1, pinch.originX, pinch.originY);
  }

  /** The browser took the pinch: the live scale goes back. */
  pinchCancel(): void {
    if (!this.pinch) return;
    this.pinch = null;
    this.engine.handlers.onPinch?.(1, 0, 0);
  }

  /** A wheel event; `mod` (Ctrl/Cmd, or a trackpad pinch in Chromium) zooms around (x, y). */
  wheel(deltaY: number, deltaMode: number, mod: boolean, x: number, y: number, t: number): void {
    const { zoom, scroll, actions } = this.engine;
    if (!mod) {
      if (zoom.frozen) return;
      zoom.releaseAnchor();
      scroll.wheel(deltaY, deltaMode, t);
      return;
    }
    if (t - this.lastWheelZoom > WHEEL_ZOOM_IDLE_MS) this.wheelZoom = 0;
    this.lastWheelZoom = t;
    if (zoom.frozen) {
      this.wheelZoom = 0;
      return;
    }
    this.wheelZoom += deltaMode === 1 ? deltaY * WHEEL_LINE_PX : deltaY;
    if (Math.abs(this.wheelZoom) < WHEEL_ZOOM_STEP) return;
    // Wheel up (a pinch apart) makes tiles bigger.
    const step = this.wheelZoom < 0 ? 1 : -1;
    this.wheelZoom = 0;
    actions.zoomBy(step, x, y);
  }

  private hoverAt(x: number, y: number): void {
    this.hoverX = x;
    this.hoverY = y;
    const { selection } = this.engine;
    const target = this.engine.actions.hitTest(x, y);
    this.setHover(target);
    const anchor = selection.anchor;
    if (this.shiftHeld && target && anchor && selection.selectionMode) {
      selection.previewRange(anchor, target);
    } else {
      selection.clearPreview();
    }
  }

  private setHover(target: ItemPosition | null): void {
    const hover = this.engine.composer.hover;
    const section = target ? target.section : -1;
    const item = target ? target.item : -1;
    if (hover.section === section && hover.item === item) return;
    hover.section = section;
    hover.item = item;
    this.engine.invalidate();
  }

  private inCheckArea(target: ItemPosition, x: number, y: number): boolean {
    const rect = this.rect;
    if (!this.engine.actions.tileRect(target.section, target.item, rect)) return false;
    return x - rect.x < CHECK_HIT_PX && y - rect.y < CHECK_HIT_PX;
  }
}
