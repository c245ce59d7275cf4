/**
 * The service worker (issue 19, second visit): answers the gallery's thumbnails (both tiers)
 * cache-first from the Cache API under an LRU byte budget per device class. Everything else goes
 * to the network untouched. Built on its own (scripts/swBuild.ts) to /sw.js; imports only its
 * shared module.
 *
 * What must stay true:
 * - the cache key is user, job, file and size; the URL's token is never stored (the response is
 *   rebuilt from its bytes, so not even its URL is kept);
 * - only a URL whose token hashes to the signed-in user's is cached or answered from the cache;
 *   no identity (before login, after logout), no cache;
 * - a new version takes over only when the app says so (`skipWaiting` message), which it does
 *   when no upload is running.
 */
import {
  META_CACHE,
  PendingWrites,
  SHELL_CACHE,
  THUMB_CACHE,
  ThrottledSave,
  ThumbLru,
  thumbBudgetBytes,
  thumbnailKey,
  type SwIdentity,
  type SwMessage,
  type SwStats,
} from './sw.shared';

// The few service-worker types used here (tsconfig's lib is the DOM's, shared by the app).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
  readonly ports: readonly MessagePort[];
}
interface ServiceWorkerScope {
  readonly location: Location;
  readonly navigator: Navigator & { deviceMemory?: number };
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
}

declare const __SW_VERSION__: string;
const scope = self as unknown as ServiceWorkerScope;
const VERSION = typeof __SW_VERSION__ === 'string' ? __SW_VERSION__ : 'dev';
const IDENTITY_URL = `${scope.location.origin}/__thumbs-meta/identity`;
const INDEX_URL = `${scope.location.origin}/__thumbs-meta/index`;

let identity: SwIdentity | null = null;
let lru = new ThumbLru(thumbBudgetBytes(scope.navigator.deviceMemory));
let hits = 0;
let misses = 0;
let evicted = 0;
let storedBytes = 0;
/** Thumbnails missed and not yet put into the cache (SwStats.pendingWrites). */
const thumbnailWrites = new PendingWrites();
/** Loads the identity and the LRU index once per worker start. */
let ready: Promise<void> | null = null;
const tokenHashes = new Map<string, Promise<string>>();

scope.addEventListener('install', () => {
  // No skipWaiting here: a first install has nothing to replace (activate claims the pages),
  // and an update waits until the app says no upload is running.
});

scope.addEventListener('activate', (event) => {
  // The previous version's shell is stale (its assets are another build's).
  event.waitUntil(caches.delete(SHELL_CACHE).then(() => scope.clients.claim()));
});

scope.addEventListener('message', (event) => {
  const message = event.data as SwMessage;
  switch (message?.type) {
    case 'skipWaiting':
      event.waitUntil(scope.skipWaiting());
      break;
    case 'identity':
      event.waitUntil(adopt(message.identity));
      break;
    case 'logout':
      event.waitUntil(forget());
      break;
    case 'stats':
      event.waitUntil(
        load().then(() => {
          const stats: SwStats = {
            version: VERSION,
            user: identity?.user ?? null,
            entries: lru.size,
            bytes: lru.bytes,
            budgetBytes: lru.budgetBytes,
            hits,
            misses,
            evicted,
            storedBytes,
            pendingWrites: thumbnailWrites.size + indexSave.pending,
          };
          event.ports[0]?.postMessage(stats);
        }),
      );
      break;
    default:
      break;
  }
});

scope.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin === scope.location.origin) {
    const shell = shellRequest(request, url);
    if (shell) event.respondWith(shell);
    return;
  }
  // Cheap test first: every other request goes to the network without the worker.
  if (!url.pathname.startsWith('/th/3/')) return;
  event.respondWith(answerThumbnail(request, url));
});

const SHELL_PAGE = `${scope.location.origin}/__shell/index.html`;

/**
 * The app for offline starts: hashed assets and the favicon cache-first (a hash never changes
 * its bytes; the favicon is part of the build, and every build is a new worker version, whose
 * activation drops this cache); the page and the config (the server's, not the build's)
 * network-first, the last good copy when the network is gone. One page serves every route (the
 * web listener's SPA fallback does the same).
 */
function shellRequest(request: Request, url: URL): Promise<Response> | null {
  if (request.mode === 'navigate') return networkFirst(request, SHELL_PAGE);
  if (url.pathname.startsWith('/assets/') || url.pathname === '/favicon.svg') {
    return cacheFirst(request);
  }
  if (url.pathname === '/app-config.json') return networkFirst(request, request.url);
  return null;
}

