import { describe, expect, it, vi } from 'vitest';
import { SelectionModel } from './SelectionModel';
import { TestSelectableIndex } from './testIndex';
import { FileSelectionState } from './types';

const { NotSelected, Selected, ToBeSelected, ToBeDeselected } = FileSelectionState;
const at = (section: number, item: number) => ({ section, item });

function modelOf(sizes: number[], loaded: boolean | boolean[] = true, maximum?: number) {
  const index = new TestSelectableIndex(sizes, loaded);
  const model = new SelectionModel({ index, loadSections: () => Promise.resolve(), maximum });
  return { index, model };
}

describe('SelectionModel', () => {
  it('starts empty, out of selection mode, without anchor', () => {
    const { model } = modelOf([3, 4]);
    expect(model.count).toBe(0);
    expect(model.total).toBe(7);
    expect(model.selectionMode).toBe(false);
    expect(model.anchor).toBeNull();
    expect(model.selectAllStatus()).toBe('none');
    expect(model.groupStatus(0)).toBe('none-selected');
    expect(model.displayState(0, 0)).toBe(NotSelected);
  });

  it('toggles and sets items; the last one clicked is the anchor', () => {
    const { model } = modelOf([3, 4]);
    expect(model.toggle(1, 2)).toBe(true);
    expect(model.isSelected(1, 2)).toBe(true);
    expect(model.anchor).toEqual(at(1, 2));
    expect(model.count).toBe(1);
    expect(model.selectionMode).toBe(true);
    model.set(0, 0, true);
    model.set(0, 0, true);
    expect(model.count).toBe(2);
    expect(model.anchor).toEqual(at(0, 0));
    expect(model.toggle(1, 2)).toBe(false);
    expect(model.anchor).toEqual(at(1, 2));
    model.set(0, 0, false);
    expect(model.count).toBe(0);
    expect(model.selectionMode).toBe(false);
  });

  it('moves the anchor without selecting, e.g. for keyboard focus', () => {
    const { model } = modelOf([3]);
    const listener = vi.fn();
    model.subscribe(listener);
    model.setAnchor(at(0, 2));
    model.setAnchor(at(0, 2));
    model.setAnchor(at(0, 3));
    expect(model.anchor).toEqual(at(0, 2));
    expect(model.count).toBe(0);
    model.setAnchor(null);
    expect(model.anchor).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('ignores positions outside the sections (a placeholder tile is item -1)', () => {
    const { model } = modelOf([3]);
    expect(model.toggle(0, -1)).toBe(false);
    model.set(0, 3, true);
    model.set(4, 0, true);
    expect(model.count).toBe(0);
    expect(model.anchor).toBeNull();
    expect(model.displayState(0, 9)).toBe(NotSelected);
  });

  it('reports group status per section: none, partial, all; an empty group is none', () => {
    const { model } = modelOf([3, 2, 0]);
    model.set(0, 1, true);
    expect(model.groupStatus(0)).toBe('partial');
    expect(model.groupStatus(1)).toBe('none-selected');
    expect(model.groupStatus(2)).toBe('none-selected');
    model.selectSection(0, true);
    expect(model.groupStatus(0)).toBe('all-selected');
    expect(model.count).toBe(3);
    // A header click does not move the anchor.
    expect(model.anchor).toEqual(at(0, 1));
    model.selectSection(0, false);
    expect(model.groupStatus(0)).toBe('none-selected');
    expect(model.count).toBe(0);
  });

  it('reports select-all status none, some, all', () => {
    const { model } = modelOf([3, 2]);
    model.set(1, 0, true);
    expect(model.selectAllStatus()).toBe('some');
    model.selectAll();
    expect(model.selectAllStatus()).toBe('all');
    expect(model.count).toBe(5);
    expect([0, 1].map((s) => model.groupStatus(s))).toEqual(['all-selected', 'all-selected']);
    model.set(0, 2, false);
    expect(model.selectAllStatus()).toBe('some');
    model.clear();
    expect(model.selectAllStatus()).toBe('none');
    expect(model.anchor).toBeNull();
  });

  it('skips select-all for an already aborted signal', () => {
    const { model } = modelOf([3]);
    const controller = new AbortController();
    controller.abort();
    model.selectAll(controller.signal);
    expect(model.count).toBe(0);
  });

  it('lists ids of loaded sections in timeline order and names the unloaded ones', () => {
    const { index, model } = modelOf([3, 2, 4], [true, false, true]);
    model.selectAll();
    expect(model.selectedIds()).toEqual(['0:0', '0:1', '0:2', '2:0', '2:1', '2:2', '2:3']);
    expect(model.selectedUnloadedSections()).toEqual([1]);
    index.load([1]);
    expect(model.selectedIds()).toHaveLength(9);
    expect(model.selectedUnloadedSections()).toEqual([]);
    const visited: string[] = [];
    model.clear();
    model.set(2, 3, true);
    model.set(0, 1, true);
    model.forEachSelected((s, i) => visited.push(`${s}:${i}`));
    expect(visited).toEqual(['0:1', '2:3']);
    expect([...model.sectionWords(2)]).toEqual([0b1000]);
  });

  it('bumps the version and notifies once per change, never for a no-op', () => {
    const { model } = modelOf([40]);
    const listener = vi.fn();
    const unsubscribe = model.subscribe(listener);
    const v0 = model.version;
    model.toggle(0, 1);
    expect(model.version).toBe(v0 + 1);
    model.selectAll();
    model.selectAll();
    model.selectSection(0, true);
    expect(model.version).toBe(v0 + 2);
    expect(listener).toHaveBeenCalledTimes(2);
    model.clear();
    model.clear();
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
    model.toggle(0, 1);
    expect(listener).toHaveBeenCalledTimes(3);
    expect(model.version).toBe(v0 + 4);
  });

  describe('maximum (SPEC §5 "Photo selection max")', () => {
    it('flags a count past the maximum but does not refuse it', () => {
      const { model } = modelOf([5], true, 2);
      expect(model.maximum).toBe(2);
      model.set(0, 0, true);
      model.set(0, 1, true);
      expect(model.overMaximum).toBe(false);
      model.set(0, 2, true);
      expect(model.count).toBe(3);
      expect(model.overMaximum).toBe(true);
      model.maximum = 3;
      expect(model.overMaximum).toBe(false);
      model.maximum = null;
      model.selectAll();
      expect(model.overMaximum).toBe(false);
    });

    it('is off by default', () => {
      const { model } = modelOf([5]);
      model.selectAll();
      expect(model.maximum).toBeNull();
      expect(model.overMaximum).toBe(false);
    });
  });

  describe('selection mode', () => {
    it('can be entered with nothing selected and stays on until exit', () => {
      const { model } = modelOf([5]);
      const listener = vi.fn();
      model.subscribe(listener);
      model.enterSelectionMode();
      model.enterSelectionMode();
      expect(model.selectionMode).toBe(true);
      expect(listener).toHaveBeenCalledTimes(1);
      model.toggle(0, 0);
      model.toggle(0, 0);
      expect(model.selectionMode).toBe(true);
      model.clear();
      expect(model.selectionMode).toBe(true);
      model.exitSelectionMode();
      expect(model.selectionMode).toBe(false);
      expect(listener).toHaveBeenCalledTimes(5);
    });

    it('exit clears the selection, anchor and preview', () => {
      const { model } = modelOf([5]);
      model.toggle(0, 1);
      model.previewRange(at(0, 1), at(0, 3));
      model.exitSelectionMode();
      expect(model.count).toBe(0);
      expect(model.anchor).toBeNull();
      expect(model.preview).toBeNull();
      expect(model.selectionMode).toBe(false);
    });
  });

  describe('display states and the range preview (SPEC §3, §4)', () => {
    it('marks unselected items in the range ToBeSelected; selected ones stay Selected', () => {
      const { model } = modelOf([4, 4]);
      model.set(0, 2, true);
      model.set(1, 3, true);
      model.previewRange(at(1, 1), at(0, 2));
      expect(model.preview?.deselect).toBe(false);
      const states = [0, 1].map((s) => [0, 1, 2, 3].map((i) => model.displayState(s, i)));
      expect(states).toEqual([
        [NotSelected, NotSelected, Selected, ToBeSelected],
        [ToBeSelected, ToBeSelected, NotSelected, Selected],
      ]);
    });

    it('is in deselection mode when every item in the range is selected', () => {
      const { model } = modelOf([4, 4]);
      model.selectSection(0, true);
      model.set(1, 0, true);
      model.previewRange(at(0, 2), at(1, 0));
      expect(model.preview?.deselect).toBe(true);
      expect(model.displayState(0, 1)).toBe(Selected);
      expect(model.displayState(0, 2)).toBe(ToBeDeselected);
      expect(model.displayState(1, 0)).toBe(ToBeDeselected);
      expect(model.displayState(1, 1)).toBe(NotSelected);
      // Deselecting one item of the range ends deselection mode at once.
      model.set(0, 3, false);
      expect(model.preview?.deselect).toBe(false);
      expect(model.displayState(0, 2)).toBe(Selected);
      expect(model.displayState(0, 3)).toBe(ToBeSelected);
    });

    it('bumps the version only when the previewed range moves, and clears', () => {
      const { model } = modelOf([4]);
      const v0 = model.version;
      model.previewRange(at(0, 0), at(0, 2));
      model.previewRange(at(0, 2), at(0, 0));
      expect(model.version).toBe(v0 + 1);
      expect(model.preview?.range).toEqual({ start: at(0, 0), end: at(0, 2) });
      model.previewRange(at(0, 0), at(0, 3));
      expect(model.version).toBe(v0 + 2);
      model.clearPreview();
      model.clearPreview();
      expect(model.version).toBe(v0 + 3);
      expect(model.displayState(0, 1)).toBe(NotSelected);
    });
  });

  describe('section changes', () => {
    it('syncSizes keeps unchanged and wholly selected sections, drops partial ones', () => {
      const { index, model } = modelOf([4, 4, 4]);
      model.set(0, 1, true);
      model.selectSection(1, true);
      model.set(2, 3, true);
      model.previewRange(at(0, 0), at(2, 3));
      index.sizes[1] = 6;
      index.sizes[2] = 2;
      const v0 = model.version;
      model.syncSizes();
      expect(model.version).toBe(v0 + 1);
      expect(model.count).toBe(7);
      expect(model.groupStatus(1)).toBe('all-selected');
      expect(model.groupStatus(2)).toBe('none-selected');
      // The anchor (2, 3) no longer exists; the preview is clamped to the new sizes.
      expect(model.anchor).toBeNull();
      expect(model.preview?.range.end).toEqual(at(2, 1));
      model.syncSizes();
      expect(model.version).toBe(v0 + 1);
    });

    it('reset (or a different number of sections) clears everything', () => {
      const { index, model } = modelOf([4, 4]);
      model.selectAll();
      index.sizes.push(3);
      index.loaded.push(true);
      model.syncSizes();
      expect(model.count).toBe(0);
      expect(model.total).toBe(11);
      model.toggle(2, 2);
      model.reset();
      expect(model.count).toBe(0);
      expect(model.anchor).toBeNull();
    });
  });

  it('dispose drops the subscribers', () => {
    const { model } = modelOf([4]);
    const listener = vi.fn();
    model.subscribe(listener);
    model.dispose();
    model.toggle(0, 0);
    expect(listener).not.toHaveBeenCalled();
  });
});
