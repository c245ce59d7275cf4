import { fileScreenRect, revealFile, type GalleryEngine } from '../../gallery';
import { mediaUrls } from '../../platform/mediaUrls';
import {
  fileCaptureTime,
  fileDetailQuery,
  sectionedSource,
  type CarouselSource,
} from '../carousel';
import { queryClient } from '../../platform/queryClient';
import { engineSectionAccess, type FileActions } from '../timeline';

/** The capture time or, for an album sorted by when files were added, the upload time. */
async function addedTime(jobId: string, fileId: string): Promise<number | null> {
  try {
    return (await queryClient.fetchQuery(fileDetailQuery(jobId, fileId))).uploaded;
  } catch {
    return null;
  }
}

/**
 * An album's files in the viewer, over the album's grid: `/carousel/{jobId}/{fileId}`, opening
 * from and closing back to the tile, delete with the album's wording (SPEC §8), the cover action
 * for the owner (SPEC §6), and who added a file.
 */
export function albumCarouselSource(options: {
  engine: GalleryEngine;
  jobId: string;
  byAdded: boolean;
  actions: FileActions;
  canDelete: (fileId: string) => boolean;
  cover: { current: string | null; run: (fileId: string) => Promise<void> } | null;
  uploaderName: (fileId: string) => string | undefined;
}): CarouselSource {
  const { engine, jobId, actions } = options;
  const urls = mediaUrls(jobId);
  const job = encodeURIComponent(jobId);
  return sectionedSource({
    access: engineSectionAccess(engine),
    fileTime: (fileId) =>
      options.byAdded ? addedTime(jobId, fileId) : fileCaptureTime(jobId, fileId),
    removeFiles: (ids) => engine.removeFiles(ids),
    jobId,
    returnTo: `/albums/${job}`,
    routeFor: (fileId) => `/carousel/${job}/${encodeURIComponent(fileId)}`,
    thumbnailUrl: urls.thumbnail,
    contentUrl: urls.content,
    originRect: (fileId) => fileScreenRect(engine, fileId),
    reveal: (fileId) => revealFile(engine, fileId),
    capabilities: {
      download: true,
      deleteFiles: (ids) =>
        ids.every(options.canDelete) ? actions.requestDelete(ids) : Promise.resolve([]),
      ...(options.cover
        ? {
            setCover: {
              allowed: (fileId: string) => fileId !== options.cover?.current,
              run: options.cover.run,
            },
          }
        : {}),
      uploaderName: options.uploaderName,
    },
  });
}
