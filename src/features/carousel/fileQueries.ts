import { CALLS } from '../../api/contract/calls';
import { callTo } from '../../api/contract/callTarget';
import { queryOptions } from '@tanstack/react-query';
import {
  FileDetailSchema,
  FileMetadataResponseSchema,
  VideoCheckResponseSchema,
  type FileDetail,
  type FileMetadataResponse,
} from '../../api/contract/media';
import { api } from '../../platform/api';
import { linkRequestOptions } from '../../platform/linkAccess';
import { queryClient } from '../../platform/queryClient';

/** GET /jobs/{id}/files_by_id/{fileId}: one file with its EXIF, size and upload time. */
export const fileDetailQuery = (jobId: string, fileId: string) =>
  queryOptions({
    queryKey: ['jobs', jobId, 'files', fileId, 'detail'],
    queryFn: async ({ signal }): Promise<FileDetail> =>
      (
        await api().request({
          call: callTo(CALLS.file, { id: jobId, fileId: fileId }),
          schema: FileDetailSchema,
          signal,
          ...linkRequestOptions(jobId),
        })
      ).data,
    // A file's details do not change while it lives; its encoding status is checked apart.
    staleTime: Infinity,
  });

/**
 * GET /jobs/{id}/metadata/{fileId} (SPEC §7): the SPEC §3 metadata (Make, Model,
 * ISOSpeedRatings, ApertureValue, ExposureTime, FocalLength) and the displayed size, for the
 * viewer's info panel.
 */
export const fileMetadataQuery = (jobId: string, fileId: string) =>
  queryOptions({
    queryKey: ['jobs', jobId, 'files', fileId, 'metadata'],
    queryFn: async ({ signal }): Promise<FileMetadataResponse> =>
      (
        await api().request({
          call: callTo(CALLS.fileMetadata, { id: jobId, fileId }),
          schema: FileMetadataResponseSchema,
          signal,
          ...linkRequestOptions(jobId),
        })
      ).data,
    staleTime: Infinity,
  });

/** The capture time of a file (ctime, else mtime: SPEC §5), or null when it is not there. */
export async function fileCaptureTime(jobId: string, fileId: string): Promise<number | null> {
  try {
    const detail = await queryClient.fetchQuery(fileDetailQuery(jobId, fileId));
    return detail.ctime || detail.mtime;
  } catch {
    return null;
  }
}

/** SPEC §7 video status: GET …/files_by_id/{fileId}/v-check on the video host. */
export async function checkVideo(
  jobId: string,
  fileId: string,
  signal: AbortSignal,
): Promise<'queued' | 'ready' | 'failed'> {
  const { data } = await api().request({
    call: callTo(CALLS.videoCheck, { id: jobId, fileId: fileId }),
    schema: VideoCheckResponseSchema,
    signal,
    ...linkRequestOptions(jobId),
  });
  return data.result;
}
