import {
  pickFiles,
  type SectionDescriptor,
  type SectionFiles,
  type TimelineSource,
} from '../../gallery';
import type { SectionAccess } from './sectionedSource';

/**
 * The sections of a TimelineSource as the viewer walks them when no grid is on screen (a link to
 * a file of an album or a share): the section list once, each section's files when entered.
 */
export async function timelineSourceAccess(
  source: TimelineSource,
  signal: AbortSignal,
): Promise<SectionAccess & { remove(ids: readonly string[]): void }> {
  const descriptors: SectionDescriptor[] = await source.sections(signal);
  const files = new Map<number, SectionFiles>();
  const loading = new Map<number, Promise<SectionFiles>>();
  const size = (d: SectionDescriptor) => d.counts.pictures + d.counts.videos + d.counts.screenshots;
  return {
    sectionCount: () => descriptors.length,
    descriptor: (index) => descriptors[index],
    sectionSize: (index) => files.get(index)?.ids.length ?? size(descriptors[index]),
    loaded: (index) => files.get(index) ?? null,
    load(index, loadSignal) {
      const known = files.get(index);
      if (known) return Promise.resolve(known);
      let pending = loading.get(index);
      if (!pending) {
        pending = source.files(descriptors[index], loadSignal).then(
          (loaded) => {
            files.set(index, loaded);
            loading.delete(index);
            return loaded;
          },
          (error: unknown) => {
            loading.delete(index);
            throw error;
          },
        );
        loading.set(index, pending);
      }
      return pending;
    },
    remove(ids) {
      const gone = new Set(ids);
      for (const [index, section] of files) {
        const keep = section.ids.flatMap((id, i) => (gone.has(id) ? [] : [i]));
        if (keep.length === section.ids.length) continue;
        files.set(index, pickFiles(section, keep));
      }
    },
  };
}
