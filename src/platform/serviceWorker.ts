import {
  META_CACHE,
  THUMB_CACHE,
  type SwIdentity,
  type SwMessage,
  type SwStats,
} from '../../workers/sw.shared';
import { sha256Hex } from './sha256';

/**
 * The app's side of the service worker (workers/sw.ts): registers it, tells it who is signed in
 * (the account's uuid and the SHA-256 of the token its thumbnail URLs carry), clears it on
 * logout, and lets a new version take over only when no upload is running.
 */

export interface ServiceWorkerOptions {
  /** Whether an upload is running now: a waiting new version is held back meanwhile. */
  uploadsRunning: () => boolean;
  /** Calls back whenever uploads may have stopped; returns the unsubscribe. */
  onUploadsChange: (listener: () => void) => () => void;
}

const SCRIPT_URL = '/sw.js';
let registration: ServiceWorkerRegistration | null = null;

/**
 * Test builds keep the worker off unless a spec asks for it (local storage `captureSw` = 1):
 * other specs count and reroute thumbnail requests, which a worker would answer instead.
 */
export function serviceWorkerWanted(win: Window): boolean {
  if (!('serviceWorker' in win.navigator) || !win.isSecureContext) return false;
  if (import.meta.env.VITE_TEST_HOOKS !== '1') return true;
  try {
    return win.localStorage.getItem('captureSw') === '1';
  } catch {
    return false;
  }
}

export async function startServiceWorker(
  win: Window,
  options: ServiceWorkerOptions,
  scriptUrl = SCRIPT_URL,
): Promise<void> {
  if (!serviceWorkerWanted(win)) return;
  try {
    registration = await win.navigator.serviceWorker.register(scriptUrl, { scope: '/' });
  } catch {
    // No worker (blocked, private mode): the app works as before, from the network.
    return;
  }
  holdUpdatesDuringUploads(registration, options);
  // A first install activates after the app told it who is signed in: tell it again.
  win.navigator.serviceWorker.addEventListener('controllerchange', () => void sendIdentity());
  void win.navigator.serviceWorker.ready.then(() => sendIdentity());
}

/** Quiet time after the last upload ends before a waiting version is released. */
export const RELEASE_QUIET_MS = 1500;
/** How often a release is asked again until the new version takes over, and how many times. */
export const RELEASE_RETRY_MS = 2000;
export const RELEASE_TRIES = 30;

/**
 * A new version installs at once but activates only once no upload runs; then it takes over:
 * its activate claims the pages (a `controllerchange`, no reload: the app keeps running on the
 * assets it loaded, and the new worker answers only thumbnails and the shell from then on).
 *
 * Chromium activates a version that called skipWaiting() only once the active one has no work:
 * it stops the active worker as soon as it is idle, then swaps. The end of an upload sets off a
 * burst of requests through the active worker (the new file's thumbnails, the refreshed
 * timeline) that restarts it, and a restarted worker kept alive by DevTools (as under
 * Playwright) held the new version back for minutes. So the release waits RELEASE_QUIET_MS after
 * the last upload change, then asks the waiting worker to skip waiting, and asks again every
 * RELEASE_RETRY_MS until it has taken over, an upload starts, or RELEASE_TRIES are spent.
 */
export function holdUpdatesDuringUploads(
  reg: ServiceWorkerRegistration,
  { uploadsRunning, onUploadsChange }: ServiceWorkerOptions,
): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let tries = 0;
  const stop = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const release = () => {
    timer = null;
    const waiting = reg.waiting;
    if (!waiting || uploadsRunning() || tries >= RELEASE_TRIES) return;
    tries++;
    post(waiting, { type: 'skipWaiting' });
    timer = setTimeout(release, RELEASE_RETRY_MS);
  };
  const activateWaiting = (quiet: number) => {
    stop();
    if (!reg.waiting || uploadsRunning()) return;
    tries = 0;
    timer = setTimeout(release, quiet);
  };
  // Every change of the uploads may be the end of the last one (cheap when nothing waits).
  const unsubscribe = onUploadsChange(() => activateWaiting(RELEASE_QUIET_MS));
  const watchInstalling = () => {
    const installing = reg.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') activateWaiting(0);
    });
  };
  reg.addEventListener('updatefound', watchInstalling);
  watchInstalling();
  activateWaiting(0);
  return () => {
    stop();
    unsubscribe();
    reg.removeEventListener('updatefound', watchInstalling);
  };
}

/** Checks for a new version now (the browser also does on navigation). */
export async function checkForUpdate(scriptUrl?: string): Promise<void> {
  if (!registration) return;
  if (scriptUrl) {
    // A new script URL is a new version of the same registration (tests and benches use it).
    await navigator.serviceWorker.register(scriptUrl, { scope: '/' });
    return;
  }
  await registration.update();
}

/** Tells the worker who is signed in, so it caches (and answers) this user's thumbnails only. */
export async function identifyServiceWorker(
  user: string,
  token: string,
  budgetBytes?: number,
): Promise<void> {
  identity = { user, tokenHash: await sha256Hex(token), budgetBytes };
  await sendIdentity();
}

let identity: SwIdentity | null = null;

async function sendIdentity(): Promise<void> {
  const target = identity ? await activeWorker() : null;
  if (target && identity) post(target, { type: 'identity', identity });
}

/**
 * Logout: the thumbnail cache goes, whether or not a worker runs (the page deletes the caches
 * itself, and the worker forgets who was signed in).
 */
export async function clearServiceWorkerData(): Promise<void> {
  identity = null;
  const target = await activeWorker();
  if (target) post(target, { type: 'logout' });
  if (typeof caches !== 'undefined') {
    await Promise.all([caches.delete(THUMB_CACHE), caches.delete(META_CACHE)]);
  }
}

/** What the worker holds (tests and the revisit bench read it). */
export async function serviceWorkerStats(): Promise<SwStats | null> {
  const target = await activeWorker();
  if (!target) return null;
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(event.data as SwStats);
    target.postMessage({ type: 'stats' } satisfies SwMessage, [channel.port2]);
  });
}

/** Which versions are active and waiting (tests of the upload-safe update read it). */
export function serviceWorkerState(): { active: string | null; waiting: string | null } {
  return {
    active: registration?.active?.scriptURL ?? null,
    waiting: registration?.waiting?.scriptURL ?? null,
  };
}

async function activeWorker(): Promise<ServiceWorker | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  const reg = registration ?? (await navigator.serviceWorker.getRegistration('/')) ?? null;
  return reg?.active ?? null;
}

function post(worker: ServiceWorker, message: SwMessage): void {
  worker.postMessage(message);
}
