/*
 * Issue 32: resumable uploads by the tus protocol 1.0.0 (@tus/server over @tus/file-store),
 * advertised to the client in account_info `resumable_uploads`. Creation (POST) checks the caller,
 * the subscription, the job, the declared length against SPEC §9's 200 GiB and the free quota
 * before a byte is stored; HEAD, PATCH and DELETE of an upload answer 404 to anyone but its
 * uploader (no token and a bad one included). A finished upload becomes a file only through the
 * SPEC's POST /jobs/{id}/upload (`resumable_upload`: takeFinishedUpload), so dedup, policy,
 * thumbnails, quota and change events are the multipart path's own.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { Server, type Upload } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ResumableUploads } from '../../src/api/contract/account';
import { RESUMABLE_ERRORS, RESUMABLE_METADATA } from '../../src/api/contract/uploads';
import { MAX_UPLOAD_BYTES } from '../../src/domain/constants';
import { requireCaller, requireSubscriber, type Caller } from '../auth/guard';
import type { ServerContext } from '../context';
import type { JobRow } from '../db/users';
import { fileTooLarge, HttpError, notFound, outOfStorage } from '../errors';
import type { Received } from '../media/blobs';
import { PARTIAL_ID } from '../media/partials';
import { jobByUuidFor } from './jobs';
import { remainingSpace } from './uploadStore';

export const RESUMABLE_PATH = '/resumable_uploads';
/** The tus body type; Fastify passes it through unread (tus streams it to disk). */
const TUS_BODY = 'application/offset+octet-stream';
/** How often abandoned partials are looked for. */
const SWEEP_INTERVAL_MS = 15 * 60 * 1000;
/** The metadata key of the uploader (the user's uuid), set by the server, never by the client. */
const OWNER_KEY = 'owner';
/** Headers of the connection itself, not of the request (the web Request refuses some). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'host']);

/** The tus headers a browser sends and must be allowed to read across origins (app.ts CORS). */
export const TUS_REQUEST_HEADERS = [
  'Tus-Resumable',
  'Upload-Length',
  'Upload-Offset',
  'Upload-Metadata',
  'Upload-Defer-Length',
  'Upload-Concat',
];
export const TUS_RESPONSE_HEADERS = [
  'Location',
  'Tus-Resumable',
  'Tus-Version',
  'Tus-Extension',
  'Tus-Max-Size',
  'Upload-Offset',
  'Upload-Length',
  'Upload-Metadata',
  'Upload-Expires',
];

/** What account_info advertises (src/api/CONTEXT.md "What we add to the contract"). */
export const RESUMABLE_CAPABILITY: ResumableUploads = {
  protocol: 'tus',
  version: '1.0.0',
  endpoint: RESUMABLE_PATH,
  max_size: MAX_UPLOAD_BYTES,
};

export const uploadNotFound = (): HttpError =>
  new HttpError(404, RESUMABLE_ERRORS.notFound, 'No such resumable upload');

/** A refusal in the shape @tus/server answers with (status_code, body): our JSON error body. */
class TusRefusal extends Error {
  readonly status_code: number;
  readonly body: string;
  constructor(error: HttpError) {
    super(error.message);
    this.status_code = error.statusCode;
    this.body = JSON.stringify({ ...error.extra, error: error.code, message: error.message });
  }
}
const tusError = (error: HttpError) => new TusRefusal(error);

/** @tus/server's own (plain text) refusals, as our error codes. */
function codeForTusStatus(status: number): string {
  if (status === 404 || status === 410) return RESUMABLE_ERRORS.notFound;
  if (status === 409) return RESUMABLE_ERRORS.offsetMismatch;
  if (status === 413) return RESUMABLE_ERRORS.lengthExceeded;
  if (status === 423) return 'upload_locked';
  if (status >= 500) return 'internal_error';
  return 'invalid_request';
}

