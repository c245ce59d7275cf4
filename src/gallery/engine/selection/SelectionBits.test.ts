import { describe, expect, it } from 'vitest';
import { SelectionBits } from './SelectionBits';

function selectedOf(bits: SelectionBits, section: number): number[] {
  const items: number[] = [];
  bits.forEachSelected(section, (item) => items.push(item));
  return items;
}

describe('SelectionBits', () => {
  it('keeps per-section and total counts in step with every write', () => {
    const bits = new SelectionBits([3, 40, 0, 33]);
    expect(bits.total).toBe(76);
    expect(bits.set(1, 39, true)).toBe(true);
    expect(bits.set(1, 39, true)).toBe(false);
    expect(bits.fillSpan(1, 30, 35, true)).toBe(true);
    expect(bits.selectedIn(1)).toBe(6);
    expect(bits.fillSpan(1, 30, 35, true)).toBe(false);
    expect(bits.fillSection(3, true)).toBe(true);
    expect(bits.count).toBe(39);
    expect(bits.countSpan(1, 0, 40)).toBe(6);
    expect(bits.countSpan(1, 31, 40)).toBe(5);
    expect(bits.fillSpan(1, 0, 40, false)).toBe(true);
    expect(bits.count).toBe(33);
  });

  it('ignores positions outside the sections', () => {
    const bits = new SelectionBits([2]);
    for (const [s, i] of [
      [-1, 0],
      [1, 0],
      [0, 2],
      [0, -1],
      [0, 0.5],
    ]) {
      expect(bits.set(s, i, true)).toBe(false);
      expect(bits.has(s, i)).toBe(false);
    }
    expect(bits.count).toBe(0);
    expect(bits.fillSection(5, true)).toBe(false);
    expect(bits.fillSpan(0, -5, 1, true)).toBe(true);
    expect(bits.selectedIn(0)).toBe(1);
  });

  it('fills everything, leaving the bits past each section zero', () => {
    const sizes = [1, 31, 32, 33, 0, 500];
    const bits = new SelectionBits(sizes);
    expect(bits.fillAll(true)).toBe(true);
    expect(bits.fillAll(true)).toBe(false);
    expect(bits.count).toBe(bits.total);
    sizes.forEach((size, s) => {
      expect(bits.selectedIn(s)).toBe(size);
      expect(selectedOf(bits, s)).toHaveLength(size);
      // The tail invariant: a raw popcount of the section's words equals its size.
      const raw = [...bits.sectionWords(s)].reduce(
        (n, w) => n + w.toString(2).replace(/0/g, '').length,
        0,
      );
      expect(raw).toBe(size);
    });
    expect(bits.fillAll(false)).toBe(true);
    expect(bits.count).toBe(0);
    expect(bits.fillAll(false)).toBe(false);
  });

  it('judges and fills ranges across sections', () => {
    const bits = new SelectionBits([10, 0, 10]);
    const range = { start: { section: 0, item: 8 }, end: { section: 2, item: 1 } };
    expect(bits.isRangeSelected(range)).toBe(false);
    bits.fillRange(range, true);
    expect(bits.count).toBe(4);
    expect(bits.isRangeSelected(range)).toBe(true);
    expect(selectedOf(bits, 0)).toEqual([8, 9]);
    expect(selectedOf(bits, 2)).toEqual([0, 1]);
    bits.fillRange(range, false);
    expect(bits.count).toBe(0);
    // A range over empty sections only is never "all selected".
    expect(
      bits.isRangeSelected({ start: { section: 1, item: 0 }, end: { section: 1, item: 0 } }),
    ).toBe(false);
  });

  describe('resize', () => {
    it('keeps sections of unchanged size and wholly selected ones; drops partial ones', () => {
      const bits = new SelectionBits([5, 40, 7]);
      bits.set(0, 4, true);
      bits.fillSection(1, true);
      bits.set(2, 0, true);
      expect(bits.resize([5, 40, 7])).toBe(false);
      expect(bits.resize([5, 45, 6])).toBe(true);
      expect(bits.total).toBe(56);
      expect(selectedOf(bits, 0)).toEqual([4]);
      expect(bits.selectedIn(1)).toBe(45);
      expect(bits.selectedIn(2)).toBe(0);
      expect(bits.count).toBe(46);
    });

    it('clears everything when the number of sections changes', () => {
      const bits = new SelectionBits([5, 5]);
      bits.fillAll(true);
      expect(bits.resize([5, 5, 5])).toBe(true);
      expect(bits.count).toBe(0);
      expect(bits.total).toBe(15);
    });
  });
});
