// SPEC §7 Trash. GET /trash_can counts and pages each of the caller's jobs on its own trash index
// (one job, the usual case, is walked in order with no sort); POST /empty_trash_can purges the
// caller's own trashed files only; GET /trash_can_albums and /{id}/files for export (an album in
// the trash stays readable by its owner through the content and archive routes);
// /rollback_albums (a subscriber's) and /delete_albums_from_trash_can.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FilesResponse } from '../../src/api/contract/files';
import {
  AlbumUuidsRequestSchema,
  type DeletedAlbum,
  EmptyTrashRequestSchema,
  TRASH_PAGE_MAX,
  type TrashFile,
  type TrashListResponse,
} from '../../src/api/contract/trash';
import { requireCaller, requireSubscriber, type Caller } from '../auth/guard';
import type { ServerContext } from '../context';
import { stmt } from '../db/open';
import { COLUMNS, liveFilesOf, toFileJson, type FileRow } from '../db/files';
import type { JobRow } from '../db/users';
import { notFound } from '../errors';
import { fileIdOf, parseFileId } from '../db/ids';
import { commonQuery, intString } from './params';
import { TRASH_RETENTION_SECONDS } from './rollback';

const TrashQuery = z.object({
  ...commonQuery,
  offset: intString(0, 10_000_000).optional(),
  limit: intString(1, TRASH_PAGE_MAX).optional(),
});

type TrashRow = FileRow & { dtime: number; job_uuid: string };

const KINDS = ['picture', 'movie', 'document'] as const;
const GROUPS = [undefined, 'live', 'burst'] as const;

function toTrashJson(row: TrashRow): TrashFile {
  const json: TrashFile = {
    id: fileIdOf(row.id, row.tag),
    job: row.job_uuid,
    path: row.path,
    ctime: row.ctime ?? row.mtime,
    mtime: row.mtime,
    dtime: row.dtime,
    width: row.width,
    height: row.height,
    size: row.size,
    type: KINDS[row.kind] ?? 'document',
  };
  if (row.duration) json.duration = row.duration;
  if (row.screenshot) json.screenshot = true;
  const group = GROUPS[row.group_type];
  if (group && row.group_id) {
    json.group_type = group;
    json.group_id = row.group_id;
    if (row.master) json.master = '1';
  }
  return json;
}

/** The caller's own album in the trash (within the retention), by uuid; null otherwise. */
export function trashedAlbumOf(ctx: ServerContext, caller: Caller, uuid: string): JobRow | null {
  return (
    stmt<[string, number, number], JobRow>(
      ctx.db,
      `SELECT * FROM jobs WHERE uuid = ? AND owner_id = ? AND type = 'story'
         AND deleted = 1 AND dtime >= ?`,
    ).get(uuid, caller.user.id, ctx.now() - TRASH_RETENTION_SECONDS) ?? null
  );
}

/**
 * SPEC §7 Trash: the caller's trashed files (every job they own), kept 90 days (SPEC §9); past
 * that they count as gone — not listed, not restorable (multi_rollback), not purgeable again.
 */
