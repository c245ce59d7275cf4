import { fileScreenRect, revealFile, type GalleryEngine, type SectionFiles } from '../../gallery';
import { mediaUrls } from '../../platform/mediaUrls';
import {
  fileCaptureTime,
  sectionedSource,
  type CarouselSource,
  type SectionAccess,
} from '../carousel';
import type { FileActions } from './fileActions';

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

/**
 * The timeline's files in the viewer: `/photos/{fileId}` (keeping the grid's filter in the
 * query), opening from and closing back to the tile, delete with the timeline's wording and undo.
 */
export function timelineCarouselSource(options: {
  engine: GalleryEngine;
  jobId: string;
  /** The grid's query string (its filter), kept in the viewer's URLs and on return. */
  search: string;
  actions: FileActions;
}): CarouselSource {
  const { engine, jobId, search, actions } = options;
  const urls = mediaUrls(jobId);
  return sectionedSource({
    access: engineSectionAccess(engine),
    fileTime: (fileId) => fileCaptureTime(jobId, fileId),
    removeFiles: (ids) => engine.removeFiles(ids),
    jobId,
    returnTo: `/photos${search}`,
    routeFor: (fileId) => `/photos/${encodeURIComponent(fileId)}${search}`,
    thumbnailUrl: urls.thumbnail,
    contentUrl: urls.content,
    originRect: (fileId) => fileScreenRect(engine, fileId),
    reveal: (fileId) => revealFile(engine, fileId),
    capabilities: {
      download: true,
      deleteFiles: (ids) => actions.requestDelete(ids),
    },
  });
}
