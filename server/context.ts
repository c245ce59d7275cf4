import type { ServiceDict } from '../src/api/contract/serviceDict';
import { CastHub } from './castHub';
import { LinkThrottle } from './auth/linkThrottle';
import { LoginThrottle } from './auth/loginThrottle';
import { PkceStore } from './auth/pkce';
import { RateLimiter } from './auth/rateLimit';
import { RedirectUris } from './auth/redirectUris';
import type { Db } from './db/open';
import { JobEvents } from './events';
import { MediaService } from './media/service';
import type { ThumbnailService } from './media/thumbnails';

/** What every route needs, passed explicitly instead of decorating Fastify. */
export interface ServerContext {
  db: Db;
  dataDir: string;
  /** The API listener's public origin; set once it listens (the port may be chosen by the OS). */
  publicApiOrigin: string;
  pkce: PkceStore;
  /** Where the identity-provider emulator may send a sign-in code: the web origins' roots. */
  redirectUris: RedirectUris;
  /** Failed sign-ins per account and address (auth/loginThrottle.ts). */
  loginThrottle: LoginThrottle;
  /** Guesses of album and share passwords per link and address (auth/linkThrottle.ts). */
  linkThrottle: LinkThrottle;
  /** What visitors without an account may write (routes/visitors.ts). */
  visitorLimits: VisitorLimits;
  /** Blobs, posters and the video pipeline. */
  media: MediaService;
  /** Same object as media.thumbnails. */
  thumbnails: ThumbnailService;
  /** Wakes long polls when a job's serial moves. */
  events: JobEvents;
  /** Cast pairings and their relay (routes/cast.ts), in memory. */
  cast: CastHub;
  /** How long GET /poll waits before answering 204. */
  pollTimeoutMs: number;
  /** Unix seconds; injectable for tests. */
  now: () => number;
}

export interface VisitorLimits {
  /** Visitor names given, per client address. */
  tokens: RateLimiter;
  /** Comments posted or edited, per visitor and per signed-in user (routes/comments.ts). */
  comments: RateLimiter;
  /** Comments posted or edited by any visitor, per client address. */
  addresses: RateLimiter;
}

export interface ContextOptions {
  publicApiOrigin?: string;
  /** Web origins the client is served on (their roots become the registered redirect URIs). */
  webOrigins?: readonly string[];
  pollTimeoutMs?: number;
  now?: () => number;
}

/** SPEC §9 polls every 2.5 s after an answer; 25 s keeps an idle client to ~2 requests a minute. */
export const DEFAULT_POLL_TIMEOUT_MS = 25_000;

export function createContext(
  db: Db,
  dataDir: string,
  options: ContextOptions = {},
): ServerContext {
  const media = new MediaService(db, dataDir);
  const redirectUris = new RedirectUris();
  for (const origin of options.webOrigins ?? []) redirectUris.registerOrigin(origin);
  const ctx: ServerContext = {
    db,
    dataDir,
    publicApiOrigin: options.publicApiOrigin ?? '',
    pkce: new PkceStore(),
    redirectUris,
    // Through ctx.now, so a test that moves the clock moves the lockouts too.
    loginThrottle: new LoginThrottle(() => ctx.now()),
    linkThrottle: new LinkThrottle(() => ctx.now()),
    visitorLimits: {
      tokens: new RateLimiter({ limit: 20, windowSeconds: 3600 }, () => ctx.now()),
      comments: new RateLimiter({ limit: 10, windowSeconds: 60 }, () => ctx.now()),
      addresses: new RateLimiter({ limit: 30, windowSeconds: 60 }, () => ctx.now()),
    },
    media,
    thumbnails: media.thumbnails,
    events: new JobEvents(),
    cast: new CastHub(() => ctx.now()),
    pollTimeoutMs: options.pollTimeoutMs ?? DEFAULT_POLL_TIMEOUT_MS,
    now: options.now ?? (() => Math.floor(Date.now() / 1000)),
  };
  return ctx;
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
