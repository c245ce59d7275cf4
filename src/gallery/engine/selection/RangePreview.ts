import { rangeContains, type PositionRange } from './range';
import type { SelectionBits } from './SelectionBits';
import { FileSelectionState, type ItemPosition } from './types';

/**
 * The shift-hover preview of a range select: SPEC §3 ToBeSelected, or ToBeDeselected in SPEC
 * §4's deselection mode (every item in the range already selected). The mode is re-judged after
 * every change of the selection, so deselecting one item of the range ends deselection mode.
 */
export class RangePreview {
  range: PositionRange | null = null;
  deselect = false;

  /** Returns true when the range changed. */
  set(range: PositionRange | null, bits: SelectionBits): boolean {
    const old = this.range;
    if (old === range) return false;
    if (old && range && same(old.start, range.start) && same(old.end, range.end)) return false;
    this.range = range;
    this.refresh(bits);
    return true;
  }

  refresh(bits: SelectionBits): void {
    this.deselect = this.range !== null && bits.isRangeSelected(this.range);
  }

  displayState(bits: SelectionBits, section: number, item: number): FileSelectionState {
    if (!bits.contains(section, item)) return FileSelectionState.NotSelected;
    const selected = bits.has(section, item);
    if (this.range && rangeContains(this.range, section, item)) {
      if (this.deselect) return FileSelectionState.ToBeDeselected;
      // An already selected item stays selected: it keeps its check mark, not a "to be" one.
      return selected ? FileSelectionState.Selected : FileSelectionState.ToBeSelected;
    }
    return selected ? FileSelectionState.Selected : FileSelectionState.NotSelected;
  }
}

function same(a: ItemPosition, b: ItemPosition): boolean {
  return a.section === b.section && a.item === b.item;
}
