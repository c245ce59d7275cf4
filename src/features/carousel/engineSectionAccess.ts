import type { GalleryEngine, SectionFiles } from '../../gallery';
import type { SectionAccess } from './sectionedSource';

/** The engine's sections as the viewer walks them: what the grid loaded is shared, not fetched again. */
export function engineSectionAccess(engine: GalleryEngine): SectionAccess {
  const { timeline } = engine;
  return {
    sectionCount: () => timeline.sectionCount,
    descriptor: (index) => timeline.sections[index].descriptor,
    sectionSize: (index) => timeline.sectionSize(index),
    loaded: (index) => timeline.sections[index]?.files ?? null,
    async load(index, signal): Promise<SectionFiles> {
      const key = timeline.sections[index].descriptor.key;
      const known = timeline.sections[index].files;
      if (known) return known;
      await timeline.loadSections([index], signal);
      // A live change may have moved the section meanwhile: find it by its key.
      const files = timeline.sections[timeline.indexOfKey(key)]?.files;
      if (!files) throw new Error(`Section ${key} did not load`);
      return files;
    },
  };
}
