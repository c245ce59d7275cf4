import { describe, expect, it } from 'vitest';
import { SelectionModel } from './SelectionModel';
import { TestSelectableIndex } from './testIndex';
import type { LoadGranularity } from './types';

const at = (section: number, item: number) => ({ section, item });

interface LoadCall {
  sections: number[];
  signal: AbortSignal;
  /** Marks the sections loaded (optionally with new sizes) and resolves. */
  finish(sizes?: Record<number, number>): void;
  fail(error: Error): void;
}

/** A fake loadSections: each call waits until the test finishes or fails it. */
function deferredLoader(index: TestSelectableIndex, options: { ignoreAbort?: boolean } = {}) {
  const calls: LoadCall[] = [];
  const loadSections = (sections: number[], signal: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      if (!options.ignoreAbort) {
        signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
      }
      calls.push({
        sections,
        signal,
        finish(sizes = {}) {
          for (const [s, size] of Object.entries(sizes)) index.sizes[Number(s)] = size;
          index.load(sections);
          resolve();
        },
        fail: reject,
      });
    });
  return { calls, loadSections };
}

function setup(
  sizes: number[],
  loaded: boolean | boolean[],
  options: { ignoreAbort?: boolean; granularity?: LoadGranularity } = {},
) {
  const index = new TestSelectableIndex(sizes, loaded);
  const loader = deferredLoader(index, options);
  const model = new SelectionModel({
    index,
    loadSections: loader.loadSections,
    calendar: index,
    granularity: options.granularity,
  });
  return { index, model, calls: loader.calls };
}

