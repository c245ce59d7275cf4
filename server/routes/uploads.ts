// SPEC §7 POST /jobs/{id}/upload and files_dedup (a subscriber's: requireSubscriber). The quota
// is checked from Content-Length before reading and while streaming (uploadStore.ts checks it a
// third time on insert); a file name refused by the stored-text rule answers 400
// invalid_file_name (checkFileName). `resumable_upload` takes a finished tus upload instead of a
// body (resumableUploads.ts). files_dedup only finds the caller's own content.
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { FilesDedupResponse, UploadResponse } from '../../src/api/contract/uploads';
import { UploadPolicySchema } from '../../src/api/contract/uploads';
import { storedTextProblem } from '../../src/api/contract/text';
import { isFolderPath } from '../../src/domain/classify';
import { requireCaller, requireSubscriber } from '../auth/guard';
import type { ServerContext } from '../context';
import type { Received } from '../media/blobs';
import { badRequest, fileTooLarge, HttpError, notFound, outOfStorage } from '../errors';
import { jobForCaller } from './jobs';
import { commonQuery } from './params';
import { registerResumableUploadRoutes, takeFinishedUpload } from './resumableUploads';
import {
  MAX_UPLOAD_BYTES,
  remainingSpace,
  storeFromKnownBlob,
  storeReceived,
  type FileFields,
} from './uploadStore';

/** Room for the multipart framing and fields around the file in Content-Length. */
const FRAMING_BYTES = 64 * 1024;
const MAX_UNIX = 2 ** 40;

/**
 * A file path as the client names it: no folders (SPEC §5). Control characters are refused
 * before this, with their own code (`checkFileName`).
 */
const uploadPath = z
  .string()
  .trim()
  .min(1)
  .max(1024)
  .refine((p) => !isFolderPath(p), 'folders cannot be uploaded');

/**
 * Issue 23: a file name breaking the stored-text rule (contract/text.ts: control characters, and
 * since issue 33 unpaired surrogates) is refused with its own code, `invalid_file_name`, which
 * the client shows as such (not as an unsupported file); other oddities (`..`, `C:`,
 * backslashes) are stored as named and made safe where they are used (archive entry names,
 * server/routes/archive.ts).
 */
export function checkFileName(path: unknown): void {
  const problem = typeof path === 'string' ? storedTextProblem(path) : null;
  if (problem) throw new HttpError(400, 'invalid_file_name', `File name: ${problem}`);
}

/** Unix seconds, whole or with a fraction (dropped); milliseconds are out of range on purpose. */
const unixTime = z
  .union([
    z.number(),
    z
      .string()
      .max(24)
      .regex(/^\d+(\.\d+)?$/, 'expected unix seconds'),
  ])
  .transform(Number)
  .pipe(z.number().min(0).max(MAX_UNIX))
  .transform(Math.floor);

const flag = z.union([z.boolean(), z.enum(['1', '0', 'true', 'false'])]).transform((v) => {
  return v === true || v === '1' || v === 'true';
});

const UploadFields = z.object({
  path: uploadPath,
  mtime: unixTime,
  policy: UploadPolicySchema.default('allow_duplicates'),
});

const sha1Hex = z
  .string()
  .regex(/^[0-9a-fA-F]{40}$/, 'expected a sha1')
  .transform((c) => c.toLowerCase());

/** Issue 32: a finished resumable upload instead of the file part (contract/uploads.ts). */
const ResumableFields = z.object({
  resumable_upload: z.string().min(1).max(2048),
  checksum: sha1Hex.optional(),
});

const DedupFields = z.object({
  ...commonQuery,
  path: uploadPath,
  checksum: sha1Hex,
  mtime: unixTime,
  ctime: unixTime.optional(),
  policy: UploadPolicySchema.default('allow_duplicates'),
  group_id: z.string().min(1).max(128).optional(),
  group_type: z.enum(['live', 'burst']).optional(),
  master: flag.optional(),
  want_json: z.string().max(8).optional(),
});

function toFileFields(
  fields: z.infer<typeof UploadFields> | z.infer<typeof DedupFields>,
): FileFields {
  const group =
    'group_type' in fields && fields.group_type && fields.group_id
      ? { type: fields.group_type, id: fields.group_id, master: fields.master ?? false }
      : undefined;
  return {
    path: fields.path,
    mtime: fields.mtime,
    ctime: 'ctime' in fields ? fields.ctime : undefined,
    policy: fields.policy,
    group,
  };
}

