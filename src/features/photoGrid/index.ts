// The public entry of features/photoGrid: the parts every page of photos shares (the timeline,
// albums, the trash, the pickers): the job's files as a grid source with the timeline filters,
// the engine hook, metrics and insets, the selection toolbar and the selected files, file
// actions (delete with undo), the grid menu and shortcuts;
// and the page frame they all lay out in (GridPage.css: the bar above the grid, the grid, the
// overlay), which loads with this entry so that no page's look waits for another page's chunk.
import './GridPage.css';

export { apiTimelineSource, showsOnTimeline, toColumns } from './apiTimelineSource';
export { createFileActions, type FileActions } from './fileActions';
export {
  defaultRecentsFilter,
  isRecents,
  parseFilter,
  RECENTS_LOAD_DAYS,
  RECENTS_WINDOWS,
  recentsFilter,
  recentsWindowOf,
  type RecentsWindow,
  type TimelineFilter,
} from './filters';
export { GALLERY_SHORTCUTS } from './galleryShortcuts';
export { insetsFor, metricsFor } from './gridInsets';
export { filesWithDetails, selectedFileIds } from './selectedFiles';
export { SelectionBar, SelectionToolbar, useSelectionSummary } from './SelectionToolbar';
export {
  downloadGridFiles,
  useSelectionCommands,
  type SelectionCommands,
  type SelectionCommandsSetup,
} from './useSelectionCommands';
export { timelineMenuItems } from './timelineMenu';
export { useGalleryEngine } from './useGalleryEngine';
export {
  EmptyGrid,
  GridBar,
  GridOverlay,
  GridPage,
  RetryPage,
  signedIn,
  useGridPage,
  type GridPageProps,
  type GridPageSetup,
  type GridPageState,
} from './GridPage';
