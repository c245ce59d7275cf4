import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  EmptyTrashRequestSchema,
  TRASH_PAGE_MAX,
  type TrashFile,
  type TrashListResponse,
} from '../../src/api/contract/trash';
import { requireCaller } from '../auth/guard';
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
}