/**
 * Malformed multipart (busboy's plain Errors: no boundary, body ended mid-part) is the client's
 * fault: 400. Our HttpErrors, the plugin's limit errors (with a status) and system errors
 * (disk full: they carry an errno code) keep their meaning.
 */
export function asMultipartError(error: unknown): unknown {
  if (error instanceof HttpError || !(error instanceof Error)) return error;
  const { statusCode, code } = error as Error & { statusCode?: unknown; code?: unknown };
  if (typeof statusCode === 'number' || typeof code === 'string') return error;
  return new HttpError(400, 'invalid_multipart', error.message);
}

export async function registerUploadRoutes(app: FastifyInstance, ctx: ServerContext) {
  registerResumableUploadRoutes(app, ctx);
  await app.register(multipart, {
    // Per-file size is enforced while streaming (quota and SPEC §9 200 GiB); these bound the rest.
    limits: {
      fileSize: MAX_UPLOAD_BYTES,
      files: 1,
      fields: 8,
      fieldSize: 4096,
      parts: 10,
      headerPairs: 50,
    },
  });

  app.post('/jobs/:id/upload', async (request) => {
    const caller = requireCaller(ctx, request);
    requireSubscriber(caller);
    // SPEC §6: the owner, or a member of an album that allows uploads.
    const job = jobForCaller(ctx, caller, request, 'contribute');
    const addedBy = job.owner_id === caller.user.id ? null : caller.user.id;
    z.object(commonQuery).parse(request.query);
    if (!request.isMultipart()) throw badRequest('expected multipart/form-data');
    // Checked before reading a byte of the body (SPEC §8: 413 → OutOfStorage).
    const declared = Number(request.headers['content-length']);
    const remaining = remainingSpace(ctx, job.owner_id);
    if (Number.isFinite(declared)) {
      if (declared - FRAMING_BYTES > MAX_UPLOAD_BYTES) throw fileTooLarge();
      if (declared - FRAMING_BYTES > remaining) throw outOfStorage();
    }
    const limit = Math.min(MAX_UPLOAD_BYTES, remaining);

    const raw: Record<string, string> = {};
    let received: Received | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file')
            throw badRequest(`unexpected file field ${part.fieldname}`);
          received = await ctx.media.blobs.receive(part.file, limit, () =>
            limit < MAX_UPLOAD_BYTES ? outOfStorage() : fileTooLarge(),
          );
        } else {
          if (part.valueTruncated) throw badRequest(`${part.fieldname}: value too long`);
          // The client sends the path before the file: refused before a byte is stored.
          if (part.fieldname === 'path') checkFileName(part.value);
          if (typeof part.value === 'string') raw[part.fieldname] = part.value;
        }
      }
      const fields = UploadFields.parse(raw);
      if (raw.resumable_upload !== undefined) {
        if (received) throw badRequest('resumable_upload: not with a file part');
        const resumable = ResumableFields.parse(raw);
        received = await takeFinishedUpload(
          ctx,
          caller,
          job,
          resumable.resumable_upload,
          resumable.checksum,
          limit,
        );
      }
      if (!received) throw badRequest('file: a file part is required');
      const answer: UploadResponse = await storeReceived(ctx, job, received, {
        ...toFileFields(fields),
        addedBy,
      });
      received = null; // stored (or dropped) by storeReceived
      return answer;
    } catch (error) {
      throw asMultipartError(error);
    } finally {
      if (received) await ctx.media.blobs.discard(received);
    }
  });

  app.post('/jobs/:id/files_dedup', (request) => {
    const caller = requireCaller(ctx, request);
    requireSubscriber(caller);
    const job = jobForCaller(ctx, caller, request, 'contribute');
    const body = request.body;
    if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
      throw badRequest('expected an object body');
    }
    const input = { ...(request.query as object), ...body } as Record<string, unknown>;
    checkFileName(input.path);
    const fields = DedupFields.parse(input);
    const answer = storeFromKnownBlob(ctx, job, caller.user.id, fields.checksum, {
      ...toFileFields(fields),
      addedBy: job.owner_id === caller.user.id ? null : caller.user.id,
    });
    if (!answer) throw notFound();
    const response: FilesDedupResponse = { uuid: answer.id, status: answer.status };
    return response;
  });
}