describe('SelectionModel.selectRange', () => {
  it('selects inclusively across sections, in either order, at once when all is loaded', async () => {
    const { model } = setup([4, 0, 3, 5], true);
    model.toggle(3, 1);
    const pending = model.selectRange(at(3, 1), at(0, 2));
    // Applied before the promise settles: no load needed.
    expect(model.count).toBe(2 + 3 + 2);
    expect(await pending).toBe('selected');
    expect(model.selectedIds()).toEqual(['0:2', '0:3', '2:0', '2:1', '2:2', '3:0', '3:1']);
    expect([0, 1, 2, 3].map((s) => model.groupStatus(s))).toEqual([
      'partial',
      'none-selected',
      'all-selected',
      'partial',
    ]);
    // The shift-clicked item is the new anchor.
    expect(model.anchor).toEqual(at(0, 2));
  });

  it('fills the gaps when part of the range is selected', async () => {
    const { model } = setup([6], true);
    model.set(0, 1, true);
    model.set(0, 3, true);
    expect(await model.selectRange(at(0, 0), at(0, 4))).toBe('selected');
    expect(model.count).toBe(5);
    expect(model.isSelected(0, 5)).toBe(false);
  });

  it('deselects the whole range when every item in it is already selected (SPEC §4)', async () => {
    const { model } = setup([4, 4], true);
    model.selectAll();
    expect(await model.selectRange(at(0, 3), at(1, 1))).toBe('deselected');
    expect(model.count).toBe(5);
    expect(model.isSelected(0, 3)).toBe(false);
    expect(model.isSelected(1, 1)).toBe(false);
    expect(model.isSelected(1, 2)).toBe(true);
    // Now the range is unselected: the same request selects it again.
    expect(await model.selectRange(at(0, 3), at(1, 1))).toBe('selected');
    expect(model.selectAllStatus()).toBe('all');
  });

  it('a single-item range behaves like a toggle that respects deselection mode', async () => {
    const { model } = setup([3], true);
    expect(await model.selectRange(at(0, 1), at(0, 1))).toBe('selected');
    expect(await model.selectRange(at(0, 1), at(0, 1))).toBe('deselected');
    expect(model.count).toBe(0);
  });

  it('loads unloaded sections in the range first, then selects', async () => {
    const { model, calls } = setup([3, 4, 4, 3], [true, false, false, true]);
    const listenerStates: boolean[] = [];
    model.subscribe(() => listenerStates.push(model.isLoadingRange));
    const pending = model.selectRange(at(0, 1), at(3, 0));
    expect(calls).toHaveLength(1);
    expect(calls[0].sections).toEqual([1, 2]);
    expect(model.isLoadingRange).toBe(true);
    expect(model.count).toBe(0);
    calls[0].finish();
    expect(await pending).toBe('selected');
    expect(model.isLoadingRange).toBe(false);
    expect(model.count).toBe(2 + 4 + 4 + 1);
    expect(model.selectedIds()).toHaveLength(11);
    expect(listenerStates).toEqual([true, false]);
  });

  it('judges "all already selected" over the whole range, unloaded sections included', async () => {
    const { model, calls } = setup([3, 4, 3], [true, false, true]);
    model.selectAll();
    const pending = model.selectRange(at(0, 0), at(2, 2));
    calls[0].finish();
    expect(await pending).toBe('deselected');
    expect(model.count).toBe(0);
  });

  it('selects by the loaded sizes when they differ from the counts', async () => {
    const { model, calls } = setup([3, 4, 3], [true, false, true]);
    const pending = model.selectRange(at(0, 0), at(2, 0));
    calls[0].finish({ 1: 6 });
    expect(await pending).toBe('selected');
    expect(model.total).toBe(12);
    expect(model.groupStatus(1)).toBe('all-selected');
    expect(model.count).toBe(3 + 6 + 1);
  });

  it('passes the SPEC §4 load granularity on: a month not fully loaded loads whole', async () => {
    const { index, model, calls } = setup([3, 3, 3, 3], [true, true, false, false], {
      granularity: 'month',
    });
    // Sections 1-3 are day ranges of one month: the range touches 1 and 2, 3 loads too.
    index.months.splice(0, 4, ...[12, 11, 11, 11].map((month) => ({ year: 2024, month })));
    const pending = model.selectRange(at(0, 0), at(2, 0));
    expect(calls[0].sections).toEqual([2, 3]);
    calls[0].finish();
    await pending;
    expect(model.count).toBe(3 + 3 + 1);
  });

  describe('cancellation', () => {
    it('a new range request cancels the one still loading', async () => {
      const { model, calls } = setup([3, 3, 3, 3], [true, false, true, false]);
      const first = model.selectRange(at(0, 0), at(2, 0));
      const second = model.selectRange(at(2, 0), at(3, 2));
      expect(calls[0].signal.aborted).toBe(true);
      expect(await first).toBe('cancelled');
      expect(model.isLoadingRange).toBe(true);
      calls[1].finish();
      expect(await second).toBe('selected');
      expect(model.count).toBe(6);
      expect(model.isSelected(0, 0)).toBe(false);
    });

    it('a new range over loaded sections cancels a loading one too', async () => {
      const { model, calls } = setup([3, 3, 3], [true, false, true]);
      const first = model.selectRange(at(0, 0), at(2, 0));
      expect(await model.selectRange(at(2, 0), at(2, 2))).toBe('selected');
      expect(await first).toBe('cancelled');
      calls[0].finish();
      expect(model.count).toBe(3);
    });

    it("the caller's signal cancels, and resolves even if the loader ignores it", async () => {
      const { model, calls } = setup([3, 3], [true, false], { ignoreAbort: true });
      const controller = new AbortController();
      const pending = model.selectRange(at(0, 0), at(1, 0), controller.signal);
      controller.abort();
      expect(calls[0].signal.aborted).toBe(true);
      expect(await pending).toBe('cancelled');
      expect(model.isLoadingRange).toBe(false);
      calls[0].finish();
      await Promise.resolve();
      expect(model.count).toBe(0);
    });

    it('an already aborted signal does nothing', async () => {
      const { model, calls } = setup([3], true);
      const controller = new AbortController();
      controller.abort();
      expect(await model.selectRange(at(0, 0), at(0, 2), controller.signal)).toBe('cancelled');
      expect(calls).toHaveLength(0);
      expect(model.count).toBe(0);
    });

    it.each([
      ['clear', (m: SelectionModel) => m.clear()],
      ['selectAll', (m: SelectionModel) => m.selectAll()],
      ['exitSelectionMode', (m: SelectionModel) => m.exitSelectionMode()],
      ['cancelRange', (m: SelectionModel) => m.cancelRange()],
      ['reset', (m: SelectionModel) => m.reset()],
      ['dispose', (m: SelectionModel) => m.dispose()],
    ])('%s cancels a range still loading', async (_name, action) => {
      const { model, calls } = setup([3, 3], [true, false]);
      model.set(1, 2, true);
      const pending = model.selectRange(at(0, 0), at(1, 0));
      action(model);
      const countAfter = model.count;
      expect(await pending).toBe('cancelled');
      calls[0].finish();
      expect(model.count).toBe(countAfter);
    });

    it('toggling while a range loads keeps the range; it is judged when it applies', async () => {
      const { model, calls } = setup([3, 3], [true, false]);
      const pending = model.selectRange(at(0, 0), at(1, 0));
      model.toggle(0, 2);
      calls[0].finish();
      expect(await pending).toBe('selected');
      expect(model.count).toBe(4);
    });

    it('a replaced list of sections cancels the range instead of applying stale positions', async () => {
      const { index, model, calls } = setup([3, 3], [true, false]);
      const pending = model.selectRange(at(0, 0), at(1, 0));
      index.sizes.push(5);
      index.loaded.push(true);
      calls[0].finish();
      expect(await pending).toBe('cancelled');
      expect(model.count).toBe(0);
      expect(model.total).toBe(11);
    });
  });

  it('rejects with the loader error and stops loading', async () => {
    const { model, calls } = setup([3, 3], [true, false]);
    const pending = model.selectRange(at(0, 0), at(1, 0));
    calls[0].fail(new Error('offline'));
    await expect(pending).rejects.toThrow('offline');
    expect(model.isLoadingRange).toBe(false);
    expect(model.count).toBe(0);
  });
});
