import { CALLS } from '../../api/contract/calls';
import { callAt } from '../../api/contract/callTarget';
/*
 * Issue 32: a large file's bytes through the service's resumable uploads (tus 1.0.0, with
 * tus-js-client), then the SPEC §7 upload call naming the finished upload instead of carrying the
 * file. tus-js-client does no retrying of its own here: a failure goes to the queue, whose
 * offline countdown (SPEC §4) decides when to go on, from the offset the server holds (HEAD).
 * The upload URL is kept with the item (IndexedDB), not in tus-js-client's own storage.
 */
import type { DetailedError, Upload as TusUpload } from 'tus-js-client';
import { RESUMABLE_ERRORS, RESUMABLE_METADATA } from '../../api/contract/uploads';
import { api } from '../../platform/api';
import { RESUMABLE_UPLOAD_CHUNK_BYTES } from '../../domain/constants';
import { connectivityStore } from '../../state/connectivity';
import {
  CANCELLED,
  errorCode,
  failureForStatus,
  postUploadForm,
  uploadAnswer,
  uploadFields,
  uploadUrl,
  UploadError,
  type ResumableSendRequest,
} from './transport';

/** How often one send goes on by itself (an upload gone, an offset conflict) before failing. */
const MAX_RESTARTS = 2;

/** The transfer should go on from the server's offset (a 409 on PATCH, an unfinished upload). */
class ResumeAgain extends Error {}

/** tus-js-client loads with the first large file (it is no part of the /photos bundle). */
const tusClient = () => import('tus-js-client');

const isDetailed = (error: Error): error is DetailedError =>
  'originalRequest' in error && 'originalResponse' in error;

/** The service's endpoint as an absolute URL: a path is on the app host (with SPEC §7's query). */
export function endpointUrl(endpoint: string): string {
  if (endpoint.startsWith('/')) return api().url({ call: callAt(CALLS.resumableCreate, endpoint) });
  const url = new URL(endpoint);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new UploadError('server');
  return url.toString();
}

/** A tus-js-client failure as the queue's failure kinds. */
export function transferFailure(error: Error): Error {
  if (!isDetailed(error) || !error.originalResponse) {
    // No answer at all: the network (a file that went away reads as this too; the queue checks).
    connectivityStore.getState().setOnline(false);
    return new UploadError('network', error.message);
  }
  const status = error.originalResponse.getStatus();
  const body = error.originalResponse.getBody();
  const method = error.originalRequest.getMethod();
  const code = errorCode(body);
  if (method !== 'POST') {
    // An upload that is no longer there (expired, never the caller's) or holds other bytes than
    // the file's length allows: a new one. A conflict on the offset: ask the server again.
    if (status === 404 || status === 410 || code === RESUMABLE_ERRORS.lengthExceeded) {
      return new UploadError('uploadGone', `${method} ${status}`, code);
    }
    if (status === 409) return new ResumeAgain(`${method} ${status}`);
    if (status === 423) return new UploadError('server', `${method} ${status}`, code);
  }
  return new UploadError(failureForStatus(status, body), `${method} ${status}`, code);
}

interface Transfer {
  file: Blob;
  endpoint: string;
  url: string | null;
  metadata: Record<string, string>;
  authorization: string;
  signal: AbortSignal;
  onUrl: (url: string) => void;
  onProgress: (bytesSent: number, bytesTotal: number) => void;
}

