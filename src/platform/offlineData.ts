import { openDB, type IDBPDatabase } from 'idb';
import { clearServiceWorkerData } from './serviceWorker';
import { sha256Hex } from './sha256';

/**
 * What the app keeps on this device for a second visit (issue 19): the persisted timeline in
 * IndexedDB (features/timeline/persistedTimeline.ts reads and writes it) and the service
 * worker's thumbnail cache. Both are one user's: a logout clears both.
 *
 * The database is opened through `idb` (already a dependency of the upload queue): promises
 * over IDBRequest, upgrades and the version-change dance in a few lines.
 */

export const TIMELINE_DB = 'capture-timeline';
const TIMELINE_DB_VERSION = 1;
/** One record per user, job and variant (filter, order): months, serial, exact heights. */
export const TIMELINES_STORE = 'timelines';
/** One record per section of such a timeline: its counts and its files, column-wise. */
export const SECTIONS_STORE = 'sections';
/**
 * The signed-in account and its timeline job as last loaded: an offline start begins there;
 * and the album list as last loaded (issue 34.8), which `/albums` shows offline.
 */
export const SESSION_STORE = 'session';
export const SESSION_KEY = 'current';

let db: Promise<IDBPDatabase | null> | null = null;

/** The timeline database, or null where IndexedDB cannot be used (private modes, node). */
export function timelineDb(): Promise<IDBPDatabase | null> {
  db ??= (async () => {
    if (typeof indexedDB === 'undefined') return null;
    try {
      return await openDB(TIMELINE_DB, TIMELINE_DB_VERSION, {
        upgrade(database) {
          database.createObjectStore(TIMELINES_STORE);
          database.createObjectStore(SECTIONS_STORE);
          database.createObjectStore(SESSION_STORE);
        },
        // A logout in another tab deletes the database: let it.
        blocking(_current, _next, event) {
          (event.target as IDBDatabase).close();
          db = null;
        },
      });
    } catch {
      return null;
    }
  })();
  return db;
}

export interface OfflineSession {
  /** The token the account was loaded with: another session's copy is never used. */
  tokenHash: string;
  account: unknown;
  job: unknown;
  /** The album list (GET /jobs) as last loaded; absent until /albums was loaded once. */
  albums?: unknown;
}

/** What is kept for this token: what an offline start needs (account info, default job), the album list. */
type KeptData = { account?: unknown; job?: unknown; albums?: unknown };

/** Keeps what an offline start needs (account info, default job), or the album list, for this token. */
export function saveOfflineSession(token: string, data: KeptData): Promise<void> {
  // One write after another: each reads the record the previous one wrote.
  saving = saving.then(() => writeOfflineSession(token, data));
  return saving;
}

let saving = Promise.resolve();

async function writeOfflineSession(token: string, data: KeptData): Promise<void> {
  const database = await timelineDb();
  if (!database) return;
  const tokenHash = await sha256Hex(token);
  try {
    const old = (await database.get(SESSION_STORE, SESSION_KEY)) as OfflineSession | undefined;
    const base = old?.tokenHash === tokenHash ? old : { tokenHash, account: null, job: null };
    await database.put(SESSION_STORE, { ...base, ...data }, SESSION_KEY);
  } catch {
    // Not kept: an offline start then asks for a login, as before.
  }
}

/** The account and job as last loaded (unparsed: the caller checks them). */
export interface KeptSession {
  account: unknown;
  job: unknown;
}

/** The account and job kept for this token, or null. */
export async function loadOfflineSession(token: string): Promise<KeptSession | null> {
  const database = await timelineDb();
  if (!database) return null;
  try {
    const saved = (await database.get(SESSION_STORE, SESSION_KEY)) as OfflineSession | undefined;
    if (!saved || saved.tokenHash !== (await sha256Hex(token))) return null;
    return saved.account && saved.job ? { account: saved.account, job: saved.job } : null;
  } catch {
    return null;
  }
}

/** The album list kept for this token (unparsed: the caller checks it), or null. */
export async function loadKeptAlbums(token: string): Promise<unknown> {
  const database = await timelineDb();
  if (!database) return null;
  try {
    const saved = (await database.get(SESSION_STORE, SESSION_KEY)) as OfflineSession | undefined;
    if (!saved || saved.tokenHash !== (await sha256Hex(token))) return null;
    return saved.albums ?? null;
  } catch {
    return null;
  }
}

/** Logout: the persisted timeline and the thumbnail cache go. Never throws. */
export async function clearOfflineData(): Promise<void> {
  const open = db;
  db = null;
  (await open?.catch(() => null))?.close();
  await Promise.all([
    new Promise<void>((resolve) => {
      if (typeof indexedDB === 'undefined') return resolve();
      const request = indexedDB.deleteDatabase(TIMELINE_DB);
      request.onsuccess = request.onerror = request.onblocked = () => resolve();
    }),
    clearServiceWorkerData().catch(() => undefined),
  ]);
}
