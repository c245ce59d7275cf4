import type { FastifyInstance } from 'fastify';
import type { AccountInfo } from '../../src/api/contract/account';
import { MOVIE_EXTENSIONS, PICTURE_EXTENSIONS } from '../../src/domain/classify';
import { requireCaller } from '../auth/guard';
import type { ServerContext } from '../context';
import { totals } from '../db/users';
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
      tos_to_approve: null,
      sunset_delete_date: null,
      is_read_only_user: user.read_only === 1,
      isBeingShutDown: false,
      // Albums and subscriptions arrive with the albums pass.
      number_of_subscribed_albums: 0,
      allowAnalytics: false,
      has_files_not_media: sums.documents > 0,
    };
    return info;
  });

  // Public: the upload picker may ask before login.
  app.get('/supported_extensions', (_request, reply) =>
    reply.header('Cache-Control', 'public, max-age=3600').send({
      pictures: [...PICTURE_EXTENSIONS],
      videos: [...MOVIE_EXTENSIONS],
    }),
  );
}
