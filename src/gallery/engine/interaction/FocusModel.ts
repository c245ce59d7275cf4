import type { ItemPosition } from '../selection/types';

/**
 * The grid's keyboard focus: one position, whether it is shown (ring and SPEC §9 scale 1.15,
 * after keyboard or remote input, hidden again by the pointer), and whether it is active (the
 * DOM focus is in the grid, or a TV remote drives it): an active focus is never lost, it moves
 * to the nearest visible tile when its own scrolls away.
 */
export class FocusModel {
  section = -1;
  item = -1;
  visible = false;
  active = false;
  /** Bumped by every change; the DOM grid moves its focus when it moves. */
  version = 0;
  private readonly listeners = new Set<() => void>();

  get position(): ItemPosition | null {
    return this.section < 0 ? null : { section: this.section, item: this.item };
  }

  is(section: number, item: number): boolean {
    return this.section === section && this.item === item;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Moves the focus; `visible` says whether it was keyboard (or remote) input. */
  set(position: ItemPosition | null, visible = this.visible): void {
    const section = position ? position.section : -1;
    const item = position ? position.item : -1;
    if (section === this.section && item === this.item && visible === this.visible) return;
    this.section = section;
    this.item = item;
    this.visible = visible && section >= 0;
    this.changed();
  }

  setVisible(visible: boolean): void {
    if (visible === this.visible || (visible && this.section < 0)) return;
    this.visible = visible;
    this.changed();
  }

  setActive(active: boolean): void {
    if (active === this.active) return;
    this.active = active;
    this.changed();
  }

  clear(): void {
    this.set(null, false);
  }

  private changed(): void {
    this.version++;
    for (const listener of [...this.listeners]) listener();
  }
}
