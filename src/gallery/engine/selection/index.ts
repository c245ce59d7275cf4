export {
  SelectionModel,
  type SelectionModelOptions,
  type SelectionSnapshot,
} from './SelectionModel';
export type { LoadSections } from './RangeLoader';
export {
  SelectionHints,
  pinchHintTimeoutMs,
  shiftSelectHintRepeatMs,
  type HintSelectionSource,
  type HintTimePort,
  type PinchHint,
  type SelectionHint,
  type SelectionHintsOptions,
} from './SelectionHints';
export {
  comparePositions,
  sectionsToLoadForRange,
  type PositionRange,
  type RangeLoadOptions,
} from './range';
export {
  FileSelectionState,
  type CalendarIndex,
  type GroupSelectionStatus,
  type ItemPosition,
  type LoadGranularity,
  type RangeResult,
  type SelectAllStatus,
  type SelectableIndex,
} from './types';
