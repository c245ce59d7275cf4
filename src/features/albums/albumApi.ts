import { CALLS } from '../../api/contract/calls';
import { callTo } from '../../api/contract/callTarget';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  AlbumInfoSchema,
  CopyFilesResponseSchema,
  CreateJobResponseSchema,
  JobListResponseSchema,
  JobUsersResponseSchema,
  type CopyFilesResponse,
  type CreateJobRequest,
  type CreateJobResponse,
  type SortOrder,
} from '../../api/contract/albums';
import { OptionResponseSchema } from '../../api/contract/user';
import { loadStoredAuth } from '../../api/authStore';
import { isApiError } from '../../api/errors';
import { NEW_ALBUM_VIEW_MODE } from '../../domain/constants';
import { api } from '../../platform/api';
import { loadKeptAlbums, saveOfflineSession } from '../../platform/offlineData';
import { linkRequestOptions } from '../../platform/linkAccess';
import { queryClient } from '../../platform/queryClient';

/** The album calls of SPEC §7 and the queries that read them; the pages call nothing else. */

/**
 * GET /jobs (stories, include_details): the caller's albums and the ones shared with them. Each
 * answer is kept on the device for this session (platform/offlineData, as the timeline is), and
 * offline the list as last loaded is shown (issue 34.8: /albums spun for ever offline); the
 * banner says the app is offline, and the next visit online loads it afresh.
 */
export const albumListQuery = queryOptions({
  queryKey: ['jobs', 'list'],
  queryFn: async ({ signal }) => {
    const token = loadStoredAuth()?.token;
    try {
      const { jobs } = (
        await api().request({
          call: callTo(CALLS.jobs, {}, { stories: 1, include_details: 1 }),
          schema: JobListResponseSchema,
          signal,
        })
      ).data;
      if (token) void saveOfflineSession(token, { albums: jobs });
      return jobs;
    } catch (error) {
      if (!token || !isApiError(error, 'network')) throw error;
      const kept = JobListResponseSchema.shape.jobs.safeParse(await loadKeptAlbums(token));
      if (!kept.success) throw error;
      return kept.data;
    }
  },
});

/** GET /jobs/{id}/info of an album (SPEC §3 Job/Album, the caller's role). */
export const albumInfoQuery = (jobId: string) =>
  queryOptions({
    queryKey: ['jobs', jobId, 'info'],
    queryFn: async ({ signal }) =>
      (
        await api().request({
          call: callTo(CALLS.jobInfo, { id: jobId }, { include_details: 1 }),
          schema: AlbumInfoSchema,
          signal,
        })
      ).data,
    retry: false,
  });

/** GET /jobs/{id}/users (include_profile_url): the owner first, then the members. */
export const albumUsersQuery = (jobId: string) =>
  queryOptions({
    queryKey: ['jobs', jobId, 'users'],
    queryFn: async ({ signal }) =>
      (
        await api().request({
          call: callTo(CALLS.jobUsers, { id: jobId }, { include_profile_url: 1 }),
          schema: JobUsersResponseSchema,
          signal,
        })
      ).data.users,
  });

/** SPEC §3: an album's view mode is a user option of its own. */
export type ViewMode = 'grid' | 'flow';
export const viewModeKey = (jobId: string) => `album_view_mode.${jobId}`;
const ViewModeSchema = z.enum(['grid', 'flow']);

/** GET /options/{album_view_mode.<id>}: grid unless the user chose flow (SPEC §9 new album default). */
export const viewModeQuery = (jobId: string) =>
  queryOptions({
    queryKey: ['options', viewModeKey(jobId)],
    queryFn: async ({ signal }): Promise<ViewMode> => {
      const { data } = await api().request({
        call: callTo(CALLS.readOption, { key: viewModeKey(jobId) }),
        schema: OptionResponseSchema,
        signal,
      });
      const parsed = ViewModeSchema.safeParse(data.value);
      return parsed.success ? parsed.data : NEW_ALBUM_VIEW_MODE;
    },
    staleTime: Infinity,
  });

/**
 * PUT /options/{key} keeps a chosen view mode; back at the default (SPEC §9: grid) the option is
 * reset with DELETE /options/{key} (SPEC §7) instead of storing the default.
 */
