import type { FocusModel } from './interaction/FocusModel';
import type { SelectionModel, SelectionSnapshot } from './selection';
import type { ReindexHooks, TimelineModel } from './timeline/TimelineModel';

/**
 * Hooks for TimelineModel's reindexing changes (sections added or removed, a section's files
 * replaced): the selection and the focus follow their files by id and section key while
 * positions move. `synced` runs after the selection matched the new sizes.
 */
export function followFilesAcrossReindex(
  timeline: TimelineModel,
  selection: SelectionModel,
  focus: FocusModel,
  synced: () => void,
): ReindexHooks {
  let saved: SelectionSnapshot | null = null;
  let focusId = '';
  const keyOf = (section: number) => timeline.sections[section]?.descriptor.key ?? '';
  return {
    before: () => {
      saved = selection.count > 0 ? selection.snapshotByIdentity(keyOf) : null;
      const position = focus.position;
      focusId = position ? timeline.fileId(position.section, position.item) : '';
    },
    after: () => {
      if (saved) selection.restoreByIdentity(saved, keyOf);
      else selection.syncSizes();
      saved = null;
      synced();
      if (focus.section >= 0) refocus(timeline, focus, focusId);
    },
  };
}

/** The focus back on its file, or on the nearest position left when the file went. */
function refocus(timeline: TimelineModel, focus: FocusModel, fileId: string): void {
  if (fileId) {
    for (let s = 0; s < timeline.sectionCount; s++) {
      const index = timeline.sections[s].files?.ids.indexOf(fileId) ?? -1;
      if (index >= 0) return focus.set({ section: s, item: index });
    }
  }
  const section = Math.min(focus.section, timeline.sectionCount - 1);
  if (section < 0) return focus.clear();
  const size = timeline.sectionSize(section);
  if (size === 0) return focus.clear();
  focus.set({ section, item: Math.min(focus.item, size - 1) });
}
