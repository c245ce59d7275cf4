import type { ServiceDict } from '../src/api/contract/serviceDict';
import type { PkceStore } from './auth/pkce';
import type { Db } from './db/open';
import type { ThumbnailService } from './media/thumbnails';

/** What every route needs, passed explicitly instead of decorating Fastify. */
export interface ServerContext {
  db: Db;
  dataDir: string;
  /** The API listener's public origin; set once it listens (the port may be chosen by the OS). */
  publicApiOrigin: string;
  pkce: PkceStore;
  thumbnails: ThumbnailService;
  /** Unix seconds; injectable for tests. */
  now: () => number;
}

/** All five hosts point at the API listener (ARCHITECTURE "The contract server"). */
export function serviceDict(ctx: ServerContext): ServiceDict {
  const origin = ctx.publicApiOrigin;
  return {
    appHost: origin,
    thumbHost: origin,
    videoHost: origin,
    pollHost: origin,
    downloadHost: origin,
  };
}
