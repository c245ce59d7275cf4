import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
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
import { COLUMNS, type FileRow } from '../db/files';
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
export function trashedAlbumOf(
  ctx: ServerContext,
  caller: Caller,
  uuid: string,
): { id: number; uuid: string } | null {
  return (
    stmt<[string, number, number], { id: number; uuid: string }>(
      ctx.db,
      `SELECT id, uuid FROM jobs WHERE uuid = ? AND owner_id = ? AND type = 'story'
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

  app.get('/trash_can', (request, reply) => {
    const { user } = requireCaller(ctx, request);
    const query = TrashQuery.parse(request.query);
    const offset = query.offset ?? 0;
    const limit = query.limit ?? 100;
    const since = alive(ctx.now());
    const { n } = stmt<[number, number], { n: number }>(
      ctx.db,
      `SELECT COUNT(*) AS n FROM files f JOIN jobs j ON j.id = f.job
       WHERE j.owner_id = ? AND f.deleted = 1 AND f.dtime >= ?`,
    ).get(user.id, since)!;
    const rows = stmt<[number, number, number, number], TrashRow>(
      ctx.db,
      `SELECT ${COLUMNS.replace(/(\w+)/g, 'f.$1')}, f.dtime, j.uuid AS job_uuid
       FROM files f JOIN jobs j ON j.id = f.job
       WHERE j.owner_id = ? AND f.deleted = 1 AND f.dtime >= ?
       ORDER BY f.dtime DESC, f.id DESC LIMIT ? OFFSET ?`,
    ).all(user.id, since, limit, offset);
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
