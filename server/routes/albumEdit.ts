// SPEC §7 album calls on one album (its owner's unless said): members, name, privacy mode,
// password (visitors then send it as basic auth, linkRead.ts), permissions, cover, sort
// attribute, subscribe/unsubscribe (joining an album shared with the caller), delete (to the
// trash), copy_files into it and keep-files (copy to the caller's timeline). Each is checked role by role in authz.roles.test.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AlbumNameRequestSchema,
  AlbumPasswordRequestSchema,
  CopyFilesRequestSchema,
  CoverRequestSchema,
  PermissionsRequestSchema,
  PrivacyModeRequestSchema,
  SortOrderAttributeSchema,
  type CopyFilesResponse,
  type JobUsersResponse,
} from '../../src/api/contract/albums';
import { requireCaller, requireSubscriber, type Caller } from '../auth/guard';
import type { ServerContext } from '../context';
import {
  addMember,
  isMember,
  membersOf,
  recordAlbumEvent,
  removeMember,
  setAlbumField,
  trashAlbum,
} from '../db/albums';
import { copyFiles, findFileInJob, liveFilesOf, type FileRow } from '../db/files';
import { parseFileId } from '../db/ids';
import { timelineJobOf, userById, type JobRow } from '../db/users';
import { badRequest, notFound, outOfStorage } from '../errors';
import { jobByUuidFor, jobForCaller, openToLink } from './jobs';
import { linkJob, readLinkJob } from './linkRead';
import { commonQuery, idParam } from './params';
import { remainingSpace } from './uploadStore';
import { profilePictureUrl } from './user';

const Query = z.object(commonQuery);

/** An album (type story) the caller may use this way, else 404. */
function albumFor(
  ctx: ServerContext,
  caller: Caller,
  request: FastifyRequest,
  access: 'read' | 'contribute' | 'write',
): JobRow {
  const job = jobForCaller(ctx, caller, request, access);
  if (job.type !== 'story') throw notFound();
  Query.parse(request.query);
  return job;
}

/** Copies `rows` into `target`, within its owner's storage; notifies live pollers. */
function copyInto(
  ctx: ServerContext,
  rows: readonly FileRow[],
  target: JobRow,
  addedBy: number | null,
): CopyFilesResponse {
  const bytes = rows.reduce((sum, row) => sum + row.size, 0);
  if (bytes > remainingSpace(ctx, target.owner_id)) throw outOfStorage();
  const { pairs, serial } = copyFiles(ctx.db, rows, target.id, addedBy, ctx.now());
  if (serial > 0) ctx.events.notify(target.id, serial);
  return { files: pairs };
}

/** Live files of `job` by public id, in request order; unknown or trashed ids answer 404. */
function liveRows(ctx: ServerContext, job: JobRow, ids: readonly string[]): FileRow[] {
  return ids.map((id) => {
    const row = parseFileId(id) ? findFileInJob(ctx.db, job.id, id) : null;
    if (!row || row.deleted) throw notFound();
    return row;
  });
}

/**
 * The album calls of SPEC §7 that edit or join an album, and the copies. SPEC §6 on the server:
 * editing is the owner's; joining and leaving a member's; adding files the owner's or a member's
 * when uploads are allowed; copying needs a subscription.
 */
/**
 * An album to read for joining or keeping its files: one its link opens (with the key when it
 * has a password: routes/linkRead.ts), else one the caller may read.
 */
function albumToRead(
  ctx: ServerContext,
  caller: Caller,
  request: FastifyRequest,
): { job: JobRow; linked: boolean } {
  const uuid = idParam.safeParse((request.params as { id?: unknown }).id);
  const linked = uuid.success ? linkJob(ctx, uuid.data) : null;
  if (linked?.type === 'story')
    return { job: readLinkJob(ctx, request, linked.uuid).job, linked: true };
  return { job: albumFor(ctx, caller, request, 'read'), linked: false };
}

