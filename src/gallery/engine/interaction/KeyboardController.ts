import type { ControllerHost } from './GalleryActions';
import { navigate, type NavigationDirection } from './navigation';

export interface KeyInput {
  key: string;
  shift: boolean;
  /** Ctrl or Cmd. */
  mod: boolean;
  alt: boolean;
}

const ARROWS: Record<string, NavigationDirection> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
};

/**
 * Keys on the grid, for the keyboard, screen readers and TV remotes (whose D-pad sends arrows
 * and OK sends Enter). Arrows move the focus (the first press focuses the first visible tile),
 * Shift+arrows extend the selection, Enter opens, Space or X toggles, Ctrl/Cmd+A selects all,
 * Escape leaves selection mode, Delete asks the page, M / Shift+M and Y / Shift+Y step months
 * and years (as Immich does), Home / End go to the first and last file, + and - zoom, the
 * ContextMenu key or Shift+F10 opens the menu; Page keys (and Space without a focused tile)
 * scroll as the ScrollModel does, and the focus follows.
 */
export class KeyboardController {
  constructor(private readonly engine: ControllerHost) {}

  /** Handles a key; returns false for keys it does not use (the caller lets them be). */
  key(e: KeyInput): boolean {
    const { selection, focus, actions, scroll } = this.engine;
    if (e.alt) return false;
    if (e.mod) {
      if (e.key === 'a' || e.key === 'A') {
        selection.selectAll();
        return true;
      }
      return false;
    }
    const direction = ARROWS[e.key];
    if (direction) {
      const lost =
        focus.section < 0 ||
        (!focus.active && !this.engine.composer.findVisible(focus.section, focus.item));
      if (lost) return actions.focusFirstVisible() || scroll.key(e.key, e.shift);
      focus.setVisible(true);
      this.step(direction, e.shift);
      return true;
    }
    const focused = focus.position;
    switch (e.key) {
      case 'Enter':
        if (!focused) return false;
        actions.open(focused);
        return true;
      case ' ':
      case 'Spacebar':
      case 'x':
      case 'X':
        if (!focused) return e.key === 'x' || e.key === 'X' ? false : scroll.key(e.key, e.shift);
        focus.setVisible(true);
        selection.toggle(focused.section, focused.item);
        return true;
      case 'Escape':
        if (!selection.selectionMode) return false;
        selection.exitSelectionMode();
        return true;
      case 'Delete':
        if (!this.engine.handlers.onDelete) return false;
        void actions.requestDelete();
        return true;
      case 'm':
      case 'M':
        return this.stepOrFocus(e.shift ? 'previousMonth' : 'nextMonth');
      case 'y':
      case 'Y':
        return this.stepOrFocus(e.shift ? 'previousYear' : 'nextYear');
      case 'Home':
      case 'End':
        if (!focused) return scroll.key(e.key, e.shift);
        focus.setVisible(true);
        this.step(e.key === 'Home' ? 'first' : 'last', false);
        return true;
      case '+':
      case '=':
        actions.zoomAtFocus(1);
        return true;
      case '-':
      case '_':
        actions.zoomAtFocus(-1);
        return true;
      case 'ContextMenu':
        return actions.openContextMenuAtFocus();
      case 'F10':
        return e.shift && actions.openContextMenuAtFocus();
      default:
        return scroll.key(e.key, e.shift);
    }
  }

  private stepOrFocus(direction: NavigationDirection): boolean {
    const { focus, actions } = this.engine;
    if (focus.section < 0 && !actions.focusFirstVisible()) return false;
    focus.setVisible(true);
    this.step(direction, false);
    return true;
  }

  /**
   * Moves the focus one step; an unloaded section on the way loads first (the step is taken
   * when it has). With `extend` the items from the old focus to the new one are selected.
   */
  private step(direction: NavigationDirection, extend: boolean): void {
    const { timeline, focus, selection, actions } = this.engine;
    const from = focus.position;
    if (!from) return;
    const target = navigate(timeline, from, direction);
    if (!target) return;
    if (target.kind === 'load') {
      actions.loadSectionThen(target.section, () => {
        if (focus.is(from.section, from.item)) this.step(direction, extend);
      });
      return;
    }
    const to = { section: target.section, item: target.item };
    if (extend) {
      if (!selection.anchor) selection.setAnchor(from);
      selection.selectSpan(from, to);
    }
    focus.set(to, true);
    actions.reveal(to);
  }
}
