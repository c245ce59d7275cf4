import { CALLS } from '../../api/contract/calls';
import { callTo } from '../../api/contract/callTarget';
/*
 * The calls of the upload pipeline (SPEC §7): files_dedup and account/job look-ups through the
 * app's api client; the upload itself over XMLHttpRequest, because fetch reports no upload
 * progress. Failures become an UploadError whose kind the queue maps to SPEC §4/§8.
 */
import { AccountInfoSchema, type ResumableUploads } from '../../api/contract/account';
import {
  ErrorBodySchema,
  UploadResponseSchema,
  type UploadPolicy,
  type UploadResponse,
  type UploadStatus,
} from '../../api/contract/uploads';
import { loadStoredAuth } from '../../api/authStore';
import { basicAuthHeader } from '../../api/contract/basicAuth';
import { ApiError } from '../../api/errors';
import { api } from '../../platform/api';
import { connectivityStore } from '../../state/connectivity';
import type { ResumableState } from './model';

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
  /** Issue 32: the resumable upload is gone (expired, or a lost answer finished it): again. */
  | 'uploadGone'
  /** Issue 32: the server's SHA-1 of the bytes is not the file's: start again from the file. */
  | 'fileChanged'
  | 'aborted';

/** The abort reason of a user's cancel (issue 32: a resumable upload's partial is dropped too). */
export const CANCELLED = 'cancelled';

export class UploadError extends Error {
  override readonly name = 'UploadError';
  constructor(
    readonly kind: UploadFailureKind,
    detail: string = kind,
    /** The server's error code, when it answered with one. */
    readonly code?: string,
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

/** Issue 32: a large file through the service's resumable uploads, finished as SPEC §7's call. */
export interface ResumableSendRequest extends SendRequest {
  checksum: string;
  offered: ResumableUploads;
  /** The upload to go on with (kept with the item), or null for a new one. */
  resume: ResumableState | null;
  /** The upload the bytes go to now (null: the old one is gone, a new one follows). */
  onResumable: (state: ResumableState | null) => void;
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
  /**
   * Issue 32: the service's resumable uploads (account_info `resumable_uploads`), or null: a
   * SPEC-only service, the multipart call for every file.
   */
  resumableUploads: () => Promise<ResumableUploads | null>;
  /** Issue 32: sends the bytes resumably (going on where `resume` stopped); the file uuid. */
  sendResumable: (request: ResumableSendRequest) => Promise<string>;
  /** Issue 32: drops a resumable upload that will not be finished (best effort). */
  discardResumable: (url: string) => Promise<void>;
  createAlbum: (name: string) => Promise<string>;
  jobType: (jobId: string) => Promise<'timeline' | 'story' | 'share'>;
  defaultJob: () => Promise<string>;
  account: () => Promise<AccountFigures>;
}

export const errorCode = (body: string | undefined): string | undefined => {
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

export function failureForApiError(error: unknown): UploadError {
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

/**
 * The SPEC §7 upload call as a form (`fields`, then the file when there is one) over
 * XMLHttpRequest, with progress; resolves with the response text of a 2xx. Issue 32's finish
 * of a resumable upload is the same call without a file.
 */
export function postUploadForm(
  request: {
    fields: Record<string, string>;
    file?: { blob: Blob; name: string };
    signal: AbortSignal;
    onProgress?: (fraction: number) => void;
    onSent?: () => void;
  },
  url: string,
  authorization: string,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const form = new FormData();
    for (const [name, value] of Object.entries(request.fields)) form.append(name, value);
    if (request.file) form.append('file', request.file.blob, request.file.name);
    const onAbort = () => xhr.abort();
    const done = () => request.signal.removeEventListener('abort', onAbort);
    if (request.signal.aborted) {
      reject(new UploadError('aborted'));
      return;
    }
    request.signal.addEventListener('abort', onAbort);
    xhr.open('POST', url);
    xhr.setRequestHeader('Authorization', authorization);
    const { onProgress, onSent } = request;
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
    }
    if (onSent) xhr.upload.onload = () => onSent();
    xhr.onload = () => {
      done();
      // Any answer proves the server is reachable (SPEC §4 Connectivity).
      connectivityStore.getState().setOnline(true);
      if (xhr.status >= 200 && xhr.status < 300) resolve(xhr.responseText);
      else {
        const kind = failureForStatus(xhr.status, xhr.responseText);
        reject(new UploadError(kind, `upload ${xhr.status}`, errorCode(xhr.responseText)));
      }
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

/** The fields of SPEC §7's upload call. */
export const uploadFields = (request: Pick<SendRequest, 'path' | 'mtime' | 'policy'>) => ({
  path: request.path,
  mtime: String(request.mtime),
  policy: request.policy,
});

/** The upload call's URL for a job (with the SPEC §7 common parameters). */
export const uploadUrl = (job: string): string =>
  api().url({ call: callTo(CALLS.upload, { id: job }) });

/** The stored session's Authorization header, or an `unauthorized` failure. */
export function authorization(): string {
  const auth = loadStoredAuth();
  if (!auth) throw new UploadError('unauthorized');
  return basicAuthHeader(auth.token);
}

/**
 * Runs an upload call; on 401 lets the api client's handlers run (the session-expired dialog) as
 * for any other call, then fails as before.
 */
export async function withSessionCheck<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof UploadError && error.kind === 'unauthorized') {
      await api()
        .request({ call: callTo(CALLS.accountInfo), schema: AccountInfoSchema })
        .catch(() => undefined);
    }
    throw error;
  }
}

/** The file uuid of an upload call's answer. */
export function uploadAnswer(text: string): string {
  let answer: UploadResponse;
  try {
    answer = UploadResponseSchema.parse(JSON.parse(text));
  } catch {
    throw new UploadError('server', 'upload: malformed answer');
  }
  checkFileStatus(answer.status);
  return answer.id;
}

/**
 * The SPEC §3 status or existence an upload or dedup answered with, as SPEC §8 reads it: an
 * existing file `deleted` or `trashed` is FileWasDeleted. `failed` (the server could not take
 * the file) is read as its refusal (FileError → UnSupported; SPEC §8 does not name it). Every
 * other status is a file the server has: uploaded.
 */
export function checkFileStatus(status: UploadStatus | undefined): void {
  if (status === 'deleted' || status === 'trashed') {
    throw new UploadError('fileWasDeleted', `upload: the file was ${status}`, status);
  }
  if (status === 'failed') throw new UploadError('rejected', 'upload: the server failed the file');
}
