import { LONG_PRESS_MS, PINCH_THRESHOLD } from '../../../domain/constants';
import { ZOOM_LEVELS } from '../layout/LayoutEngine';
import type { ItemPosition } from '../selection/types';
import type { CanvasRect, ControllerHost } from './GalleryActions';
import { levelForPinch } from './zoomAnchor';

/** One pointer event as the engine needs it: canvas-relative CSS pixels and modifiers. */
export interface PointerInput {
  id: number;
  type: string;
  x: number;
  y: number;
  /** 0 main, 2 secondary (PointerEvent.button). */
  button: number;
  shift: boolean;
  /** Ctrl or Cmd. */
  mod: boolean;
  t: number;
}

/** A touch that moves further than this is a scroll, not a tap or a long-press. */
export const TAP_SLOP_PX = 10;
/** A mouse that moves further than this between down and up did not click. */
export const CLICK_SLOP_PX = 5;
/** The check mark's hit area in a tile's top-left corner (the circle is drawn at 16, 16). */
export const CHECK_HIT_PX = 36;
/** Ctrl+wheel (and trackpad pinch, which Chromium sends as Ctrl+wheel) per zoom step. */
export const WHEEL_ZOOM_STEP = 50;
const WHEEL_ZOOM_IDLE_MS = 400;
const WHEEL_LINE_PX = 40;

interface Contact {
  x: number;
  y: number;
  startX: number;
  startY: number;
  type: string;
}

interface Pinch {
  startDistance: number;
  originX: number;
  originY: number;
  scale: number;
  active: boolean;
}

/**
 * Mouse, touch and pen on the grid. Mouse: hover (check-mark circle, shift-hover range
 * preview), click (check mark or selection mode toggles, Shift extends from the anchor,
 * Ctrl/Cmd toggles, otherwise opens), right-click menu. Touch: drag scrolls (ScrollModel),
 * tap toggles in selection mode or opens, long-press (500 ms) selects and opens the menu, two
 * fingers pinch-zoom past a 20 px threshold. Wheel scrolls; Ctrl/Cmd+wheel zooms.
 */
export class PointerController {
  private readonly contacts = new Map<number, Contact>();
  private readonly rect: CanvasRect = { x: 0, y: 0, w: 0, h: 0 };
  private mousePress: { x: number; y: number; moved: boolean } | null = null;
  private longPressTimer = -1;
  private longPressFired = false;
  private tapCandidate = false;
  private pinch: Pinch | null = null;
  /** Fingers that pinched are done until every one is lifted. */
  private gestureConsumed = false;
  private lastLongPress = Number.NEGATIVE_INFINITY;
  private wheelZoom = 0;
  private lastWheelZoom = Number.NEGATIVE_INFINITY;
  private shiftHeld = false;
  private hoverX = -1;
  private hoverY = -1;

  constructor(private readonly engine: ControllerHost) {}

  down(e: PointerInput): void {
    this.contacts.set(e.id, { x: e.x, y: e.y, startX: e.x, startY: e.y, type: e.type });
    if (e.type === 'mouse') {
      if (e.button === 0) this.mousePress = { x: e.x, y: e.y, moved: false };
      this.engine.focus.setVisible(false);
      return;
    }
    this.engine.focus.setVisible(false);
    if (this.contacts.size === 2) {
      this.startPinch();
      return;
    }
    if (this.contacts.size > 2 || this.gestureConsumed) return;
    this.engine.zoom.releaseAnchor();
    this.engine.scroll.pointerDown(e.y, e.t);
    this.tapCandidate = true;
    this.longPressFired = false;
    this.cancelLongPress();
    this.longPressTimer = this.engine.clock.setTimeout(() => {
      this.longPressTimer = -1;
      this.onLongPress(e.x, e.y);
    }, LONG_PRESS_MS);
  }

  move(e: PointerInput): void {
    const contact = this.contacts.get(e.id);
    if (e.type === 'mouse') {
      this.shiftHeld = e.shift;
      this.hover(e.x, e.y);
      const press = this.mousePress;
      if (press && Math.hypot(e.x - press.x, e.y - press.y) > CLICK_SLOP_PX) press.moved = true;
      return;
    }
    if (!contact) return;
    contact.x = e.x;
    contact.y = e.y;
    if (this.pinch) {
      this.updatePinch();
      return;
    }
    if (this.gestureConsumed) return;
    if (Math.hypot(e.x - contact.startX, e.y - contact.startY) > TAP_SLOP_PX) {
      this.tapCandidate = false;
      this.cancelLongPress();
    }
    if (!this.longPressFired) this.engine.scroll.pointerMove(e.y, e.t);
  }

