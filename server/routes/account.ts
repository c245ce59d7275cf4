// SPEC §7 GET /account_info, GET /supported_extensions (public: the accepted file types) and
// POST /approve_tos: the pending terms version or nothing; another version is 409; `accepted:
// false` declines and keeps them pending. account_info's `sunset_delete_date` is
// `users.sunset_delete_date`, its `isBeingShutDown` `users.being_shut_down`, its `allowAnalytics` the help_us_improve consent, and
// `resumable_uploads` advertises the tus endpoint (issue 32).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AccountInfo } from '../../src/api/contract/account';
import { ApproveTosRequestSchema, TOS_VERSION_MISMATCH } from '../../src/api/contract/terms';
import { MOVIE_EXTENSIONS, PICTURE_EXTENSIONS } from '../../src/domain/classify';
import { requireCaller } from '../auth/guard';
import type { ServerContext } from '../context';
import { subscribedAlbumCount } from '../db/albums';
import { stmt } from '../db/open';
import { totals } from '../db/users';
import { HttpError } from '../errors';
import { commonQuery } from './params';
import { analyticsAllowed } from './statistics';
import { RESUMABLE_CAPABILITY } from './resumableUploads';
import { profilePictureUrl } from './user';

export function registerAccountRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/account_info', (request) => {
    const { user } = requireCaller(ctx, request);
    const sums = totals(ctx.db, { owner: user.id });
    const info: AccountInfo = {
      uuid: user.uuid,
      name: user.name,
      logged_in_as: user.email,
      profile_picture: profilePictureUrl(ctx, user.profile_picture),
      used_space: sums.bytes,
      max_space: user.max_space,
      file_type_counters: {
        picture_count: sums.pictures,
        screenshot_count: sums.screenshots,
        video_count: sums.videos,
        document_count: sums.documents,
      },
      tos_to_approve: user.tos_pending ? { version: user.tos_pending } : null,
      sunset_delete_date: user.sunset_delete_date,
      is_read_only_user: user.read_only === 1,
      // SPEC §3 account field; our reading: the free service is ending for this account (the
      // paid-service transition notice, features/notices), set per user by the server.
      isBeingShutDown: user.being_shut_down === 1,
      number_of_subscribed_albums: subscribedAlbumCount(ctx.db, user.id),
      // SPEC §1: the help_us_improve consent governs analytics (routes/statistics.ts).
      allowAnalytics: analyticsAllowed(user),
      has_files_not_media: sums.documents > 0,
      // Ours (issue 32): resumable uploads by tus; a SPEC-only service leaves it out.
      resumable_uploads: RESUMABLE_CAPABILITY,
    };
    return info;
  });

  // SPEC §7 POST /approve_tos (tos_version), and declining (accepted: false). Approving with
  // nothing pending is a no-op (a second click); approving another version than the pending one
  // is refused, so an old prompt cannot approve new terms.
  app.post('/approve_tos', (request) => {
    const { user } = requireCaller(ctx, request);
    z.object(commonQuery).parse(request.query);
    const body = ApproveTosRequestSchema.parse(request.body);
    if (user.tos_pending !== null && body.tos_version !== user.tos_pending) {
      throw new HttpError(409, TOS_VERSION_MISMATCH, 'These are not the terms to approve');
    }
    if (body.accepted === false) return { approved: false };
    if (user.tos_pending !== null) {
      stmt(ctx.db, 'UPDATE users SET tos_pending = NULL, tos_approved = ? WHERE id = ?').run(
        body.tos_version,
        user.id,
      );
    }
    return { approved: true };
  });

  // Public: the upload picker may ask before login.
  app.get('/supported_extensions', (_request, reply) =>
    reply.header('Cache-Control', 'public, max-age=3600').send({
      pictures: [...PICTURE_EXTENSIONS],
      videos: [...MOVIE_EXTENSIONS],
    }),
  );
}
