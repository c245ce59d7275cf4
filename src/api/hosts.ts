import {
  HOST_NAMES,
  hostKey,
  serviceDictSchema,
  type HostName,
  type ServiceDict,
} from './contract/serviceDict';
import { INVALID_SERVICE_DICT, InternalError } from './errors';

export type { HostName } from './contract/serviceDict';

/**
 * The service dictionary after validation and normalisation: every `…Host` value is an origin
 * (`scheme://host[:port]`, no trailing slash), other keys as received. Kept in the dictionary's
 * own shape so it can be stored and parsed again (parsing is idempotent).
 */
export type HostDirectory = ServiceDict & { readonly [normalised]: true };
declare const normalised: unique symbol;

/**
 * Validates a service dictionary and normalises its hosts. Throws InternalError('Invalid service
 * dict') when a host is missing, empty or not a usable http(s) address (SPEC §5, §8).
 */
export function parseServiceDict(raw: unknown): HostDirectory {
  const parsed = serviceDictSchema.safeParse(raw);
  if (!parsed.success) {
    throw new InternalError(INVALID_SERVICE_DICT, { detail: summariseMissing(parsed.error) });
  }
  const directory: ServiceDict = { ...parsed.data };
  for (const host of HOST_NAMES) {
    const key = hostKey(host);
    directory[key] = normaliseHost(directory[key], key);
  }
  return directory as HostDirectory;
}

/**
 * Host value → origin. A value may be a full URL, `host:port` or a bare hostname.
 *
 * - Without a scheme, https is assumed, except for loopback hosts (localhost, 127.x.x.x, [::1]),
 *   which get http: a local contract server has no certificate.
 * - Any path, query or fragment of a full URL is dropped: every call path in SPEC §7 is absolute.
 * - SPEC §7 "hostnames rewritten so a leading p plus digits becomes ps": when the first label
 *   of the hostname is exactly `p` followed by digits (`p12.example.com`), it becomes `ps`
 *   (`ps.example.com`). Only a whole label matches, so names such as `p2p.example.com` or
 *   `photos.example.com` are untouched. Scheme and port are kept.
 */
export function normaliseHost(value: string, key = 'host'): string {
  const trimmed = value.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)
    ? trimmed
    : `${isLoopback(trimmed) ? 'http' : 'https'}://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch (cause) {
    throw new InternalError(INVALID_SERVICE_DICT, { detail: `${key} is not an address`, cause });
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.hostname === '') {
    throw new InternalError(INVALID_SERVICE_DICT, { detail: `${key} is not an http(s) address` });
  }
  url.hostname = rewriteShardHostname(url.hostname);
  return url.origin;
}

export function rewriteShardHostname(hostname: string): string {
  return hostname.replace(/^p\d+(?=\.|$)/i, 'ps');
}

function isLoopback(hostAndPort: string): boolean {
  return /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d+)?$/i.test(hostAndPort);
}

/** Absolute URL of `path` on one host of the directory. */
export function hostUrl(dir: HostDirectory, host: HostName, path: string): string {
  const origin = dir[hostKey(host)];
  return origin + (path.startsWith('/') ? path : `/${path}`);
}

function summariseMissing(error: { issues: readonly { path: PropertyKey[] }[] }): string {
  const keys = error.issues.map((issue) => issue.path.map(String).join('.') || '(root)');
  return `bad or missing: ${[...new Set(keys)].join(', ')}`;
}