  up(e: PointerInput): void {
    const contact = this.contacts.get(e.id);
    this.contacts.delete(e.id);
    if (e.type === 'mouse') {
      const press = this.mousePress;
      this.mousePress = null;
      if (press && !press.moved && e.button === 0) this.click(e.x, e.y, e.shift, e.mod);
      return;
    }
    if (!contact) return;
    if (this.pinch) {
      if (this.contacts.size < 2) this.endPinch();
      return;
    }
    this.cancelLongPress();
    if (this.gestureConsumed) {
      if (this.contacts.size === 0) this.gestureConsumed = false;
      return;
    }
    this.engine.scroll.pointerUp(e.t);
    if (!this.longPressFired && this.tapCandidate) this.tap(e.x, e.y);
    this.tapCandidate = false;
  }

  cancel(e: Pick<PointerInput, 'id'>): void {
    this.contacts.delete(e.id);
    this.cancelLongPress();
    this.mousePress = null;
    this.tapCandidate = false;
    this.engine.scroll.pointerCancel();
    if (this.pinch) {
      this.pinch = null;
      this.engine.handlers.onPinch?.(1, 0, 0);
    }
    if (this.contacts.size === 0) this.gestureConsumed = false;
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
    if (this.hoverX >= 0) this.hover(this.hoverX, this.hoverY);
  }

  /** Right-click (or a platform's menu gesture); returns true when a menu was asked for. */
  contextMenu(x: number, y: number): boolean {
    // A long-press already opened the menu; touch browsers follow it with their own event.
    if (this.engine.clock.now() - this.lastLongPress < 1500 || this.contacts.size > 1) return true;
    const target = this.engine.actions.hitTest(x, y);
    if (!target) return false;
    this.engine.actions.openContextMenu(target, x, y, 'pointer');
    return true;
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

  dispose(): void {
    this.cancelLongPress();
  }

  private hover(x: number, y: number): void {
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

  private click(x: number, y: number, shift: boolean, mod: boolean): void {
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

  private tap(x: number, y: number): void {
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

  private onLongPress(x: number, y: number): void {
    const { selection, actions, scroll, clock, focus } = this.engine;
    this.longPressFired = true;
    this.tapCandidate = false;
    this.lastLongPress = clock.now();
    scroll.pointerCancel();
    const target = actions.hitTest(x, y);
    if (!target) return;
    focus.set(target, false);
    // SPEC: a long-press starts selection mode with the pressed file selected.
    selection.set(target.section, target.item, true);
    actions.openContextMenu(target, x, y, 'touch');
  }

  private cancelLongPress(): void {
    if (this.longPressTimer >= 0) this.engine.clock.clearTimeout(this.longPressTimer);
    this.longPressTimer = -1;
  }

  private startPinch(): void {
    this.cancelLongPress();
    this.tapCandidate = false;
    this.gestureConsumed = true;
    this.engine.scroll.pointerCancel();
    const [a, b] = [...this.contacts.values()];
    this.pinch = {
      startDistance: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)),
      originX: (a.x + b.x) / 2,
      originY: (a.y + b.y) / 2,
      scale: 1,
      active: false,
    };
  }

  private updatePinch(): void {
    const pinch = this.pinch!;
    const [a, b] = [...this.contacts.values()];
    if (!a || !b) return;
    const distance = Math.hypot(a.x - b.x, a.y - b.y);
    // SPEC §9 pinch threshold: under 20 px of change the fingers are only resting.
    if (!pinch.active && Math.abs(distance - pinch.startDistance) > PINCH_THRESHOLD) {
      pinch.active = true;
    }
    if (!pinch.active) return;
    const { level } = this.engine.zoom;
    const min = ZOOM_LEVELS[0] / ZOOM_LEVELS[level];
    const max = ZOOM_LEVELS[ZOOM_LEVELS.length - 1] / ZOOM_LEVELS[level];
    pinch.scale = Math.min(max * 1.1, Math.max(min * 0.9, distance / pinch.startDistance));
    this.engine.handlers.onPinch?.(pinch.scale, pinch.originX, pinch.originY);
  }

  private endPinch(): void {
    const pinch = this.pinch!;
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
}
