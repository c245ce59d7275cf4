import {
  countBits,
  fillBits,
  forEachSetBit,
  testBit,
  wordMask,
  wordsFor,
  writeBit,
} from './bitset';
import { forEachSpan, type PositionRange } from './range';

/**
 * The selected items of every section: one bitset per section, all in one Uint32Array so that
 * select-all is a single fill. Each section starts on a word boundary (`wordStart`) and its
 * bits past its size stay zero, which keeps counts exact without masking on every read.
 * Per-section and total counts are kept in step with every write, so group and select-all
 * statuses cost nothing to read.
 */
export class SelectionBits {
  private sizes = new Int32Array(0);
  private wordStart = new Int32Array(1);
  private words = new Uint32Array(0);
  private selected = new Int32Array(0);
  /** Selected items over all sections. */
  count = 0;
  /** Items over all sections. */
  total = 0;

  constructor(sizes: ArrayLike<number> = []) {
    this.allocate(sizes);
  }

  get sectionCount(): number {
    return this.sizes.length;
  }

  size(section: number): number {
    return this.sizes[section] ?? 0;
  }

  selectedIn(section: number): number {
    return this.selected[section] ?? 0;
  }

  has(section: number, item: number): boolean {
    if (!this.contains(section, item)) return false;
    return testBit(this.words, this.wordStart[section], item);
  }

  /** Returns true when the bit changed. Positions outside the sections are ignored. */
  set(section: number, item: number, on: boolean): boolean {
    if (!this.contains(section, item)) return false;
    if (!writeBit(this.words, this.wordStart[section], item, on)) return false;
    const delta = on ? 1 : -1;
    this.selected[section] += delta;
    this.count += delta;
    return true;
  }

  /** Items [from, to) of a section; returns true when anything changed. */
  fillSpan(section: number, from: number, to: number, on: boolean): boolean {
    const size = this.size(section);
    from = Math.max(0, from);
    to = Math.min(size, to);
    if (from >= to) return false;
    if (from === 0 && to === size) return this.fillSection(section, on);
    const base = this.wordStart[section];
    const before = countBits(this.words, base, from, to);
    const after = on ? to - from : 0;
    if (before === after) return false;
    fillBits(this.words, base, from, to, on);
    this.selected[section] += after - before;
    this.count += after - before;
    return true;
  }

  fillSection(section: number, on: boolean): boolean {
    const size = this.size(section);
    const before = this.selectedIn(section);
    const after = on ? size : 0;
    if (before === after) return false;
    fillBits(this.words, this.wordStart[section], 0, size, on);
    this.selected[section] = after;
    this.count += after - before;
    return true;
  }

  /** Every section at once: one fill over all words, then the sections' last words masked. */
  fillAll(on: boolean): boolean {
    if (this.count === (on ? this.total : 0)) return false;
    if (!on) {
      this.words.fill(0);
      this.selected.fill(0);
      this.count = 0;
      return true;
    }
    this.words.fill(0xffffffff);
    for (let s = 0; s < this.sizes.length; s++) {
      const tail = this.sizes[s] & 31;
      if (tail !== 0) this.words[this.wordStart[s + 1] - 1] = wordMask(0, tail);
    }
    this.selected.set(this.sizes);
    this.count = this.total;
    return true;
  }

  /** Selected items among [from, to) of a section. */
  countSpan(section: number, from: number, to: number): number {
    const size = this.size(section);
    from = Math.max(0, from);
    to = Math.min(size, to);
    if (from >= to) return 0;
    if (from === 0 && to === size) return this.selectedIn(section);
    return countBits(this.words, this.wordStart[section], from, to);
  }

  /** Whether every item of the range is selected; an empty range is not. */
  isRangeSelected(range: PositionRange): boolean {
    let length = 0;
    let selected = 0;
    forEachSpan(this.sizeOf, range, (s, from, to) => {
      length += to - from;
      selected += this.countSpan(s, from, to);
    });
    return length > 0 && selected === length;
  }

  /** Whole sections are word fills; only the range's two end sections need masking. */
  fillRange(range: PositionRange, on: boolean): void {
    forEachSpan(this.sizeOf, range, (s, from, to) => this.fillSpan(s, from, to, on));
  }

  readonly sizeOf = (section: number): number => this.sizes[section] ?? 0;

  forEachSelected(section: number, visit: (item: number) => void): void {
    if (this.selectedIn(section) === 0) return;
    forEachSetBit(this.words, this.wordStart[section], this.size(section), visit);
  }

  /** A read-only view of one section's words (bit i of word i >> 5 is item i), e.g. for upload. */
  sectionWords(section: number): Uint32Array {
    return this.words.subarray(this.wordStart[section], this.wordStart[section + 1]);
  }

  /**
   * Adopts new section sizes. With the same section count, a section of unchanged size keeps
   * its bits; one whose size changed keeps "all selected" (it stays wholly selected at its new
   * size) and otherwise loses its selection, since its positions no longer name the same files.
   * A different section count means a different list of sections: everything is cleared.
   * Returns true when any size changed.
   */
  resize(sizes: ArrayLike<number>): boolean {
    const n = sizes.length;
    if (n !== this.sizes.length) {
      this.allocate(sizes);
      return true;
    }
    let same = true;
    for (let s = 0; s < n && same; s++) same = sizes[s] === this.sizes[s];
    if (same) return false;

    const oldSizes = this.sizes;
    const oldStart = this.wordStart;
    const oldWords = this.words;
    const oldSelected = this.selected;
    this.allocate(sizes);
    for (let s = 0; s < n; s++) {
      const wasSelected = oldSelected[s];
      if (wasSelected === 0) continue;
      if (oldSizes[s] === this.sizes[s]) {
        this.words.set(oldWords.subarray(oldStart[s], oldStart[s + 1]), this.wordStart[s]);
        this.selected[s] = wasSelected;
        this.count += wasSelected;
      } else if (wasSelected === oldSizes[s]) {
        this.fillSection(s, true);
      }
    }
    return true;
  }

  private allocate(sizes: ArrayLike<number>): void {
    const n = sizes.length;
    this.sizes = new Int32Array(n);
    this.wordStart = new Int32Array(n + 1);
    this.selected = new Int32Array(n);
    let total = 0;
    for (let s = 0; s < n; s++) {
      const size = Math.max(0, Math.floor(sizes[s] ?? 0));
      this.sizes[s] = size;
      this.wordStart[s + 1] = this.wordStart[s] + wordsFor(size);
      total += size;
    }
    this.words = new Uint32Array(this.wordStart[n]);
    this.total = total;
    this.count = 0;
  }

  /** Whether (section, item) names an item of the current sizes. */
  contains(section: number, item: number): boolean {
    return (
      Number.isInteger(section) &&
      section >= 0 &&
      section < this.sizes.length &&
      Number.isInteger(item) &&
      item >= 0 &&
      item < this.sizes[section]
    );
  }
}
