/*
 * The calls of the upload pipeline (SPEC §7): files_dedup and account/job look-ups through the
 * app's api client; the upload itself over XMLHttpRequest, because fetch reports no upload
 * progress. Failures become an UploadError whose kind the queue maps to SPEC §4/§8.
 */
import { z } from 'zod';
import { AccountInfoSchema } from '../../api/contract/account';
import { JobInfoSchema } from '../../api/contract/jobs';
import {
  ErrorBodySchema,
  FilesDedupResponseSchema,
  UploadResponseSchema,
  type UploadPolicy,
} from '../../api/contract/uploads';
import { loadStoredAuth } from '../../api/authStore';
import { basicAuthHeader } from '../../api/contract/basicAuth';
import { ApiError } from '../../api/errors';
import { api } from '../../platform/api';
import { defaultJobQuery, fetchAccountInfo } from '../../platform/queries';
import { queryClient } from '../../platform/queryClient';
import { connectivityStore } from '../../state/connectivity';

export type UploadFailureKind =
  /** No answer (connection lost): retried after the offline countdown. */
  | 'network'
  /** An answer that says "try later" (5xx, malformed): retried the same way. */
  | 'server'
  /** 413 out_of_storage (SPEC §8 OutOfStorage → NoStorage). */
  | 'outOfStorage'
  /** 413 file_too_large: the 200 GiB limit. */
  | 'tooLarge'
  /** 409 file_was_deleted (SPEC §8 FileWasDeleted). */
  | 'fileWasDeleted'
  /** 404: the target job is gone ("Job has been deleted": ignored). */
  | 'jobDeleted'
  /** 400/403: the server refused this file (SPEC §8 FileError → UnSupported). */
  | 'rejected'
  /** 403 read_only_user: the account has no subscription (SPEC §6), nothing can be saved. */
  | 'readOnly'
  /** 400 invalid_file_name: the name holds control characters. */
  | 'invalidName'
  | 'unauthorized'
  | 'aborted';

export class UploadError extends Error {
  override readonly name = 'UploadError';
  constructor(
    readonly kind: UploadFailureKind,
    detail: string = kind,
  ) {
    super(detail);
  }
}

export interface DedupRequest {
  job: string;
  path: string;
  checksum: string;
  mtime: number;
  policy: UploadPolicy;
}

export interface SendRequest {
  job: string;
  file: Blob;
  path: string;
  mtime: number;
  policy: UploadPolicy;
  /** Fraction of the request body sent, 0..1 (every browser event; the store throttles). */
  onProgress: (fraction: number) => void;
  /** Every byte is sent; the server is processing. */
  onSent: () => void;
  signal: AbortSignal;
}

export interface AccountFigures {
  uuid: string;
  usedSpace: number;
  maxSpace: number;
  readOnly: boolean;
}

/** What the queue needs from the server; tests pass a fake. */
export interface UploadTransport {
  /** The file uuid when the server already has the content (nothing to send), else null. */
  dedup: (request: DedupRequest) => Promise<string | null>;
  /** Sends the bytes; resolves with the file uuid. */
  send: (request: SendRequest) => Promise<string>;
  createAlbum: (name: string) => Promise<string>;
  jobType: (jobId: string) => Promise<'timeline' | 'story' | 'share'>;
  defaultJob: () => Promise<string>;
  account: () => Promise<AccountFigures>;
}

const errorCode = (body: string | undefined): string | undefined => {
  try {
    const parsed = ErrorBodySchema.safeParse(JSON.parse(body ?? ''));
    return parsed.success ? parsed.data.error : undefined;
  } catch {
    return undefined;
  }
};

/** SPEC §7/§8: an HTTP status (and the error code of its body) as an upload failure. */
export function failureForStatus(status: number, body?: string): UploadFailureKind {
  if (status === 0) return 'network';
  if (status === 401) return 'unauthorized';
  if (status === 404) return 'jobDeleted';
  if (status === 409) return 'fileWasDeleted';
  if (status === 413) return errorCode(body) === 'file_too_large' ? 'tooLarge' : 'outOfStorage';
  if (status === 403 && errorCode(body) === 'read_only_user') return 'readOnly';
  if (status === 400 && errorCode(body) === 'invalid_file_name') return 'invalidName';
  if (status === 400 || status === 403 || status === 415 || status === 422) return 'rejected';
  return 'server';
}

