import type { GalleryEngine, SectionFiles } from '../../gallery';
import type { SectionAccess } from './sectionedSource';

/**
 * The engine's sections as the viewer walks them: what the grid loaded is shared, not fetched
 * again. Files are read as the grid is about to show them (`filesOf`): a file the viewer just
 * deleted is out of its count and steps at once, though the grid's new layout is still on its
 * way. `listed` resolves once the grid has listed its sections (the page's first load).
 */
export function engineSectionAccess(
  engine: GalleryEngine,
  listed?: (signal: AbortSignal) => Promise<void>,
): SectionAccess {
  const { timeline } = engine;
  return {
    ...(listed ? { listed } : {}),
    sectionCount: () => timeline.sectionCount,
    descriptor: (index) => timeline.sections[index].descriptor,
    sectionSize: (index) => timeline.filesOf(index)?.ids.length ?? timeline.sectionSize(index),
    loaded: (index) => timeline.filesOf(index),
    async load(index, signal): Promise<SectionFiles> {
      const key = timeline.sections[index].descriptor.key;
      const known = timeline.filesOf(index);
      if (known) return known;
      await timeline.loadSections([index], signal);
      // A live change may have moved the section meanwhile: find it by its key.
      const files = timeline.filesOf(timeline.indexOfKey(key));
      if (!files) throw new Error(`Section ${key} did not load`);
      return files;
    },
  };
}