async function networkFirst(request: Request, key: string): Promise<Response> {
  const cache = await caches.open(SHELL_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(key);
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(SHELL_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function answerThumbnail(request: Request, url: URL): Promise<Response> {
  await load();
  const current = identity;
  const match = current ? thumbnailKey(url, current.user, scope.location.origin) : null;
  if (!current || !match || (await hashToken(match.token)) !== current.tokenHash) {
    return fetch(request);
  }
  const cache = await caches.open(THUMB_CACHE);
  const cached = await cache.match(match.key);
  if (cached) {
    hits++;
    lru.touch(match.key);
    scheduleIndexSave();
    return cached;
  }
  misses++;
  // From the miss until its put lands: a write the next visit would find.
  const end = thumbnailWrites.begin();
  try {
    const response = await fetch(request);
    if (!response.ok || response.type === 'opaque') return response;
    // Read once, whole (a thumbnail is small): the same bytes are stored and answered, so no
    // body keeps streaming through the worker after its event.
    const bytes = await response.arrayBuffer();
    // Still the same user (a logout may have come meanwhile)?
    if (identity?.user === current.user) {
      void thumbnailWrites.track(store(cache, match.key, bytes, response)).catch(() => undefined);
    }
    return new Response(bytes, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  } finally {
    end();
  }
}

async function store(
  cache: Cache,
  key: string,
  bytes: ArrayBuffer,
  response: Response,
): Promise<void> {
  const headers = new Headers({
    'Content-Type': response.headers.get('Content-Type') ?? 'image/jpeg',
    'Content-Length': String(bytes.byteLength),
  });
  await cache.put(key, new Response(bytes, { status: 200, headers }));
  storedBytes += bytes.byteLength;
  await evict(cache, lru.add(key, bytes.byteLength));
  scheduleIndexSave();
}

function load(): Promise<void> {
  ready ??= (async () => {
    const meta = await caches.open(META_CACHE);
    const savedIdentity = await meta.match(IDENTITY_URL);
    identity = savedIdentity ? ((await savedIdentity.json()) as SwIdentity) : null;
    const savedIndex = await meta.match(INDEX_URL);
    const budget = identity?.budgetBytes ?? thumbBudgetBytes(scope.navigator.deviceMemory);
    if (savedIndex) {
      lru = ThumbLru.from(await savedIndex.json(), budget);
    } else {
      // No index (first start, or it was lost): start empty so the budget stays honest.
      lru = new ThumbLru(budget);
      await caches.delete(THUMB_CACHE);
    }
  })();
  return ready;
}

async function adopt(next: SwIdentity): Promise<void> {
  await load();
  if (identity && identity.user !== next.user) await forget();
  identity = next;
  lru.budgetBytes = next.budgetBytes ?? thumbBudgetBytes(scope.navigator.deviceMemory);
  const meta = await caches.open(META_CACHE);
  await meta.put(IDENTITY_URL, Response.json(next));
  await evict(await caches.open(THUMB_CACHE), lru.evictToBudget());
}

async function evict(cache: Cache, keys: readonly string[]): Promise<void> {
  evicted += keys.length;
  for (const old of keys) await cache.delete(old);
}

/** Logout (or another user): nothing of the last user stays. */
async function forget(): Promise<void> {
  identity = null;
  lru.clear();
  tokenHashes.clear();
  indexSave.cancel();
  // Both caches go (the page deletes them too, maybe before this message arrives): nothing of
  // the user, not even an empty index, is left behind. A later start finds no index and begins
  // empty.
  await Promise.all([caches.delete(THUMB_CACHE), caches.delete(META_CACHE)]);
}

function hashToken(token: string): Promise<string> {
  let hash = tokenHashes.get(token);
  if (!hash) {
    hash = crypto.subtle
      .digest('SHA-256', new TextEncoder().encode(token))
      .then((digest) =>
        [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join(''),
      );
    tokenHashes.set(token, hash);
  }
  return hash;
}

/** The LRU index is saved at most once a second (a worker may be stopped at any time). */
const indexSave = new ThrottledSave(
  // Signed out meanwhile: the index is not written back.
  () =>
    identity
      ? caches.open(META_CACHE).then((meta) => meta.put(INDEX_URL, Response.json(lru.toJSON())))
      : undefined,
  1000,
);

function scheduleIndexSave(): void {
  indexSave.schedule();
}