function failureForApiError(error: unknown): UploadError {
  if (!(error instanceof ApiError)) return new UploadError('server', String(error));
  switch (error.kind) {
    case 'network':
    case 'offline':
      return new UploadError('network', error.message);
    case 'aborted':
      return new UploadError('aborted', error.message);
    case 'malformed':
      return new UploadError('server', error.message);
    default:
      return new UploadError(failureForStatus(error.status ?? 0, error.body), error.message);
  }
}

const CreatedJobSchema = z.looseObject({ id: z.string().min(1) });

/** XMLHttpRequest upload with progress; resolves with the response text of a 2xx. */
export function sendWithProgress(
  request: SendRequest,
  url: string,
  authorization: string,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const form = new FormData();
    form.append('path', request.path);
    form.append('mtime', String(request.mtime));
    form.append('policy', request.policy);
    form.append('file', request.file, request.path);
    const onAbort = () => xhr.abort();
    const done = () => request.signal.removeEventListener('abort', onAbort);
    if (request.signal.aborted) {
      reject(new UploadError('aborted'));
      return;
    }
    request.signal.addEventListener('abort', onAbort);
    xhr.open('POST', url);
    xhr.setRequestHeader('Authorization', authorization);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) request.onProgress(event.loaded / event.total);
    };
    xhr.upload.onload = () => request.onSent();
    xhr.onload = () => {
      done();
      // Any answer proves the server is reachable (SPEC §4 Connectivity).
      connectivityStore.getState().setOnline(true);
      if (xhr.status >= 200 && xhr.status < 300) resolve(xhr.responseText);
      else
        reject(
          new UploadError(failureForStatus(xhr.status, xhr.responseText), `upload ${xhr.status}`),
        );
    };
    xhr.onerror = () => {
      done();
      connectivityStore.getState().setOnline(false);
      reject(new UploadError('network', 'upload: network error'));
    };
    xhr.onabort = () => {
      done();
      reject(new UploadError('aborted'));
    };
    xhr.send(form);
  });
}

/** The real transport: the app's api client and its stored auth. */
export const httpUploadTransport: UploadTransport = {
  async dedup({ job, path, checksum, mtime, policy }) {
    try {
      const { data } = await api().request({
        method: 'POST',
        path: `/jobs/${encodeURIComponent(job)}/files_dedup`,
        body: { path, checksum, mtime, policy, want_json: '1' },
        schema: FilesDedupResponseSchema,
      });
      return data.uuid;
    } catch (error) {
      // 404: the server does not know this content, so the bytes must be sent.
      if (error instanceof ApiError && error.kind === 'notFound') return null;
      throw failureForApiError(error);
    }
  },

  async send(request) {
    const auth = loadStoredAuth();
    if (!auth) throw new UploadError('unauthorized');
    const url = api().url({ path: `/jobs/${encodeURIComponent(request.job)}/upload` });
    let text: string;
    try {
      text = await sendWithProgress(request, url, basicAuthHeader(auth.token));
    } catch (error) {
      if (error instanceof UploadError && error.kind === 'unauthorized') {
        // Let the api client's 401 handlers run (session-expired dialog) as for any other call.
        await api()
          .request({ method: 'GET', path: '/account_info', schema: AccountInfoSchema })
          .catch(() => undefined);
      }
      throw error;
    }
    try {
      return UploadResponseSchema.parse(JSON.parse(text)).id;
    } catch {
      throw new UploadError('server', 'upload: malformed answer');
    }
  },

  async createAlbum(name) {
    try {
      const { data } = await api().request({
        method: 'POST',
        path: '/jobs',
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
      method: 'GET',
      path: `/jobs/${encodeURIComponent(jobId)}/info`,
      schema: JobInfoSchema,
    });
    return data.type;
  },

  async defaultJob() {
    return (await queryClient.fetchQuery(defaultJobQuery)).id;
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
