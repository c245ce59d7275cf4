import { fileScreenRect, revealFile, type GalleryEngine } from '../../gallery';
import { mediaUrls } from '../../platform/mediaUrls';
import {
  engineSectionAccess,
  fileCaptureTime,
  fileDetailQuery,
  sectionedSource,
  type CarouselSource,
} from '../carousel';
import { queryClient } from '../../platform/queryClient';
import type { FileActions } from '../photoGrid';

/** The capture time or, for an album sorted by when files were added, the upload time. */
async function addedTime(jobId: string, fileId: string): Promise<number | null> {
  try {
    return (await queryClient.fetchQuery(fileDetailQuery(jobId, fileId))).uploaded;
  } catch {
    return null;
  }
}

/**
 * An album's files in the viewer over its grid (the album page's and the visitor page's): opening
 * from and closing back to the tile, stepping in the album's order (by upload time for ADDED).
 */
export function albumViewerSource(options: {
  engine: GalleryEngine;
  jobId: string;
  byAdded: boolean;
  returnTo: string;
  routeFor: (fileId: string) => string;
  capabilities: CarouselSource['capabilities'];
}): CarouselSource {
  const { engine, jobId } = options;
  const urls = mediaUrls(jobId);
  return sectionedSource({
    access: engineSectionAccess(engine),
    fileTime: (fileId) =>
      options.byAdded ? addedTime(jobId, fileId) : fileCaptureTime(jobId, fileId),
    removeFiles: (ids) => engine.removeFiles(ids),
    jobId,
    returnTo: options.returnTo,
    routeFor: options.routeFor,
    thumbnailUrl: urls.thumbnail,
    contentUrl: urls.content,
    originRect: (fileId) => fileScreenRect(engine, fileId),
    reveal: (fileId) => revealFile(engine, fileId),
    capabilities: options.capabilities,
  });
}

/**
 * The album page's viewer: `/carousel/{jobId}/{fileId}`, delete with the album's wording (SPEC
 * §8), the cover action where the server's currentUserCan allows it (SPEC §6, albumRights.ts), and
 * who added a file.
 */
export function albumCarouselSource(options: {
  engine: GalleryEngine;
  jobId: string;
  byAdded: boolean;
  actions: FileActions;
  canDelete: (fileId: string) => boolean;
  cover: {
    offered: (fileId: string) => boolean;
    current: string | null;
    run: (fileId: string) => Promise<void>;
  };
  uploaderName: (fileId: string) => string | undefined;
}): CarouselSource {
  const { actions } = options;
  const job = encodeURIComponent(options.jobId);
  return albumViewerSource({
    engine: options.engine,
    jobId: options.jobId,
    byAdded: options.byAdded,
    returnTo: `/albums/${job}`,
    routeFor: (fileId) => `/carousel/${job}/${encodeURIComponent(fileId)}`,
    capabilities: {
      download: true,
      deleteFiles: (ids) =>
        ids.every(options.canDelete) ? actions.requestDelete(ids) : Promise.resolve([]),
      setCover: {
        offered: options.cover.offered,
        allowed: (fileId) => options.cover.offered(fileId) && fileId !== options.cover.current,
        run: options.cover.run,
      },
      uploaderName: options.uploaderName,
    },
  });
}
