import type { z } from 'zod';

/**
 * The one wrapper over localStorage and sessionStorage. Features and the engine go through it,
 * never through the globals: storage can be missing (node, workers) or throw (private mode,
 * quota, blocked cookies), and every key of SPEC §9 is registered here once.
 *
 * When storage refuses a write (or cannot be reached), the value is kept in memory for the life
 * of the page, so a private-mode tab still behaves consistently until it is closed.
 */

/**
 * Session storage: tied to one tab and gone when it closes.
 * - authToken, serviceDict, callbackData, newUserCreated, historyLengthBeforeLogin/AfterLogin:
 *   SPEC §9 lists them as session storage keys.
 * - pendingComment, pendingLove: SPEC §4 "kept in session storage until login completes".
 * - visitorTokens: not in SPEC §9; the names a visitor without an account gave to comment on
 *   shared albums (album id → token, name), for this tab only (issue 14).
 * - castReceiver: not in SPEC §9; a TV receiver page's id and token (features/cast), so a reload
 *   of the receiver tab keeps its pairing.
 * - chunkReloadAt: not in SPEC §9; when this tab last reloaded after a failed chunk load
 *   (SPEC §8 preload error), so a version that still fails shows the error page, not a loop.
 */
export const SESSION_KEYS = {
  authToken: 'authToken',
  serviceDict: 'serviceDict',
  callbackData: 'callbackData',
  newUserCreated: 'newUserCreated',
  historyLengthBeforeLogin: 'historyLengthBeforeLogin',
  historyLengthAfterLogin: 'historyLengthAfterLogin',
  pendingComment: 'pendingComment',
  pendingLove: 'pendingLove',
  visitorTokens: 'visitorTokens',
  chunkReloadAt: 'chunkReloadAt',
  castReceiver: 'castReceiver',
  // Not in SPEC §9: the read-only users this tab already offered the subscription dialog at
  // sign-in (SPEC §4 "Subscription queued for read-only users"), so a reload does not ask again.
  subscriptionOffered: 'subscriptionOffered',
} as const;

/**
 * Local storage: shared by the origin's tabs and kept across visits.
 * - locationBeforeLogin, locationIfLoginFails: SPEC §9 sets them apart from the session keys;
 *   local storage also survives an identity-provider flow that ends in another tab.
 * - hasSeenSunsetDeletionPrompt: SPEC §4 "the prompt was not seen before (stored locally)".
 * - filesAreBeingCopied/Deleted/Restored: long-running task markers (SPEC §9) must outlive a
 *   reload and be seen by other tabs of the same user.
 * - capture_device, session_ID: SPEC §3 Device "kept in local storage".
 * - featureFlags: SPEC §6 "Feature flags stored locally".
 * - language: the user's explicit choice is a preference of this browser, like the flags.
 * - cookieNoticeSeen: not in SPEC §9; the cookie notice (SPEC §2) once acknowledged stays so.
 * - shiftSelectHintShownAt: SPEC §9 shows the shift-select hint once, or again after a month.
 * - carouselSideModule: not in SPEC §9; whether the viewer's info panel is open ("remembered",
 *   issue 12), a preference of this browser.
 * - castSession: not in SPEC §9; the TV this browser casts to (pairing id, device name), so the
 *   casting bar survives a reload and reconnects to the same receiver (issue 18).
 * - engagedEventsSentAt: not in SPEC §9; when each engaged analytics event was last sent, per
 *   user (SPEC §9 cooldown of 3600 s), so a reload does not send them again within the hour.
 * - appConfig: not in SPEC §9; the web server's /app-config.json as last loaded, so a visit with
 *   a stored session starts without waiting for it (issue 19; checked again once idle).
 */
export const LOCAL_KEYS = {
  locationBeforeLogin: 'locationBeforeLogin',
  locationIfLoginFails: 'locationIfLoginFails',
  hasSeenSunsetDeletionPrompt: 'hasSeenSunsetDeletionPrompt',
  filesAreBeingCopied: 'filesAreBeingCopied',
  filesAreBeingDeleted: 'filesAreBeingDeleted',
  filesAreBeingRestored: 'filesAreBeingRestored',
  capture_device: 'capture_device',
  session_ID: 'session_ID',
  featureFlags: 'featureFlags',
  language: 'language',
  shiftSelectHintShownAt: 'shiftSelectHintShownAt',
  cookieNoticeSeen: 'cookieNoticeSeen',
  carouselSideModule: 'carouselSideModule',
  engagedEventsSentAt: 'engagedEventsSentAt',
  castSession: 'castSession',
  appConfig: 'appConfig',
} as const;

export type SessionKey = keyof typeof SESSION_KEYS;
export type LocalKey = keyof typeof LOCAL_KEYS;
export type PersistedKey = SessionKey | LocalKey;
export type StorageArea = 'session' | 'local';

export function storageAreaOf(key: PersistedKey): StorageArea {
  return Object.hasOwn(SESSION_KEYS, key) ? 'session' : 'local';
}

const memory: Record<StorageArea, Map<string, string>> = { session: new Map(), local: new Map() };

function storageFor(area: StorageArea): Storage | null {
  try {
    // Reading the property itself throws a SecurityError when storage is blocked.
    return (area === 'local' ? globalThis.localStorage : globalThis.sessionStorage) ?? null;
  } catch {
    return null;
  }
}

export function readString(key: PersistedKey): string | null {
  const area = storageAreaOf(key);
  const kept = memory[area].get(key);
  if (kept !== undefined) return kept;
  try {
    return storageFor(area)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Returns false when the value could only be kept in memory. */
export function writeString(key: PersistedKey, value: string): boolean {
  const area = storageAreaOf(key);
  try {
    const storage = storageFor(area);
    if (storage) {
      storage.setItem(key, value);
      memory[area].delete(key);
      return true;
    }
  } catch {
    // fall through to memory
  }
  memory[area].set(key, value);
  return false;
}

export function removeItem(key: PersistedKey): void {
  const area = storageAreaOf(key);
  memory[area].delete(key);
  try {
    storageFor(area)?.removeItem(key);
  } catch {
    // nothing more to do: the memory copy is gone and storage cannot be reached
  }
}

/** The stored JSON value, or null when absent, not JSON, or not matching `schema`. */
export function readJson<T>(key: PersistedKey, schema: z.ZodType<T>): T | null {
  const text = readString(key);
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function writeJson(key: PersistedKey, value: unknown): boolean {
  return writeString(key, JSON.stringify(value));
}

/** Tests only: forget values kept in memory after refused writes. */
export function resetMemoryFallbackForTests(): void {
  memory.session.clear();
  memory.local.clear();
}
