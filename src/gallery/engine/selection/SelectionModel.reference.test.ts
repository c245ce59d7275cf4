import { describe, expect, it } from 'vitest';
import { comparePositions } from './range';
import { SelectionModel } from './SelectionModel';
import { TestSelectableIndex } from './testIndex';
import { FileSelectionState } from './types';

/** Deterministic PRNG so a failure replays. */
function random(seed: number): (n: number) => number {
  return (n) => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return Math.floor((seed / 2 ** 32) * n);
  };
}

/**
 * The model against the plainest possible reference, a Set of "s:i" keys, over random
 * operations on sections whose sizes straddle word boundaries.
 */
describe('SelectionModel against a Set reference', () => {
  it('agrees on every item, group and count after each of 3,000 random operations', async () => {
    const sizes = [1, 31, 32, 33, 0, 64, 65, 7, 100];
    const index = new TestSelectableIndex(sizes);
    const model = new SelectionModel({ index, loadSections: () => Promise.resolve() });
    const reference = new Set<string>();
    const next = random(42);
    const key = (s: number, i: number) => `${s}:${i}`;
    const randomPosition = () => {
      let s = next(sizes.length);
      while (sizes[s] === 0) s = next(sizes.length);
      return { section: s, item: next(sizes[s]) };
    };
    const positionsBetween = (a: { section: number; item: number }, b: typeof a) => {
      const [start, end] = comparePositions(a, b) <= 0 ? [a, b] : [b, a];
      const keys: string[] = [];
      for (let s = start.section; s <= end.section; s++) {
        const from = s === start.section ? start.item : 0;
        const to = s === end.section ? end.item : sizes[s] - 1;
        for (let i = from; i <= to; i++) keys.push(key(s, i));
      }
      return keys;
    };
    let preview: string[] = [];

    for (let step = 0; step < 3000; step++) {
      const op = next(100);
      if (op < 40) {
        const { section, item } = randomPosition();
        model.toggle(section, item);
        if (!reference.delete(key(section, item))) reference.add(key(section, item));
      } else if (op < 55) {
        const a = randomPosition();
        const b = randomPosition();
        const keys = positionsBetween(a, b);
        const deselect = keys.every((k) => reference.has(k));
        expect(await model.selectRange(a, b)).toBe(deselect ? 'deselected' : 'selected');
        for (const k of keys) {
          if (deselect) reference.delete(k);
          else reference.add(k);
        }
      } else if (op < 70) {
        const s = next(sizes.length);
        const on = next(2) === 1;
        model.selectSection(s, on);
        for (let i = 0; i < sizes[s]; i++) {
          if (on) reference.add(key(s, i));
          else reference.delete(key(s, i));
        }
      } else if (op < 85) {
        const a = randomPosition();
        const b = randomPosition();
        model.previewRange(a, b);
        preview = positionsBetween(a, b);
      } else if (op < 90) {
        model.clearPreview();
        preview = [];
      } else if (op < 94) {
        model.selectAll();
        sizes.forEach((size, s) => {
          for (let i = 0; i < size; i++) reference.add(key(s, i));
        });
      } else {
        model.clear();
        reference.clear();
        preview = [];
      }

      expect(model.count).toBe(reference.size);
      const total = sizes.reduce((a, b) => a + b, 0);
      const all = reference.size === total ? 'all' : 'some';
      expect(model.selectAllStatus()).toBe(reference.size === 0 ? 'none' : all);
      const inPreview = new Set(preview);
      const deselectMode = preview.length > 0 && preview.every((k) => reference.has(k));
      // Built whole and compared once a step: one expect per item would take minutes.
      const actual: number[] = [];
      const expected: number[] = [];
      sizes.forEach((size, s) => {
        let selected = 0;
        for (let i = 0; i < size; i++) {
          const on = reference.has(key(s, i));
          if (on) selected++;
          let state: FileSelectionState = on
            ? FileSelectionState.Selected
            : FileSelectionState.NotSelected;
          if (inPreview.has(key(s, i))) {
            if (deselectMode) state = FileSelectionState.ToBeDeselected;
            else if (!on) state = FileSelectionState.ToBeSelected;
          }
          expected.push(state);
          actual.push(model.displayState(s, i));
        }
        const status =
          selected === 0 ? 'none-selected' : selected === size ? 'all-selected' : 'partial';
        expect(model.groupStatus(s)).toBe(status);
      });
      expect(actual).toEqual(expected);
    }
    expect(model.selectedIds().sort()).toEqual([...reference].sort());
  });
});
