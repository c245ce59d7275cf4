import type { GalleryEngine, SectionFiles } from '../../gallery';
import type { SectionAccess } from './sectionedSource';

/**
 * The engine's sections as the viewer walks them: what the grid loaded is shared, not fetched
 * again. `listed` resolves once the grid has listed its sections (the page's first load).
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