export function registerAlbumEditRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/jobs/:id/users', (request) => {
    const caller = requireCaller(ctx, request);
    const job = jobForCaller(ctx, caller, request, 'read');
    z.object({ ...commonQuery, include_profile_url: z.string().max(8).optional() }).parse(
      request.query,
    );
    const owner = userById(ctx.db, job.owner_id);
    const answer: JobUsersResponse = {
      users: [
        ...(owner
          ? [
              {
                uuid: owner.uuid,
                name: owner.name,
                profile_url: profilePictureUrl(ctx, owner.profile_picture),
                subscribed: true,
                owner: true,
              },
            ]
          : []),
        ...membersOf(ctx.db, job.id).map((m) => ({
          uuid: m.uuid,
          name: m.name,
          profile_url: profilePictureUrl(ctx, m.profile_picture),
          subscribed: true,
          owner: false,
        })),
      ],
    };
    return answer;
  });

  app.post('/jobs/:id/name', (request, reply) => {
    const job = albumFor(ctx, requireCaller(ctx, request), request, 'write');
    const { name } = AlbumNameRequestSchema.parse(request.body);
    // SPEC §5: a shared album needs a name; a private one may have none ("Unnamed album").
    if (!name.trim() && job.privacy_mode !== 'private') {
      throw badRequest('name: required for shared albums');
    }
    const serial = setAlbumField(ctx.db, job.id, 'title', name.trim() ? name : null, ctx.now());
    ctx.events.notify(job.id, serial);
    return reply.code(204).send();
  });

  app.post('/jobs/:id/privacy_mode', (request, reply) => {
    const job = albumFor(ctx, requireCaller(ctx, request), request, 'write');
    const { mode } = PrivacyModeRequestSchema.parse(request.body);
    if (mode !== 'private' && !job.title?.trim()) {
      throw badRequest('name: required for shared albums');
    }
    const serial = setAlbumField(ctx.db, job.id, 'privacy_mode', mode, ctx.now());
    ctx.events.notify(job.id, serial);
    return reply.code(204).send();
  });

  // SPEC §5/§6: the owner puts a password on the album (transformed by the client) or takes it
  // off (null); visitors then send it as basic auth (routes/linkRead.ts), members and the owner
  // need not.
  app.post('/jobs/:id/password', (request, reply) => {
    const job = albumFor(ctx, requireCaller(ctx, request), request, 'write');
    z.object(commonQuery).parse(request.query);
    const { password } = AlbumPasswordRequestSchema.parse(request.body);
    const serial = setAlbumField(ctx.db, job.id, 'password', password, ctx.now());
    ctx.events.notify(job.id, serial);
    return reply.code(204).send();
  });

  app.post('/jobs/:id/permissions', (request, reply) => {
    const job = albumFor(ctx, requireCaller(ctx, request), request, 'write');
    const body = PermissionsRequestSchema.parse(request.body);
    const mask = (body.allow_comments ? 1 : 0) | (body.allow_uploads ? 2 : 0);
    const serial = setAlbumField(ctx.db, job.id, 'permissions', mask, ctx.now());
    ctx.events.notify(job.id, serial);
    return reply.code(204).send();
  });

  app.post('/jobs/:id/cover', (request, reply) => {
    const job = albumFor(ctx, requireCaller(ctx, request), request, 'write');
    const { id } = CoverRequestSchema.parse(request.body);
    const file = findFileInJob(ctx.db, job.id, id);
    if (!file || file.deleted) throw notFound();
    const serial = setAlbumField(ctx.db, job.id, 'cover_file', file.id, ctx.now());
    ctx.events.notify(job.id, serial);
    return reply.code(204).send();
  });

  app.put('/jobs/:id/attribute/:name', (request, reply) => {
    const job = albumFor(ctx, requireCaller(ctx, request), request, 'write');
    const name = z.literal('sort_order').parse((request.params as { name: string }).name);
    const { value } = SortOrderAttributeSchema.parse(request.body);
    const serial = setAlbumField(ctx.db, job.id, name, value, ctx.now());
    ctx.events.notify(job.id, serial);
    return reply.code(204).send();
  });

  // SPEC §6: a non-owner joins an album shared with them (its link) and may leave it.
  app.post('/jobs/:id/subscribe', (request, reply) => {
    const caller = requireCaller(ctx, request);
    const { job, linked } = albumToRead(ctx, caller, request);
    if (job.owner_id === caller.user.id) throw badRequest('the owner is always subscribed');
    if (!isMember(ctx.db, job.id, caller.user.id) && !linked && !openToLink(job)) throw notFound();
    const now = ctx.now();
    const serial = ctx.db.transaction(() =>
      addMember(ctx.db, job.id, caller.user.id, now)
        ? recordAlbumEvent(ctx.db, job.id, 'members', now)
        : null,
    )();
    if (serial !== null) ctx.events.notify(job.id, serial);
    return reply.code(204).send();
  });

  app.post('/jobs/:id/unsubscribe', (request, reply) => {
    const caller = requireCaller(ctx, request);
    const job = albumFor(ctx, caller, request, 'read');
    const now = ctx.now();
    const serial = ctx.db.transaction(() =>
      removeMember(ctx.db, job.id, caller.user.id)
        ? recordAlbumEvent(ctx.db, job.id, 'members', now)
        : null,
    )();
    if (serial === null) throw notFound();
    ctx.events.notify(job.id, serial);
    return reply.code(204).send();
  });

  // SPEC §4: only the owner deletes the album; it goes to the trash for 90 days.
  app.delete('/jobs/:id', (request, reply) => {
    const job = albumFor(ctx, requireCaller(ctx, request), request, 'write');
    trashAlbum(ctx.db, job.id, ctx.now());
    return reply.code(204).send();
  });

  // Copy files the caller can read into this album (the add-to-album picker, SPEC §5).
  app.post('/jobs/:id/copy_files', (request) => {
    const caller = requireCaller(ctx, request);
    requireSubscriber(caller);
    const target = albumFor(ctx, caller, request, 'contribute');
    const body = CopyFilesRequestSchema.parse(request.body);
    const from = idParam.safeParse(body.source_job);
    const source = from.success ? jobByUuidFor(ctx, caller, from.data, 'read') : null;
    if (!source) throw notFound();
    const rows = liveRows(ctx, source, body.file_ids);
    return copyInto(ctx, rows, target, target.owner_id === caller.user.id ? null : caller.user.id);
  });

  // SPEC §7 keep-files / keep-all-files: an album's files into the caller's own timeline.
  const keep = (request: FastifyRequest, ids: readonly string[] | 'all') => {
    const caller = requireCaller(ctx, request);
    requireSubscriber(caller);
    const { job: album } = albumToRead(ctx, caller, request);
    const timeline = timelineJobOf(ctx.db, caller.user.id);
    if (!timeline) throw notFound();
    const rows = ids === 'all' ? liveFilesOf(ctx.db, album.id) : liveRows(ctx, album, ids);
    return copyInto(ctx, rows, timeline, null);
  };
  app.post('/jobs/:id/keep-all-files', (request) => keep(request, 'all'));
  app.post('/jobs/:id/keep-files', (request) => {
    const text = typeof request.body === 'string' ? request.body : '';
    const ids = text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean);
    if (ids.length === 0 || ids.length > 10_000) throw badRequest('file ids: 1 to 10,000 lines');
    return keep(request, ids);
  });
}
