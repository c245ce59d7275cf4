import {
  anchoredScrollPosition,
  type AnchorGrid,
  type ZoomAnchor,
} from '../interaction/zoomAnchor';
import { firstItemBelow } from '../timeline/geometry';
import type { ScrollModel } from './ScrollModel';

/** What the anchor reads of the grid: positions, rects and whether a section is laid out. */
export interface AnchoredGrid<S = unknown> extends AnchorGrid {
  readonly sections: readonly S[];
  isLaidOut(section: number): boolean;
}

/** One section's rows changed height (and maybe its files); tops are still the old ones. */
export interface SectionChange {
  /** Layout-space top of the section: the change does not move it. */
  top: number;
  /** The section's whole height (header, rows, gap) before the change. */
  oldHeight: number;
  oldRowsHeight: number;
  newRowsHeight: number;
  /** Header and header gap: where the rows start inside the section. */
  rowsOffset: number;
  /** When the files changed too: the old and new files with their rects, matched by id. */
  files?: {
    oldIds: readonly string[];
    oldRects: Float32Array;
    newIds: readonly string[];
    newRects: Float32Array;
  };
}

/**
 * The one place that decides what stays still on screen while the grid changes under the
 * viewport: estimates replaced by layouts, files removed or added, months appearing, a zoom, the
 * end of the timeline. Changes report here as they happen and only add to a correction; once a
 * frame `apply` writes the scroll position, and nothing else moves it for them.
 *
 * Rules, in order of precedence:
 * 1. An item held at a screen y (a zoom's anchor) stays there until the user scrolls away.
 * 2. A viewport at the very end stays at the end (End key, the scroller at the bottom) while
 *    estimates and layouts change there. Files appended after a section's last (a trash page)
 *    follow the end only after the End key: a view left at the bottom by a drag stays on what it
 *    shows, or each page appended would put the end in reach of the next page's fetch.
 * 3. Otherwise the content at the viewport's top stays: a change wholly above it shifts by its
 *    height change; a section under it keeps the first surviving file at or below the top (files
 *    replaced); an estimate or an old layout replaced under the top keeps what follows the
 *    section still when the section ends on screen, else the top's proportional place in its
 *    rows; a new list keeps the first surviving section at or below the top (none at the
 *    very top, where new content should show).
 */
export class ScrollAnchor<S = unknown> {
  /** The viewport's top as last drawn, in layout space: the content there stays still. */
  viewTop = 0;
  /** The viewport's height as last drawn. */
  viewHeight = 0;
  private shift = 0;
  /** A section got files after its last one since the last apply (rule 2's exception). */
  private appended = false;
  private held: ZoomAnchor | null = null;
  /** The position the held item asked for last; any other position means someone scrolled. */
  private lastHeld: number | null = null;

  constructor(private readonly grid: AnchoredGrid<S>) {}

  /** Records the correction for one section's change of height (rule 3). */
  sectionChanged(change: SectionChange): void {
    if (change.files && grewAfterLast(change.files.oldIds, change.files.newIds))
      this.appended = true;
    const byFile = change.files ? this.fileShift(change) : null;
    if (byFile !== null) {
      this.shift += byFile;
      return;
    }
    const { top, oldHeight, oldRowsHeight, newRowsHeight, rowsOffset } = change;
    const delta = newRowsHeight - oldRowsHeight;
    if (delta === 0) return;
    const anchor = this.viewTop;
    const end = top + oldHeight;
    if (end <= anchor) {
      this.shift += delta;
    } else if (top < anchor && !change.files && end < anchor + this.viewHeight) {
      // An estimate (or an old layout) replaced whose end is on screen: what follows it (the
      // next month's header and tiles) is what the eye holds, and it stays; the section's own
      // rows change anyway (grey placeholders become pictures), so their move is not seen as
      // one. Kept proportional, the next header jumped by the estimate's miss (issue 34.10).
      this.shift += delta;
    } else if (top < anchor) {
      const offset = anchor - top - rowsOffset;
      if (offset > 0 && oldRowsHeight > 0)
        this.shift += offset * (newRowsHeight / oldRowsHeight) - offset;
    }
  }