/** Sends the bytes the server does not hold yet; resolves with the upload URL once it has all. */
async function transfer(options: Transfer): Promise<string> {
  const { Upload } = await tusClient();
  return new Promise((resolve, reject) => {
    const { signal } = options;
    if (signal.aborted) {
      reject(new UploadError('aborted'));
      return;
    }
    let upload: TusUpload | null = null;
    const onAbort = () => {
      // A cancel drops the server's partial too; a sign-out or a reload keeps it to resume.
      void upload?.abort(signal.reason === CANCELLED).catch(() => undefined);
      signal.removeEventListener('abort', onAbort);
      reject(new UploadError('aborted'));
    };
    const started = new Upload(options.file, {
      endpoint: options.endpoint,
      uploadUrl: options.url,
      chunkSize: RESUMABLE_UPLOAD_CHUNK_BYTES,
      retryDelays: null,
      storeFingerprintForResuming: false,
      metadata: options.metadata,
      headers: { Authorization: options.authorization },
      onUploadUrlAvailable: () => {
        if (started.url) options.onUrl(started.url);
      },
      onProgress: options.onProgress,
      onAfterResponse: () => {
        connectivityStore.getState().setOnline(true);
      },
      onSuccess: () => {
        signal.removeEventListener('abort', onAbort);
        if (started.url) resolve(started.url);
        else reject(new UploadError('server', 'tus: no upload URL'));
      },
      onError: (error) => {
        signal.removeEventListener('abort', onAbort);
        reject(transferFailure(error));
      },
    });
    upload = started;
    signal.addEventListener('abort', onAbort);
    started.start();
  });
}

/** SPEC §7's upload call naming the finished upload: the file uuid. */
async function finish(request: ResumableSendRequest, url: string, authorization: string) {
  try {
    const text = await postUploadForm(
      {
        fields: { ...uploadFields(request), resumable_upload: url, checksum: request.checksum },
        signal: request.signal,
      },
      uploadUrl(request.job),
      authorization,
    );
    return uploadAnswer(text);
  } catch (error) {
    if (!(error instanceof UploadError)) throw error;
    switch (error.code) {
      case RESUMABLE_ERRORS.notFound:
        // Expired, or an earlier finish whose answer was lost made it a file: files_dedup
        // finds that one when the item goes again.
        throw new UploadError('uploadGone', error.message, error.code);
      case RESUMABLE_ERRORS.checksumMismatch:
        throw new UploadError('fileChanged', error.message, error.code);
      case RESUMABLE_ERRORS.incomplete:
        throw new ResumeAgain(error.message);
      case RESUMABLE_ERRORS.busy:
        throw new UploadError('server', error.message, error.code);
      default:
        throw error;
    }
  }
}

/**
 * Sends a file resumably and finishes it; resolves with the file uuid. Goes on by itself a few
 * times where the server says how (a new upload for one that is gone, the offset again after a
 * conflict); every other failure is the queue's to retry.
 */
export async function sendResumable(
  request: ResumableSendRequest,
  authorization: string,
): Promise<string> {
  const endpoint = endpointUrl(request.offered.endpoint);
  const size = request.file.size;
  const mtimeMs = request.file instanceof File ? request.file.lastModified : request.mtime * 1000;
  let url = request.resume?.url ?? null;
  let sent = false;
  for (let attempt = 0; ; attempt++) {
    try {
      if (!sent) {
        url = await transfer({
          file: request.file,
          endpoint,
          url,
          metadata: {
            [RESUMABLE_METADATA.job]: request.job,
            [RESUMABLE_METADATA.name]: request.path,
          },
          authorization,
          signal: request.signal,
          onUrl: (known) => {
            // Kept here too: going on after a conflict must use this upload, not make another.
            url = known;
            request.onResumable({ url: known, offset: 0, size, mtimeMs });
          },
          onProgress: (bytes, total) => request.onProgress(total > 0 ? bytes / total : 0),
        });
        sent = true;
        request.onSent();
      }
      return await finish(request, url ?? '', authorization);
    } catch (error) {
      const again = error instanceof ResumeAgain;
      const gone = error instanceof UploadError && error.kind === 'uploadGone' && !sent;
      if ((!again && !gone) || attempt >= MAX_RESTARTS) {
        throw again ? new UploadError('server', error.message) : error;
      }
      if (gone) {
        url = null;
        request.onResumable(null);
      }
      sent = false;
    }
  }
}

/** Drops a resumable upload (tus termination); failures are left to the server's expiry. */
export async function discardResumable(url: string, authorization: string): Promise<void> {
  try {
    const { Upload } = await tusClient();
    await Upload.terminate(url, { headers: { Authorization: authorization }, retryDelays: null });
  } catch {
    // The server removes an abandoned upload a day after its last byte.
  }
}
