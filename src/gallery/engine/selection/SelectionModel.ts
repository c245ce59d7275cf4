import {
  clampPosition,
  comparePositions,
  orderedRange,
  sectionsToLoadForRange,
  type PositionRange,
  type RangeLoadOptions,
} from './range';
import { RangePreview } from './RangePreview';
import { RangeLoader, type LoadSections } from './RangeLoader';
import { SelectionBits } from './SelectionBits';
import type {
  FileSelectionState,
  GroupSelectionStatus,
  ItemPosition,
  RangeResult,
  SelectAllStatus,
  SelectableIndex,
} from './types';

/** See `SelectionModel.snapshotByIdentity`. */
export interface SelectionSnapshot {
  wholeSections: Set<string>;
  ids: Set<string>;
}

export interface SelectionModelOptions extends RangeLoadOptions {
  index: SelectableIndex;
  loadSections: LoadSections;
  /** SPEC §5 "Photo selection max" for pickers: exceeding it is allowed but flagged. */
  maximum?: number | null;
}

/**
 * The selection of one grid (timeline, album, trash, picker): bits per section position, never
 * per-file objects (see SelectionBits). Every change bumps `version`, so the renderer knows to
 * refresh its instance attributes, and calls the subscribers once.
 *
 * Positions are (section index, item index). When the index's sections change, call
 * `syncSizes()` (sizes changed, e.g. files loaded) or `reset()` (a different list of sections).
 */
export class SelectionModel {
  private readonly index: SelectableIndex;
  private readonly rangeLoader: RangeLoader;
  private readonly rangeLoad: RangeLoadOptions;
  private bits: SelectionBits;
  private readonly listeners = new Set<() => void>();
  private versionValue = 0;
  private maximumValue: number | null;
  private explicitMode = false;
  private anchorValue: ItemPosition | null = null;
  private readonly previewState = new RangePreview();
  private readonly sizeOf = (section: number): number => this.bits.size(section);

  constructor(options: SelectionModelOptions) {
    this.index = options.index;
    this.rangeLoader = new RangeLoader(options.loadSections, () => this.changed());
    this.rangeLoad = { calendar: options.calendar, granularity: options.granularity };
    this.maximumValue = options.maximum ?? null;
    this.bits = new SelectionBits(this.readSizes());
  }