export async function saveViewMode(jobId: string, mode: ViewMode): Promise<void> {
  if (mode === NEW_ALBUM_VIEW_MODE) {
    await resetOption(viewModeKey(jobId));
    return;
  }
  await api().request({
    call: callTo(CALLS.writeOption, { key: viewModeKey(jobId) }),
    body: { value: mode },
    schema: OptionResponseSchema,
  });
}

/** DELETE /options/{key} (SPEC §7): the option goes back to unset, read as its default. */
export async function resetOption(key: string): Promise<void> {
  await api().request({
    call: callTo(CALLS.deleteOption, { key }),
    responseType: 'none',
  });
}

/** POST /jobs: a new album (SPEC §5 creation defaults: comments and uploads allowed). */
export async function createAlbum(
  request: Omit<CreateJobRequest, 'type'>,
): Promise<CreateJobResponse> {
  const { data } = await api().request({
    call: callTo(CALLS.createJob),
    body: { type: 'story', ...request },
    schema: CreateJobResponseSchema,
  });
  void queryClient.invalidateQueries({ queryKey: albumListQuery.queryKey });
  return data;
}

/** The POSTs under /jobs/{id} that answer nothing (204). */
type JobAction =
  'setJobName' | 'setPrivacyMode' | 'setPermissions' | 'setCover' | 'subscribe' | 'unsubscribe';

async function post(jobId: string, action: JobAction, body?: object | string): Promise<void> {
  await api().request({ call: callTo(CALLS[action], { id: jobId }), body, responseType: 'none' });
}

/** The edits of SPEC §6; each one refreshes what shows the album. */
export const albumCalls = {
  rename: (jobId: string, name: string) => post(jobId, 'setJobName', { name }),
  setPrivacy: (jobId: string, mode: 'shared' | 'private') =>
    post(jobId, 'setPrivacyMode', { mode }),
  setPermissions: (jobId: string, allowComments: boolean, allowUploads: boolean) =>
    post(jobId, 'setPermissions', { allow_comments: allowComments, allow_uploads: allowUploads }),
  setCover: (jobId: string, fileId: string) => post(jobId, 'setCover', { id: fileId }),
  subscribe: (jobId: string) => post(jobId, 'subscribe'),
  unsubscribe: (jobId: string) => post(jobId, 'unsubscribe'),
  async setSortOrder(jobId: string, value: SortOrder): Promise<void> {
    await api().request({
      call: callTo(CALLS.setJobAttribute, { id: jobId, name: 'sort_order' }),
      body: { value },
      responseType: 'none',
    });
  },
  async remove(jobId: string): Promise<void> {
    await api().request({ call: callTo(CALLS.deleteJob, { id: jobId }), responseType: 'none' });
  },
  /** Copies files the caller can read from `sourceJob` into the album. */
  async copyFiles(
    jobId: string,
    sourceJob: string,
    fileIds: readonly string[],
  ): Promise<CopyFilesResponse> {
    const { data } = await api().request({
      call: callTo(CALLS.copyFiles, { id: jobId }),
      body: { source_job: sourceJob, file_ids: [...fileIds] },
      schema: CopyFilesResponseSchema,
    });
    return data;
  },
  /**
   * SPEC §7 keep-all-files (or keep-files, ids one per line): the album's files into the
   * caller's timeline; a password-protected album's key goes along (a joiner from its link).
   */
  async copyToTimeline(jobId: string, fileIds?: readonly string[]): Promise<CopyFilesResponse> {
    const { data } = await api().request({
      call: callTo(fileIds ? CALLS.keepFiles : CALLS.keepAllFiles, { id: jobId }),
      ...(fileIds ? { body: fileIds.join('\n') } : {}),
      schema: CopyFilesResponseSchema,
      ...linkRequestOptions(jobId),
    });
    return data;
  },
};

/** After an edit: the album's info, its users and the list are read again. */
export async function refreshAlbum(jobId: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['jobs', jobId] }),
    queryClient.invalidateQueries({ queryKey: albumListQuery.queryKey }),
  ]);
}
