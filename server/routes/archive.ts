import { create as contentDisposition } from 'content-disposition';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import yazl from 'yazl';
import { z } from 'zod';
import {
  ARCHIVE_MAX_FILES,
  ArchiveFormSchema,
  ArchiveQuerySchema,
} from '../../src/api/contract/archive';
import { INTERNATIONAL_BRAND } from '../../src/domain/brand';
import { fileExtension } from '../../src/domain/classify';
import { callerForToken, requireCaller } from '../auth/guard';
import type { ServerContext } from '../context';
import { findFileInJob, GROUP, type FileRow } from '../db/files';
import { stmt } from '../db/open';
import { LIMIT_INPUT_PIXELS } from '../media/decodes';
import type { JobRow } from '../db/users';
import { badRequest, notFound } from '../errors';
import { jobForCaller } from './jobs';
import { commonQuery } from './params';
import { trashedAlbumOf } from './trash';

/**
 * Archive downloads (SPEC §7, §9 download presets): a browser form post answered with a zip that
 * is streamed entry by entry with yazl (zip64 where needed), never held in memory. Each entry holds
 * the bytes GET /st/4/jobs/{id}/files_by_id/{fileId} serves: the upload itself, or for a seeded
 * file (no content) its 1280 rendering. Entries are stored, not deflated: photos and videos do
 * not compress, and the 2-core server should not spend its time trying.
 *
 * - `file_ids`: ids joined with ",", or `all` = every file of the job (live for
 *   files_as_archive: the takeout/export of a whole library, no count limit then; trashed for
 *   files_from_trash_as_archive: "download all" of the trash).
 * - `flattened=1`: entries named by the file's base name, repeats as "name (1).ext"; else the
 *   file's path, repeats numbered the same way. Either is made safe first (`entryPath`: control
 *   characters removed, "\\" a separator, ":" → "_", no leading "/", "." or ".." segments).
 *   Names are compared case-insensitively (archives get unpacked on such file systems).
 * - `master_only=1`: members of a live/burst group that are not its master are left out.
 * - `include_subrevisions`: accepted; this server keeps no revisions, so every file has exactly
 *   one and the flag changes nothing.
 * - `heic_to_jpeg=1`: .heic/.heif entries become .jpg. A seeded file's content is already a JPEG
 *   rendering (renamed only). An upload is converted with sharp when this sharp build decodes it;
 *   the prebuilt sharp/libvips decodes AVIF-coded HEIF only, not the HEVC of camera HEIC files,
 *   so those stay the original .heic entry.
 */

const ArchiveQuery = ArchiveQuerySchema.extend(commonQuery);
const ArchiveForm = z.object({
  file_ids: ArchiveFormSchema.shape.file_ids,
  // Optional here: a caller may authenticate with the Authorization header instead.
  auth_token: z.string().max(256).optional(),
});

/** Entries prepared ahead of the one being written (bounds memory and open files). */
const WINDOW = 6;
/** Entries prepared at the same time (the server has 2 cores). */
const PARALLEL = 2;
const ALL_PAGE = 256;
const HEIC_EXTENSIONS = new Set(['heic', 'heif']);

const COLUMNS =
  'id, tag, job, path, ctime, mtime, capture_time, size, width, height, duration, kind, ' +
  'screenshot, checksum, group_type, group_id, master, blob';

type Archived = FileRow;

/** Entry names made unique ("a.jpg", "a (1).jpg", …), compared case-insensitively. */
export class EntryNames {
  private readonly used = new Set<string>();

  take(wanted: string): string {
    let name = wanted;
    const slash = wanted.lastIndexOf('/');
    const dot = wanted.lastIndexOf('.');
    const split = dot > slash + 1 ? dot : wanted.length;
    for (let n = 1; this.used.has(name.toLowerCase()); n++) {
      name = `${wanted.slice(0, split)} (${n})${wanted.slice(split)}`;
    }
    this.used.add(name.toLowerCase());
    return name;
  }
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * The folders and name of a stored path as any unzip tool takes them safely (issue 23: a name
 * yazl refuses mid-stream cut the download off after its 200): control characters removed,
 * backslashes are separators, ":" becomes "_" (no drive letters, no NTFS streams), and empty,
 * "." and ".." segments are dropped (no absolute paths, no climbing out of the target folder).
 */
function safeSegments(path: string): string[] {
  return path
    .replace(CONTROL_CHARACTERS, '')
    .replace(/\\/g, '/')
    .replace(/:/g, '_')
    .split('/')
    .filter((p) => p !== '' && p !== '.' && p !== '..');
}

/** A path as a safe zip entry name ("file" when nothing is left). */
export function entryPath(path: string): string {
  return safeSegments(path).join('/') || 'file';
}

/** The last segment of a path as a safe flattened entry name ("file" when nothing is left). */
export function entryFileName(path: string): string {
  return safeSegments(path).at(-1) ?? 'file';
}

/** RFC 6266 attachment with an ASCII fallback and the RFC 8187 UTF-8 name. */
export function zipDisposition(zipFilename: string | undefined): string {
  const base = (zipFilename?.trim() || INTERNATIONAL_BRAND.name).replace(/[/\\]/g, '_');
  return contentDisposition(/\.zip$/i.test(base) ? base : `${base}.zip`);
}

/** Counts prepared entries; `acquire` waits while WINDOW of them are not written yet. */
class Window {
  private free = WINDOW;
  private waiting: (() => void)[] = [];

