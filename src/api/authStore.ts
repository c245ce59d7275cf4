import { z } from 'zod';
import { readJson, readString, removeItem, writeJson, writeString } from '../state/persisted';
import { InternalError } from './errors';
import { parseServiceDict, type HostDirectory } from './hosts';

/** The auth data a logged-in session runs on: the token and the user's host directory. */
export interface StoredAuth {
  token: string;
  hosts: HostDirectory;
}

/**
 * SPEC §9 session storage keys `authToken` and `serviceDict`. A stored dictionary is validated
 * again on load (SPEC §5: auth data is accepted only with all five hosts), so a corrupt or
 * partial value means "not logged in", never a crash.
 */
export function loadStoredAuth(): StoredAuth | null {
  const token = readString('authToken');
  const rawText = readString('serviceDict');
  if (!token || rawText === null) return null;
  // Every API call asks: parse and validate the stored dictionary only when its text changed.
  if (cache?.token === token && cache.rawText === rawText) return cache.auth;
  const rawDict = readJson('serviceDict', z.unknown());
  const hosts = rawDict === null ? null : parseOrNull(rawDict);
  const auth = hosts ? { token, hosts } : null;
  cache = { token, rawText, auth };
  return auth;
}

let cache: { token: string; rawText: string; auth: StoredAuth | null } | null = null;

export function storeAuth(token: string, dict: HostDirectory): void {
  writeString('authToken', token);
  writeJson('serviceDict', dict);
}

export function clearStoredAuth(): void {
  removeItem('authToken');
  removeItem('serviceDict');
}

const AUTH_PARAMS = new Set(['auth_token', 'service_dict']);

/**
 * SPEC §2 "Auth token and service dictionary can be passed in the query string": `auth_token`
 * and `service_dict` (JSON, URL-encoded). Both must be present and the dictionary valid for
 * `auth` to be set. Both parameters are always removed from the returned search string, valid or
 * not, so the app can `history.replaceState` credentials out of the address bar; the other
 * parameters are kept byte for byte. The result starts with `?`, or is '' when nothing is left.
 */
export function authFromQuery(search: string): { auth: StoredAuth | null; search: string } {
  const query = search.startsWith('?') ? search.slice(1) : search;
  const params = new URLSearchParams(query);
  const token = params.get('auth_token');
  const rawDict = params.get('service_dict');
  let auth: StoredAuth | null = null;
  if (token && rawDict) {
    const hosts = parseOrNull(parseJsonOrNull(rawDict));
    if (hosts) auth = { token, hosts };
  }
  const kept = query
    .split('&')
    .filter((part) => part !== '' && !AUTH_PARAMS.has(decodeParamName(part)));
  return { auth, search: kept.length > 0 ? `?${kept.join('&')}` : '' };
}

/**
 * What auth data from a link does at start-up (issue 23): nothing without it; taken as the
 * session when nobody is signed in (SPEC §2) or it is the very session already held; and when a
 * different session is signed in, the user is asked first (switch, or keep the current one and
 * drop the link's), so a link can never silently swap the account someone is using.
 */
export function queryAuthDecision(
  current: StoredAuth | null,
  fromLink: StoredAuth | null,
): 'none' | 'adopt' | 'ask' {
  if (!fromLink) return 'none';
  if (!current || current.token === fromLink.token) return 'adopt';
  return 'ask';
}

function decodeParamName(part: string): string {
  const name = part.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

function parseJsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function parseOrNull(raw: unknown): HostDirectory | null {
  try {
    return parseServiceDict(raw);
  } catch (error) {
    if (error instanceof InternalError) return null;
    throw error;
  }
}
