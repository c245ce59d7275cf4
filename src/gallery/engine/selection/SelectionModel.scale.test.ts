import { describe, expect, it } from 'vitest';
import { SelectionModel } from './SelectionModel';
import { TestSelectableIndex } from './testIndex';
import { FileSelectionState } from './types';

/**
 * Correctness at the SPEC-pinned scale (issue 6: select-all of a 1,000,000-file timeline and a
 * 100,000-file range within 100 ms). Timings are the bench's job (bench/selection.bench.ts);
 * here only the results are asserted, so a slow CI machine cannot make this flaky.
 */
const SECTIONS = 2000;
const SIZE = 500;

function statusCounts(model: SelectionModel): Record<string, number> {
  const counts: Record<string, number> = {};
  for (let s = 0; s < SECTIONS; s++) {
    const status = model.groupStatus(s);
    counts[status] = (counts[status] ?? 0) + 1;
  }
  return counts;
}

describe('SelectionModel at 1,000,000 items (2,000 sections of 500)', () => {
  it('selects and clears all', () => {
    const index = TestSelectableIndex.uniform(SECTIONS, SIZE);
    const model = new SelectionModel({ index, loadSections: () => Promise.resolve() });
    expect(model.total).toBe(1_000_000);
    model.selectAll();
    expect(model.count).toBe(1_000_000);
    expect(model.selectAllStatus()).toBe('all');
    expect(statusCounts(model)).toEqual({ 'all-selected': SECTIONS });
    expect(model.isSelected(1999, 499)).toBe(true);
    expect(model.selectedIds()).toHaveLength(1_000_000);
    model.clear();
    expect(model.count).toBe(0);
    expect(statusCounts(model)).toEqual({ 'none-selected': SECTIONS });
  });

  it('selects a 100,000-item range over partial end sections, then deselects it', async () => {
    const index = TestSelectableIndex.uniform(SECTIONS, SIZE);
    const model = new SelectionModel({ index, loadSections: () => Promise.resolve() });
    const anchor = { section: 100, item: 250 };
    const target = { section: 300, item: 249 };
    model.previewRange(anchor, target);
    expect(model.displayState(100, 250)).toBe(FileSelectionState.ToBeSelected);
    expect(model.displayState(100, 249)).toBe(FileSelectionState.NotSelected);
    expect(await model.selectRange(anchor, target)).toBe('selected');
    expect(model.count).toBe(100_000);
    expect(model.selectAllStatus()).toBe('some');
    expect(statusCounts(model)).toEqual({
      partial: 2,
      'all-selected': 199,
      'none-selected': SECTIONS - 201,
    });
    expect(model.groupStatus(100)).toBe('partial');
    expect(model.groupStatus(300)).toBe('partial');
    const ids = model.selectedIds();
    expect(ids[0]).toBe('100:250');
    expect(ids[ids.length - 1]).toBe('300:249');
    // The preview is re-judged: the whole range is selected now.
    expect(model.preview?.deselect).toBe(true);
    expect(model.displayState(200, 0)).toBe(FileSelectionState.ToBeDeselected);
    expect(await model.selectRange(target, anchor)).toBe('deselected');
    expect(model.count).toBe(0);
  });

  it('selects a 100,000-item range over unloaded sections after loading them', async () => {
    const loaded = Array.from({ length: SECTIONS }, (_, s) => s % 2 === 0);
    const index = TestSelectableIndex.uniform(SECTIONS, SIZE, loaded);
    let requested: number[] = [];
    const model = new SelectionModel({
      index,
      loadSections: (sections) => {
        requested = sections;
        index.load(sections);
        return Promise.resolve();
      },
    });
    expect(await model.selectRange({ section: 1000, item: 0 }, { section: 1199, item: 499 })).toBe(
      'selected',
    );
    expect(requested).toHaveLength(100);
    expect(model.count).toBe(100_000);
    expect(model.selectedIds()).toHaveLength(100_000);
  });
});