  acquire(): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
  }

  /** Wakes every waiter (the download was abandoned). */
  drain(): void {
    for (const wake of this.waiting.splice(0)) wake();
  }
}

const isSkippedMember = (row: FileRow) => row.group_type !== GROUP.none && row.master !== 1;

/** Every file of the job, trashed or live, oldest first, a page at a time (keyset). */
async function* allFiles(
  ctx: ServerContext,
  job: number,
  trashed: boolean,
  masterOnly: boolean,
): AsyncGenerator<Archived> {
  // Live files: files_job_time walked in (capture_time, id) order. Trash: files_job_trash (small).
  const sql = trashed
    ? `SELECT ${COLUMNS} FROM files WHERE job = ? AND deleted = 1 AND (capture_time, id) > (?, ?)
       ORDER BY capture_time, id LIMIT ${ALL_PAGE}`
    : `SELECT ${COLUMNS} FROM files WHERE job = ? AND deleted = 0 AND (capture_time, id) > (?, ?)
       ORDER BY capture_time, id LIMIT ${ALL_PAGE}`;
  let after: [number, number] = [-(2 ** 53), 0];
  for (;;) {
    const rows = stmt<[number, number, number], FileRow>(ctx.db, sql).all(job, ...after);
    for (const row of rows) if (!(masterOnly && isSkippedMember(row))) yield row;
    if (rows.length < ALL_PAGE) return;
    const last = rows[rows.length - 1];
    after = [last.capture_time, last.id];
    // Let other requests run between pages of a long takeout.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The listed ids, each checked to be a (trashed or live) file of the job: 404 otherwise. */
function listedFiles(
  ctx: ServerContext,
  job: JobRow,
  raw: string,
  trashed: boolean,
  masterOnly: boolean,
): Archived[] {
  const ids = [
    ...new Set(
      raw
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.length === 0) throw badRequest('file_ids: no file ids');
  if (ids.length > ARCHIVE_MAX_FILES) {
    throw badRequest(`file_ids: at most ${ARCHIVE_MAX_FILES} files per archive`);
  }
  const rows = ids.map((id) => {
    const row = findFileInJob(ctx.db, job.id, id);
    if (!row || (row.deleted === 1) !== trashed) throw notFound();
    return row;
  });
  return masterOnly ? rows.filter((row) => !isSkippedMember(row)) : rows;
}

interface Prepared {
  /** The entry name before de-duplication (taken in archive order when the entry is added). */
  wanted: string;
  source: string | Buffer;
  size: number;
}

async function prepare(
  ctx: ServerContext,
  row: Archived,
  options: { flattened: boolean; heicToJpeg: boolean },
): Promise<Prepared> {
  const wanted = options.flattened ? entryFileName(row.path) : entryPath(row.path);
  const toJpeg = (name: string) => `${name.slice(0, name.length - fileExtension(name).length)}jpg`;
  const heic = options.heicToJpeg && HEIC_EXTENSIONS.has(fileExtension(row.path));
  if (!row.blob) {
    // Seeded: the served content is the JPEG rendering.
    const thumb = await ctx.thumbnails.get(row, 1280);
    return { wanted: heic ? toJpeg(wanted) : wanted, source: thumb.file, size: thumb.size };
  }
  const file = ctx.media.blobs.pathOf(row.blob);
  if (heic) {
    try {
      const jpeg = await ctx.media.decodes.run(() =>
        sharp(file, { limitInputPixels: LIMIT_INPUT_PIXELS })
          .rotate()
          .jpeg({ quality: 92 })
          .toBuffer(),
      );
      return { wanted: toJpeg(wanted), source: jpeg, size: jpeg.length };
    } catch {
      // This sharp build cannot decode it: the original goes in.
    }
  }
  const { size } = await fs.promises.stat(file);
  return { wanted, source: file, size };
}

async function sendArchive(
  ctx: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  trashed: boolean,
) {
  const query = ArchiveQuery.parse(request.query);
  const body = request.body;
  const isForm = typeof body === 'object' && body !== null && !Array.isArray(body);
  const bodyToken = isForm ? (body as { auth_token?: unknown }).auth_token : undefined;
  const caller =
    typeof bodyToken === 'string' && bodyToken !== ''
      ? callerForToken(ctx, bodyToken)
      : requireCaller(ctx, request);
  // Live files: whoever may read the job; its trash: the owner only. The owner may also export
  // an album of theirs that is in the trash (its files are still live, SPEC §2 trash albums).
  const uuid = (request.params as { id?: unknown }).id;
  const trashedAlbum =
    !trashed && typeof uuid === 'string' && uuid.length <= 64
      ? trashedAlbumOf(ctx, caller, uuid)
      : null;
  const job = trashedAlbum ?? jobForCaller(ctx, caller, request, trashed ? 'write' : 'read');
  if (!isForm) throw badRequest('expected a form body with file_ids');
  const form = ArchiveForm.parse(body);
  const masterOnly = query.master_only === '1';
  const options = { flattened: query.flattened === '1', heicToJpeg: query.heic_to_jpeg === '1' };
  // Everything is checked before a byte is sent: an error is still a proper JSON answer.
  const files: Iterable<Archived> | AsyncIterable<Archived> =
    form.file_ids.trim() === 'all'
      ? allFiles(ctx, job.id, trashed, masterOnly)
      : listedFiles(ctx, job, form.file_ids, trashed, masterOnly);

  const zip = new yazl.ZipFile();
  const names = new EntryNames();
  const window = new Window();
  let abandoned = false;
  const fail = (error: unknown) => {
    if (abandoned) return;
    abandoned = true;
    window.drain();
    request.log.error(error);
    // Headers are out: cut the connection so the browser reports a failed download rather than
    // saving a truncated zip as if it were whole.
    reply.raw.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  zip.on('error', fail);
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) {
      abandoned = true;
      window.drain();
      (zip.outputStream as Readable).destroy();
    }
  });

  const add = (row: Archived, entry: Prepared) => {
    zip.addReadStreamLazy(
      names.take(entry.wanted),
      { mtime: new Date(row.mtime * 1000), mode: 0o100644, compress: false, size: entry.size },
      (callback) => {
        const stream =
          typeof entry.source === 'string'
            ? fs.createReadStream(entry.source)
            : Readable.from([entry.source]);
        stream.once('close', () => window.release());
        callback(null, stream);
      },
    );
  };
  // Up to PARALLEL entries are prepared at once (a seeded file's first rendering costs ~30 ms
  // of CPU), added in order so names and order do not depend on timing.
  const produce = async () => {
    const pending: { row: Archived; entry: Promise<Prepared> }[] = [];
    const addNext = async () => {
      const next = pending.shift();
      if (!next) return;
      const entry = await next.entry;
      if (!abandoned) add(next.row, entry);
    };
    for await (const row of files) {
      await window.acquire();
      if (abandoned) return;
      const entry = prepare(ctx, row, options);
      entry.catch(() => undefined); // awaited in order below; not an unhandled rejection
      pending.push({ row, entry });
      if (pending.length >= PARALLEL) await addNext();
    }
    while (pending.length > 0 && !abandoned) await addNext();
    if (!abandoned) zip.end();
  };
  produce().catch(fail);

  return reply
    .header('Content-Disposition', zipDisposition(query.zip_filename))
    .header('Cache-Control', 'no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .type('application/zip')
    .send(zip.outputStream);
}

/** Room for ARCHIVE_MAX_FILES ids and the token (the shared form parser allows 16 KiB). */
const FORM_LIMIT = 256 * 1024;

export function registerArchiveRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.post('/st/4/jobs/:id/files_as_archive', { bodyLimit: FORM_LIMIT }, (request, reply) =>
    sendArchive(ctx, request, reply, false),
  );
  app.post(
    '/st/4/jobs/:id/files_from_trash_as_archive',
    { bodyLimit: FORM_LIMIT },
    (request, reply) => sendArchive(ctx, request, reply, true),
  );
}