export function registerTrashRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const alive = (now: number) => now - TRASH_RETENTION_SECONDS;
  const trashCount = stmt<[number, number], { n: number }>(
    ctx.db,
    'SELECT COUNT(*) AS n FROM files WHERE job = ? AND deleted = 1 AND dtime >= ?',
  );

  app.get('/trash_can', (request, reply) => {
    const { user } = requireCaller(ctx, request);
    const query = TrashQuery.parse(request.query);
    const offset = query.offset ?? 0;
    const limit = query.limit ?? 100;
    const since = alive(ctx.now());
    // The caller's jobs that hold trash, each counted on its own trash index (files_job_trash):
    // never a scan of other users' trash.
    const jobs = stmt<[number], { id: number; uuid: string }>(
      ctx.db,
      `SELECT id, uuid FROM jobs WHERE owner_id = ?`,
    )
      .all(user.id)
      .map((job) => ({ ...job, n: trashCount.get(job.id, since)!.n }))
      .filter((job) => job.n > 0);
    const n = jobs.reduce((sum, job) => sum + job.n, 0);
    let rows: TrashRow[] = [];
    if (jobs.length === 1) {
      // The usual case (the timeline's trash): the index is walked backwards, already in order
      // (its entries end with the rowid), so a page costs its offset in index steps, no sort.
      rows = stmt<[string, number, number, number, number], TrashRow>(
        ctx.db,
        `SELECT ${COLUMNS}, dtime, ? AS job_uuid FROM files
         WHERE job = ? AND deleted = 1 AND dtime >= ?
         ORDER BY dtime DESC, id DESC LIMIT ? OFFSET ?`,
      ).all(jobs[0].uuid, jobs[0].id, since, limit, offset);
    } else if (jobs.length > 1) {
      rows = ctx.db
        .prepare<unknown[], TrashRow>(
          `SELECT ${COLUMNS.replace(/(\w+)/g, 'f.$1')}, f.dtime, j.uuid AS job_uuid
           FROM files f JOIN jobs j ON j.id = f.job
           WHERE f.job IN (${jobs.map(() => '?').join(',')}) AND f.deleted = 1 AND f.dtime >= ?
           ORDER BY f.dtime DESC, f.id DESC LIMIT ? OFFSET ?`,
        )
        .all(...jobs.map((job) => job.id), since, limit, offset);
    }
    const answer: TrashListResponse = {
      total_item_count: n,
      offset,
      limit,
      files: rows.map(toTrashJson),
    };
    return reply.header('capture-total-items', String(n)).send(answer);
  });

  // Deletes trashed files for good (deleted = 2: gone from the trash and from restore).
  app.post('/empty_trash_can', (request) => {
    const { user } = requireCaller(ctx, request);
    z.object(commonQuery).parse(request.query);
    const { fileid } = EmptyTrashRequestSchema.parse(request.body);
    const since = alive(ctx.now());
    const purge = stmt(
      ctx.db,
      `UPDATE files SET deleted = 2
       WHERE id = ? AND tag = ? AND deleted = 1 AND dtime >= ?
         AND job IN (SELECT id FROM jobs WHERE owner_id = ?)`,
    );
    const deleted = ctx.db.transaction(() =>
      fileid.filter((id) => {
        const parsed = parseFileId(id);
        return parsed !== null && purge.run(parsed.rowId, parsed.tag, since, user.id).changes > 0;
      }),
    )();
    return { deleted };
  });

  // SPEC §3 Deleted album: the caller's albums in the trash, newest deletion first.
  app.get('/trash_can_albums', (request) => {
    const { user } = requireCaller(ctx, request);
    z.object(commonQuery).parse(request.query);
    const rows = stmt<
      [number, number],
      { id: number; uuid: string; title: string | null; dtime: number }
    >(
      ctx.db,
      `SELECT id, uuid, title, dtime FROM jobs
       WHERE owner_id = ? AND type = 'story' AND deleted = 1 AND dtime >= ?
       ORDER BY dtime DESC, id DESC LIMIT 10000`,
    ).all(user.id, alive(ctx.now()));
    const live = stmt<[number, number], { n: number; cover: number | null; tag: number | null }>(
      ctx.db,
      `SELECT COUNT(*) AS n, MAX(id) AS cover,
         (SELECT tag FROM files WHERE job = ? AND deleted = 0 ORDER BY id DESC LIMIT 1) AS tag
       FROM files WHERE job = ? AND deleted = 0`,
    );
    const albums: DeletedAlbum[] = rows.map((row) => {
      const { n, cover, tag } = live.get(row.id, row.id)!;
      return {
        id: row.uuid,
        name: row.title,
        media_count: n,
        cover_id: cover !== null && tag !== null ? fileIdOf(cover, tag) : null,
        dtime: row.dtime,
      };
    });
    return { albums };
  });

  // The files of one of the caller's albums in the trash, to export it (SPEC §2 trash albums).
  app.get('/trash_can_albums/:id/files', (request) => {
    const caller = requireCaller(ctx, request);
    z.object(commonQuery).parse(request.query);
    const uuid = (request.params as { id: string }).id;
    const album = uuid.length <= 64 ? trashedAlbumOf(ctx, caller, uuid) : null;
    if (!album) throw notFound();
    const answer: FilesResponse = { files: liveFilesOf(ctx.db, album.id).map(toFileJson) };
    return answer;
  });

  /** Acts on the caller's trashed albums among `uuids`; answers the ones it changed. */
  const onTrashedAlbums = (request: FastifyRequest, sql: string, restore = false) => {
    const caller = requireCaller(ctx, request);
    // SPEC §6: restoring saves files again ("restore disabled" for read-only users).
    if (restore) requireSubscriber(caller);
    z.object(commonQuery).parse(request.query);
    const { job_uuids: uuids } = AlbumUuidsRequestSchema.parse(request.body);
    const update = stmt(ctx.db, sql);
    const success = ctx.db.transaction(() =>
      uuids.flatMap((uuid) => {
        const album = trashedAlbumOf(ctx, caller, uuid);
        return album && update.run(album.id).changes > 0 ? [{ uuid }] : [];
      }),
    )();
    return { success };
  };
  // Back to the albums list, with its files.
  app.post('/rollback_albums', (request) =>
    onTrashedAlbums(
      request,
      'UPDATE jobs SET deleted = 0, dtime = NULL WHERE id = ? AND deleted = 1',
      true,
    ),
  );
  // For good (deleted = 2: gone from the trash and from restore).
  app.delete('/delete_albums_from_trash_can', (request) =>
    onTrashedAlbums(request, 'UPDATE jobs SET deleted = 2 WHERE id = ? AND deleted = 1'),
  );
}