/** The signed-in caller, or null for no token or one that is not (or no longer) valid. */
function callerOrNull(ctx: ServerContext, request: FastifyRequest): Caller | null {
  try {
    return requireCaller(ctx, request);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 401) return null;
    throw error;
  }
}

export function registerResumableUploadRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const partials = ctx.media.partials;
  /** Who sends each request tus handles (the routes authenticate before tus sees it). */
  const callers = new WeakMap<Request, Caller>();

  /** The metadata an upload is created with, or a refusal (thrown) before a byte is stored. */
  function creation(req: Request, upload: Upload) {
    const caller = callers.get(req);
    if (!caller) throw tusError(notFound());
    if (upload.size === undefined) {
      const refusal = new HttpError(
        400,
        RESUMABLE_ERRORS.lengthRequired,
        'Upload-Length is required: the length is checked against the quota up front',
      );
      throw tusError(refusal);
    }
    const jobUuid = upload.metadata?.[RESUMABLE_METADATA.job];
    const job = jobUuid ? jobByUuidFor(ctx, caller, jobUuid, 'contribute') : null;
    if (!job) throw tusError(notFound());
    if (upload.size > MAX_UPLOAD_BYTES) throw tusError(fileTooLarge());
    // Partials count toward nothing: the free space now, as a multipart upload would see it.
    if (upload.size > remainingSpace(ctx, job.owner_id)) {
      throw tusError(outOfStorage());
    }
    const name = upload.metadata?.[RESUMABLE_METADATA.name] ?? '';
    return {
      metadata: {
        [RESUMABLE_METADATA.job]: job.uuid,
        [RESUMABLE_METADATA.name]: name.slice(0, 1024),
        [OWNER_KEY]: caller.user.uuid,
      },
    };
  }

  let made: Server | null = null;
  // Made on the first resumable request: a server that never takes one touches no directory.
  const tus = () => (made ??= newTusServer());
  const newTusServer = () =>
    new Server({
      path: RESUMABLE_PATH,
      datastore: partials.store,
      relativeLocation: true,
      namingFunction: () => randomBytes(16).toString('hex'),
      // Checked before anything is stored: tus has parsed Upload-Length and Upload-Metadata.
      // (A throw here is tus's refusal, caught around the call as a rejection would be.)
      onUploadCreate: (req, upload) => Promise.resolve(creation(req, upload)),
      // HEAD, PATCH, DELETE: only the uploader knows the upload exists.
      onIncomingRequest: async (req, id) => {
        if (req.method === 'POST') return;
        const caller = callers.get(req);
        const partial = await partials.find(id);
        if (!caller || !partial || partial.metadata[OWNER_KEY] !== caller.user.uuid) {
          throw tusError(uploadNotFound());
        }
      },
      onResponseError: (_req, error) => {
        const status = 'status_code' in error ? error.status_code : 500;
        const body = 'body' in error ? error.body : '';
        if (body.startsWith('{')) return undefined;
        if (status >= 500) app.log.error(error);
        const message = status >= 500 ? 'Internal server error' : body.trim();
        return {
          status_code: status,
          body: JSON.stringify({ error: codeForTusStatus(status), message }),
        };
      },
    });

  /** Hands the request to tus as a web Request and its answer back through Fastify (CORS etc.). */
  async function forward(request: FastifyRequest, reply: FastifyReply, caller: Caller, id = '') {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined || HOP_BY_HOP.has(name)) continue;
      for (const one of [value].flat()) headers.append(name, one);
    }
    const withBody = request.headers['content-type']?.startsWith(TUS_BODY) === true;
    // The path only: tus reads the upload id from the URL's end (no query string there).
    const path = id ? `${RESUMABLE_PATH}/${id}` : RESUMABLE_PATH;
    const webRequest = new Request(`http://${request.hostname || 'localhost'}${path}`, {
      method: request.method,
      headers,
      body: withBody ? (Readable.toWeb(request.raw) as ReadableStream<Uint8Array>) : null,
      duplex: 'half',
    } as RequestInit);
    callers.set(webRequest, caller);
    const answer = await tus().handleWeb(webRequest);
    reply.code(answer.status);
    answer.headers.forEach((value, name) => {
      if (name.startsWith('access-control-') || name === 'content-length') return;
      reply.header(name, value);
    });
    if (id && answer.status < 300 && request.method !== 'DELETE') {
      // tus "expiration": our partials expire a day after their last byte (media/partials.ts).
      const last = await partials.lastWrite(id);
      if (last !== null) {
        const expires = new Date((last + partials.idleSeconds) * 1000).toUTCString();
        reply.header('Upload-Expires', expires);
      }
    }
    const text = await answer.text();
    if (text.startsWith('{')) reply.type('application/json; charset=utf-8');
    return reply.send(text === '' ? undefined : text);
  }

  void app.register((scope, _options, done) => {
    scope.addContentTypeParser(TUS_BODY, (_request, _payload, parsed) => parsed(null));
    scope.post(RESUMABLE_PATH, (request, reply) => {
      const caller = requireCaller(ctx, request);
      requireSubscriber(caller);
      return forward(request, reply, caller);
    });
    scope.route({
      method: ['HEAD', 'PATCH', 'DELETE'],
      url: `${RESUMABLE_PATH}/:uploadId`,
      handler: (request, reply) => {
        const { uploadId } = request.params as { uploadId: string };
        const caller = callerOrNull(ctx, request);
        if (!caller || !PARTIAL_ID.test(uploadId)) throw uploadNotFound();
        // Saving bytes is saving a file (SPEC §6); looking and cancelling are not.
        if (request.method === 'PATCH') requireSubscriber(caller);
        return forward(request, reply, caller, uploadId);
      },
    });
    done();
  });

  const sweep = () =>
    void partials.sweep(ctx.now()).catch((error: unknown) => app.log.error(error));
  const timer = setInterval(sweep, SWEEP_INTERVAL_MS);
  timer.unref();
  app.addHook('onReady', (done) => {
    sweep();
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    clearInterval(timer);
    done();
  });
}

