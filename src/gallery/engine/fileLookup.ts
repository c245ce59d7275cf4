import type { ItemPosition } from './selection/types';
import type { TimelineModel } from './timeline/TimelineModel';

/**
 * Where a file sits among the loaded sections, or null. A page asks this rarely (a viewer
 * opening or closing on a file), so a scan of the loaded sections' ids is enough.
 */
export function findLoadedFile(timeline: TimelineModel, fileId: string): ItemPosition | null {
  for (let section = 0; section < timeline.sectionCount; section++) {
    const item = timeline.sections[section].files?.ids.indexOf(fileId) ?? -1;
    if (item >= 0) return { section, item };
  }
  return null;
}
