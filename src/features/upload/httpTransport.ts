import { CALLS } from '../../api/contract/calls';
import { callTo } from '../../api/contract/callTarget';
/*
 * The upload transport of the app: the calls of the upload pipeline (transport.ts) through the
 * app's api client and its stored auth, and issue 32's resumable uploads (resumable.ts).
 */
import { z } from 'zod';
import { lazySchema } from '../../api/contract/lazySchema';
import { JobInfoSchema } from '../../api/contract/jobs';
import { FilesDedupResponseSchema } from '../../api/contract/uploads';
import { ApiError } from '../../api/errors';
import { api } from '../../platform/api';
import { accountInfoQuery, defaultJobQuery, fetchAccountInfo } from '../../platform/queries';
import { queryClient } from '../../platform/queryClient';
import { discardResumable, sendResumable } from './resumable';
import {
  authorization,
  checkFileStatus,
  failureForApiError,
  postUploadForm,
  uploadAnswer,
  uploadFields,
  uploadUrl,
  UploadError,
  withSessionCheck,
  type UploadTransport,
} from './transport';

const CreatedJobSchema = lazySchema(() => z.looseObject({ id: z.string().min(1) }));

/** The real transport: the app's api client and its stored auth. */
export const httpUploadTransport: UploadTransport = {
  async dedup({ job, path, checksum, mtime, policy }) {
    try {
      const { data } = await api().request({
        call: callTo(CALLS.filesDedup, { id: job }),
        body: { path, checksum, mtime, policy, want_json: '1' },
        schema: FilesDedupResponseSchema,
      });
      checkFileStatus(data.status);
      return data.uuid;
    } catch (error) {
      if (error instanceof UploadError) throw error;
      // 404: the server does not know this content, so the bytes must be sent.
      if (error instanceof ApiError && error.kind === 'notFound') return null;
      throw failureForApiError(error);
    }
  },

  async send(request) {
    const text = await withSessionCheck(() =>
      postUploadForm(
        {
          fields: uploadFields(request),
          file: { blob: request.file, name: request.path },
          signal: request.signal,
          onProgress: request.onProgress,
          onSent: request.onSent,
        },
        uploadUrl(request.job),
        authorization(),
      ),
    );
    return uploadAnswer(text);
  },

  async resumableUploads() {
    // The account the queue just read (each batch asks for it), else asked now.
    const known = queryClient.getQueryData(accountInfoQuery.queryKey);
    try {
      return (known ?? (await fetchAccountInfo())).resumable_uploads ?? null;
    } catch (error) {
      throw failureForApiError(error);
    }
  },

  sendResumable: (request) => withSessionCheck(() => sendResumable(request, authorization())),

  discardResumable: (url) => discardResumable(url, authorization()),

  async createAlbum(name) {
    try {
      const { data } = await api().request({
        call: callTo(CALLS.createJob),
        body: {
          type: 'story',
          name,
          public: false,
          allow_sharing: true,
          allow_comments: true,
          allow_uploads: true,
        },
        schema: CreatedJobSchema,
      });
      return data.id;
    } catch (error) {
      throw failureForApiError(error);
    }
  },

  async jobType(jobId) {
    const { data } = await api().request({
      call: callTo(CALLS.jobInfo, { id: jobId }),
      schema: JobInfoSchema,
    });
    return data.type;
  },

  async defaultJob() {
    // The timeline job never changes: the one the session loaded (or kept, offline) will do.
    const known = queryClient.getQueryData(defaultJobQuery.queryKey);
    return (known ?? (await queryClient.fetchQuery(defaultJobQuery))).id;
  },

  async account() {
    // Through the query cache, so everything showing the account (used space, read-only) follows.
    const data = await fetchAccountInfo();
    return {
      uuid: data.uuid,
      usedSpace: data.used_space,
      maxSpace: data.max_space,
      readOnly: data.is_read_only_user,
    };
  },
};