  /** Bumped by every change; the renderer refreshes selection attributes when it moves. */
  get version(): number {
    return this.versionValue;
  }
  get count(): number {
    return this.bits.count;
  }
  /** Items over all sections, loaded or not. */
  get total(): number {
    return this.bits.total;
  }
  get maximum(): number | null {
    return this.maximumValue;
  }
  set maximum(value: number | null) {
    if (value === this.maximumValue) return;
    this.maximumValue = value;
    this.changed();
  }
  /** SPEC §5: the count turns magenta and Next is disabled. Selecting past it is not refused. */
  get overMaximum(): boolean {
    return this.maximumValue !== null && this.bits.count > this.maximumValue;
  }
  /** True while anything is selected, or since `enterSelectionMode()` until exit. */
  get selectionMode(): boolean {
    return this.explicitMode || this.bits.count > 0;
  }
  /** The last clicked item: where a shift-click range starts. */
  get anchor(): ItemPosition | null {
    return this.anchorValue;
  }
  /** True while a range select waits for its sections to load. */
  get isLoadingRange(): boolean {
    return this.rangeLoader.busy;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  isSelected(section: number, item: number): boolean {
    return this.bits.has(section, item);
  }

  /** Flips one item and makes it the anchor; returns its new state. */
  toggle(section: number, item: number): boolean {
    this.set(section, item, !this.bits.has(section, item));
    return this.bits.has(section, item);
  }

  /** Sets one item and makes it the anchor. Positions outside the sections are ignored. */
  set(section: number, item: number, on: boolean): void {
    if (!this.bits.contains(section, item)) return;
    const changed = this.bits.set(section, item, on);
    const anchor = this.anchorValue;
    if (changed || anchor?.section !== section || anchor.item !== item) {
      this.anchorValue = { section, item };
      this.changed();
    }
  }

  /** Moves the anchor without selecting (keyboard focus, or null to forget it). */
  setAnchor(position: ItemPosition | null): void {
    if (position && !this.bits.contains(position.section, position.item)) return;
    const old = this.anchorValue;
    if (old === position || (old && position && comparePositions(old, position) === 0)) return;
    this.anchorValue = position && { section: position.section, item: position.item };
    this.changed();
  }

  /** A group header selects or clears its whole group. The anchor stays. */
  selectSection(section: number, on: boolean): void {
    if (this.bits.fillSection(section, on)) this.changed();
  }

  /** SPEC §3 Timeline group selectionStatus; an empty group is none-selected. */
  groupStatus(section: number): GroupSelectionStatus {
    const selected = this.bits.selectedIn(section);
    if (selected === 0) return 'none-selected';
    return selected === this.bits.size(section) ? 'all-selected' : 'partial';
  }

  /** SPEC §4 select-all status, over every section, loaded or not. */
  selectAllStatus(): SelectAllStatus {
    const { count, total } = this.bits;
    if (count === 0) return 'none';
    return count === total ? 'all' : 'some';
  }

  /**
   * Selects every item, loaded or not: one word fill (a 1,000,000-item timeline is ~31,000
   * words), so it runs to the end synchronously; an already aborted signal makes it a no-op.
   * Supersedes a range select still loading.
   */
  selectAll(signal?: AbortSignal): void {
    if (signal?.aborted) return;
    this.cancelRange();
    if (this.bits.fillAll(true)) this.changed();
  }

  /** Deselects everything and forgets the anchor and preview; an explicit mode stays on. */
  clear(): void {
    this.cancelRange();
    const cleared = this.bits.fillAll(false);
    const hadPreview = this.previewState.set(null, this.bits);
    const hadAnchor = this.anchorValue !== null;
    this.anchorValue = null;
    if (cleared || hadPreview || hadAnchor) this.changed();
  }

  enterSelectionMode(): void {
    if (this.explicitMode) return;
    this.explicitMode = true;
    this.changed();
  }

  exitSelectionMode(): void {
    const wasExplicit = this.explicitMode;
    this.explicitMode = false;
    const version = this.versionValue;
    this.clear();
    if (wasExplicit && version === this.versionValue) this.changed();
  }

  /** SPEC §3 per-file state, the range preview included. */
  displayState(section: number, item: number): FileSelectionState {
    return this.previewState.displayState(this.bits, section, item);
  }

  /** Shift-hover: previews the range from `from` to `to` (either order, inclusive). */
  previewRange(from: ItemPosition, to: ItemPosition): void {
    const range = orderedRange(this.sizeOf, this.bits.sectionCount, from, to);
    if (this.previewState.set(range, this.bits)) this.changed();
  }

  clearPreview(): void {
    if (this.previewState.set(null, this.bits)) this.changed();
  }

  /** The previewed range (ordered, clamped) and whether it is in deselection mode. */
  get preview(): { range: PositionRange; deselect: boolean } | null {
    const { range, deselect } = this.previewState;
    return range && { range, deselect };
  }

  /**
   * Shift-click: selects every item from `anchor` to `target` (inclusive, timeline order,
   * across sections), or deselects them all when every one is already selected (SPEC §4). The
   * range's unloaded sections load first (`sectionsToLoadForRange`); without any, it applies
   * before returning. A later range request, `cancelRange`, `clear`, `selectAll`, `reset` or
   * the signal cancel it: it then resolves 'cancelled' and changes nothing. A failed load
   * rejects with the loader's error. Once applied, `target` is the new anchor.
   */
  selectRange(
    anchor: ItemPosition,
    target: ItemPosition,
    signal?: AbortSignal,
  ): Promise<RangeResult> {
    this.rangeLoader.cancel();
    if (signal?.aborted) return Promise.resolve('cancelled');
    const toLoad = sectionsToLoadForRange(this.index, anchor, target, this.rangeLoad);
    if (toLoad.length === 0) return Promise.resolve(this.applyRange(anchor, target));
    return this.rangeLoader.run(toLoad, signal, () => {
      if (this.index.sectionCount !== this.bits.sectionCount) {
        // The list of sections was replaced while loading: the positions name other files now.
        this.reset();
        return 'cancelled';
      }
      // Loaded sections may hold a different number of files than their counts said.
      this.syncSizes();
      return this.applyRange(anchor, target);
    });
  }

  /**
   * Keyboard Shift+arrows: selects every item from `from` to `to` (either order, inclusive),
   * without the toggle of `selectRange` and without moving the anchor.
   */
  selectSpan(from: ItemPosition, to: ItemPosition): void {
    const range = orderedRange(this.sizeOf, this.bits.sectionCount, from, to);
    if (!range) return;
    const before = this.bits.count;
    this.bits.fillRange(range, true);
    if (this.bits.count !== before) this.changed();
  }

  /** Abandons a range select still loading. */
  cancelRange(): void {
    this.rangeLoader.cancel();
  }

  /**
   * Ids of the selected files of loaded sections, in timeline order. Selected items of
   * sections not loaded yet (after select-all or a header click) are left out: load
   * `selectedUnloadedSections()` first when an action needs every id.
   */
  selectedIds(): string[] {
    const ids: string[] = [];
    for (let s = 0; s < this.bits.sectionCount; s++) {
      if (this.bits.selectedIn(s) === 0 || !this.index.isLoaded(s)) continue;
      this.bits.forEachSelected(s, (item) => ids.push(this.index.fileId(s, item)));
    }
    return ids;
  }

  /** Sections with a selected item whose files are not loaded. */
  selectedUnloadedSections(): number[] {
    const sections: number[] = [];
    for (let s = 0; s < this.bits.sectionCount; s++) {
      if (this.bits.selectedIn(s) > 0 && !this.index.isLoaded(s)) sections.push(s);
    }
    return sections;
  }

  /** Every selected position in timeline order. */
  forEachSelected(visit: (section: number, item: number) => void): void {
    for (let s = 0; s < this.bits.sectionCount; s++) {
      this.bits.forEachSelected(s, (item) => visit(s, item));
    }
  }

  /** One section's selection bits (item i is bit i & 31 of word i >> 5), e.g. for a texture. */
  sectionWords(section: number): Uint32Array {
    return this.bits.sectionWords(section);
  }

  /**
   * Re-reads section sizes from the index (files loaded, counts expired). See
   * SelectionBits.resize for what a resized section keeps.
   */
  syncSizes(): void {
    const sizes = this.readSizes();
    if (sizes.length !== this.bits.sectionCount) return this.reset();
    if (!this.bits.resize(sizes)) return;
    const anchor = this.anchorValue;
    if (anchor && !this.bits.contains(anchor.section, anchor.item)) this.anchorValue = null;
    const preview = this.previewState.range;
    if (preview) {
      const range = orderedRange(this.sizeOf, this.bits.sectionCount, preview.start, preview.end);
      this.previewState.set(range, this.bits);
    }
    this.changed();
  }

  /**
   * What is selected, by identity rather than position: the ids of loaded sections and the keys
   * of unloaded sections that are wholly selected (after select-all or a header click). Taken
   * before the sections move or change size (live changes, a delete), and given back to
   * `restoreByIdentity` after, so the selection follows the files, not the positions.
   */
  snapshotByIdentity(keyOf: (section: number) => string): SelectionSnapshot {
    const snapshot: SelectionSnapshot = { wholeSections: new Set(), ids: new Set() };
    for (let s = 0; s < this.bits.sectionCount; s++) {
      const selected = this.bits.selectedIn(s);
      if (selected === 0) continue;
      if (!this.index.isLoaded(s)) {
        if (selected === this.bits.size(s)) snapshot.wholeSections.add(keyOf(s));
        continue;
      }
      this.bits.forEachSelected(s, (item) => snapshot.ids.add(this.index.fileId(s, item)));
    }
    return snapshot;
  }

  /**
   * Re-reads the sections and selects what the snapshot names: its files wherever they are now,
   * and its wholly selected sections (wholly again, at their current size). Files that are gone
   * stay unselected; the anchor and the preview are forgotten (their positions moved).
   */
  restoreByIdentity(snapshot: SelectionSnapshot, keyOf: (section: number) => string): void {
    this.cancelRange();
    this.bits = new SelectionBits(this.readSizes());
    this.anchorValue = null;
    this.previewState.set(null, this.bits);
    const { ids, wholeSections } = snapshot;
    for (let s = 0; s < this.bits.sectionCount; s++) {
      if (wholeSections.size > 0 && wholeSections.has(keyOf(s))) {
        this.bits.fillSection(s, true);
        continue;
      }
      if (ids.size === 0 || !this.index.isLoaded(s)) continue;
      const size = this.bits.size(s);
      for (let item = 0; item < size; item++) {
        if (ids.has(this.index.fileId(s, item))) this.bits.set(s, item, true);
      }
    }
    this.changed();
  }

  /** A different list of sections: positions mean nothing any more, so everything clears. */
  reset(): void {
    this.cancelRange();
    this.bits = new SelectionBits(this.readSizes());
    this.anchorValue = null;
    this.previewState.set(null, this.bits);
    this.changed();
  }

  dispose(): void {
    this.cancelRange();
    this.listeners.clear();
  }

  private applyRange(anchor: ItemPosition, target: ItemPosition): RangeResult {
    const range = orderedRange(this.sizeOf, this.bits.sectionCount, anchor, target);
    if (!range) return 'selected';
    const deselect = this.bits.isRangeSelected(range);
    this.bits.fillRange(range, !deselect);
    this.anchorValue = clampPosition(this.sizeOf, this.bits.sectionCount, target);
    this.changed();
    return deselect ? 'deselected' : 'selected';
  }

  private readSizes(): Int32Array {
    const n = this.index.sectionCount;
    const sizes = new Int32Array(n);
    for (let s = 0; s < n; s++) sizes[s] = this.index.sectionSize(s);
    return sizes;
  }

  private changed(): void {
    this.previewState.refresh(this.bits);
    this.versionValue++;
    for (const listener of [...this.listeners]) listener();
  }
}
