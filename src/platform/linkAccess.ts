import { loadStoredAuth } from '../api/authStore';

/**
 * Jobs read through a link instead of the session (SPEC §3 Share): anyone with the link reads a
 * share, signed in or not, and a password-protected one with the key its password gave
 * (POST /shares/{id}/unlock). The calls and URLs about such a job's files (the viewer's details
 * and video checks, thumbnails, content) read this to send the key and to send the token only
 * when there is one.
 */
const keys = new Map<string, string | null>();

/** Marks `jobId` as read through its link, with the key of its password when it has one. */
export function grantLinkAccess(jobId: string, key: string | null): void {
  keys.set(jobId, key);
}

export function revokeLinkAccess(jobId: string): void {
  keys.delete(jobId);
}

/** The key of a job read through its link (null: no password), undefined for any other job. */
export function linkKey(jobId: string): string | null | undefined {
  return keys.get(jobId);
}

/** Request options for a call about `jobId`'s files: its key, and the token only if signed in. */
export function linkRequestOptions(jobId: string): {
  auth?: boolean;
  headers?: Record<string, string>;
} {
  if (!keys.has(jobId)) return {};
  const key = keys.get(jobId);
  return {
    auth: loadStoredAuth() !== null,
    ...(key ? { headers: { 'X-Share-Key': key } } : {}),
  };
}

const KEY_STORE = 'shareKeys';

function storedKeys(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(KEY_STORE) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** Keeps a link job's key for this tab (a reload does not ask for the password again). */
export function rememberLinkKey(jobId: string, key: string): void {
  try {
    sessionStorage.setItem(KEY_STORE, JSON.stringify({ ...storedKeys(), [jobId]: key }));
  } catch {
    // Private mode without storage: the key lives as long as the page.
  }
}

/** The key this tab holds for a link job (a share or an album), if its password was given. */
export function heldLinkKey(jobId: string): string | null {
  const held = linkKey(jobId);
  if (held) return held;
  const stored = storedKeys()[jobId];
  return typeof stored === 'string' && stored.length > 0 && stored.length <= 128 ? stored : null;
}