/**
 * The finish of a resumable upload (POST /jobs/{id}/upload with `resumable_upload`): the caller's
 * finished upload for this job, hashed, checked against the client's `checksum` and moved to the
 * blob store's temp area as a Received, ready for storeReceived. A refusal for quota or size
 * keeps the partial (the user may free space and finish it); a wrong checksum drops it.
 */
export async function takeFinishedUpload(
  ctx: ServerContext,
  caller: Caller,
  job: JobRow,
  reference: string,
  checksum: string | undefined,
  limit: number,
): Promise<Received> {
  const partials = ctx.media.partials;
  // The upload's URL (as the client knows it) or its bare id.
  const id = reference.split('?', 1)[0].replace(/\/+$/, '').split('/').pop() ?? '';
  const partial = await partials.find(id);
  if (
    !partial ||
    partial.metadata[OWNER_KEY] !== caller.user.uuid ||
    partial.metadata[RESUMABLE_METADATA.job] !== job.uuid
  ) {
    throw uploadNotFound();
  }
  if (partial.size === undefined || partial.offset !== partial.size) {
    throw new HttpError(409, RESUMABLE_ERRORS.incomplete, 'The upload is not complete', {
      offset: partial.offset,
    });
  }
  if (partial.size > limit) throw limit < MAX_UPLOAD_BYTES ? outOfStorage() : fileTooLarge();
  if (!partials.claim(id)) {
    throw new HttpError(409, RESUMABLE_ERRORS.busy, 'The upload is being finished');
  }
  try {
    const sha1 = await partials.sha1(partial);
    if (checksum !== undefined && checksum.toLowerCase() !== sha1) {
      await partials.remove(id);
      throw new HttpError(409, RESUMABLE_ERRORS.checksumMismatch, 'The bytes are not the file');
    }
    const temp = await ctx.media.blobs.newTemp();
    await partials.adopt(partial, temp);
    return { temp, sha1, size: partial.size };
  } finally {
    partials.release(id);
  }
}
