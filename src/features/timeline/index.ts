// The public entry of features/timeline: the timeline's files as a grid source (the viewer walks
// a job's files with it when no grid is on screen), and the grid parts every page of photos
// shares (albums, pickers): the engine hook, metrics and insets, the selection toolbar, delete
// with undo, and the viewer's walk over the engine's sections.
export { apiTimelineSource } from './apiTimelineSource';
export { createFileActions, type FileActions } from './fileActions';
export { GALLERY_SHORTCUTS } from './galleryShortcuts';
export { insetsFor, metricsFor } from './gridInsets';
export { filesWithDetails, selectedFileIds } from './selectedFiles';
export { SelectionToolbar, useSelectionSummary } from './SelectionToolbar';
export { engineSectionAccess } from './timelineCarousel';
export { timelineMenuItems } from './timelineMenu';
export { useGalleryEngine } from './useGalleryEngine';