  /**
   * Runs `replace`, which gives the grid a new list of sections (some of `survivors` kept, some
   * new, some gone): the first survivor at or below the viewport's top keeps its place on screen.
   */
  keepAcrossList(survivors: ReadonlySet<S>, replace: () => void): void {
    const { grid } = this;
    let kept: S | null = null;
    let keptTop = 0;
    const old = grid.sections;
    if (this.viewTop > 0 && old.length > 0) {
      for (let i = Math.max(0, grid.sectionIndexAt(this.viewTop)); i < old.length; i++) {
        if (!survivors.has(old[i])) continue;
        kept = old[i];
        keptTop = grid.sectionTop(i);
        break;
      }
    }
    replace();
    if (kept !== null) this.shift += grid.sectionTop(grid.sections.indexOf(kept)) - keptTop;
  }

  /** The correction owed since the last call, cleared (apply takes it every frame). */
  takeShift(): number {
    const shift = this.shift;
    this.shift = 0;
    return shift;
  }

  /** Holds `item` at its screen y (rule 1) from the next frame on, until the user scrolls. */
  hold(item: ZoomAnchor | null): void {
    this.held = item;
    this.lastHeld = null;
  }

  /** The scroll moved for a reason the anchor did not cause (a transition ended): not a user scroll. */
  rebase(): void {
    this.lastHeld = null;
  }

  /** The user scrolled: the held item no longer needs to stay put. */
  release(): void {
    this.held = null;
    this.lastHeld = null;
  }

  /**
   * Where the scroll must be for the held item, or null when nothing is held. While the item's
   * section waits for its new layout, the last answer holds; a position other than that last
   * answer means the user took over, which releases the hold.
   */
  heldPosition(position: number): number | null {
    const held = this.held;
    if (!held) return null;
    if (this.lastHeld !== null && Math.abs(position - this.lastHeld) > 0.5) {
      this.release();
      return null;
    }
    if (held.item >= 0 && !this.grid.isLaidOut(held.section)) return this.lastHeld;
    this.lastHeld = anchoredScrollPosition(this.grid, held);
    return this.lastHeld;
  }

  /**
   * Once a frame, before drawing: gives the scroll the grid's height and the position that keeps
   * what must stay still. Returns the correction applied (0 when none).
   */
  apply(scroll: ScrollModel, contentHeight: number, scrolling: boolean): number {
    const shift = this.takeShift();
    const appended = this.appended;
    this.appended = false;
    const held = this.heldPosition(scroll.position);
    const atEnd =
      held === null &&
      (!appended || scroll.followsEnd) &&
      scroll.contentHeight > scroll.viewportHeight &&
      scroll.position >= scroll.maxPosition - 0.5;
    const applied = held === null && !atEnd ? shift : 0;
    if (contentHeight !== scroll.contentHeight) {
      // The shift and the new height together, clamped once: shifted first against the old
      // height, a correction into content that just grew was cut at the old end.
      scroll.setContentHeight(contentHeight, applied);
      if (atEnd && !scrolling) scroll.settleAtEnd();
    } else scroll.shiftBy(applied);
    if (held !== null) {
      scroll.scrollTo(held);
      // Clamped at an edge: the hold cannot be honoured, and must not read as a user scroll.
      this.lastHeld = scroll.position;
    }
    this.viewTop = scroll.position;
    this.viewHeight = scroll.viewportHeight;
    return shift;
  }

  /**
   * When a section's files are replaced: how far the first file at or below the viewport's top
   * that is in both lists moves. Null when the top is not inside this section's rows.
   */
  private fileShift(change: SectionChange): number | null {
    const { top, oldHeight, rowsOffset } = change;
    const files = change.files!;
    const anchor = this.viewTop;
    if (anchor <= top || anchor >= top + oldHeight) return null;
    const local = anchor - top - rowsOffset;
    if (local <= 0) return 0;
    const first = firstItemBelow(files.oldRects, local);
    // A section grown at its end (a trash page, files added after the last) keeps its old files
    // where they were: the anchor file is at the same index, no index of every id needed.
    if (first < files.oldIds.length && files.newIds[first] === files.oldIds[first]) {
      return files.newRects[first * 4 + 1] - files.oldRects[first * 4 + 1];
    }
    const newIndex = new Map<string, number>();
    for (let j = 0; j < files.newIds.length; j++) newIndex.set(files.newIds[j], j);
    for (let i = first; i < files.oldIds.length; i++) {
      const j = newIndex.get(files.oldIds[i]);
      if (j !== undefined) return files.newRects[j * 4 + 1] - files.oldRects[i * 4 + 1];
    }
    return null;
  }
}

/** Whether `newIds` is `oldIds` with files added after its last one (checked at that last one). */
function grewAfterLast(oldIds: readonly string[], newIds: readonly string[]): boolean {
  const last = oldIds.length - 1;
  return last >= 0 && newIds.length > oldIds.length && newIds[last] === oldIds[last];
}
