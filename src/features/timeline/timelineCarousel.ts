import { fileScreenRect, revealFile, type GalleryEngine } from '../../gallery';
import { mediaUrls } from '../../platform/mediaUrls';
import {
  engineSectionAccess,
  fileCaptureTime,
  sectionedSource,
  type CarouselSource,
} from '../carousel';
import type { FileActions } from '../photoGrid';

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
  /** Resolves once the grid has listed its months (the viewer may open before). */
  listed: (signal: AbortSignal) => Promise<void>;
}): CarouselSource {
  const { engine, jobId, search, actions, listed } = options;
  const urls = mediaUrls(jobId);
  return sectionedSource({
    access: engineSectionAccess(engine, listed),
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
