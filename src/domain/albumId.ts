/**
 * SPEC §2: "Album ids in some routes are base64-encoded (albumIDB64); the name of the parameter
 * is albumID or albumIDB64, one of the two must be present."
 *
 * Every route that takes an album (`/albums/…`, `/a/…`, `/addPhotos/…`, `/comments/…`,
 * `/carousel/…`, `/albumImage/…`) accepts either form in the same path segment, so a link made
 * with either opens the album.
 */

/** SPEC §8 internal error: a page that takes an album was given neither parameter. */
export const MISSING_ALBUM_PARAMS = 'Must have params for either albumID or albumIDB64';

/** A job id as the service makes them (SPEC §3 uuid): 8-4-4-4-12 hex digits. */
const JOB_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The base64 text of a job id is 48 characters. Longer input is no job id and is not decoded
 * (a hostile link gains nothing by being long).
 */
export const ALBUM_ID_B64_MAX_LENGTH = 64;

/**
 * Base64 as RFC 4648 defines it: the standard alphabet (§4) or the URL-safe one (§5), never a
 * mix; "=" padding optional, and when present it completes the last group of four.
 */
const BASE64 = /^(?:[A-Za-z0-9+/]+|[A-Za-z0-9_-]+)(?:={1,2})?$/;

export function isJobId(value: string): boolean {
  return JOB_ID.test(value);
}

/** The job id an albumIDB64 value encodes, or null when it is not base64 of a job id. */
export function decodeAlbumIdB64(value: string): string | null {
  if (value.length === 0 || value.length > ALBUM_ID_B64_MAX_LENGTH) return null;
  if (!BASE64.test(value)) return null;
  const body = value.replace(/=+$/, '');
  const padded = value.length > body.length;
  // A final group of one character encodes no whole byte; padding must end a group of four.
  if (body.length % 4 === 1 || (padded && value.length % 4 !== 0)) return null;
  const standard = body.replace(/-/g, '+').replace(/_/g, '/');
  let decoded: string;
  try {
    decoded = atob(standard + '='.repeat((4 - (standard.length % 4)) % 4));
  } catch {
    return null;
  }
  return isJobId(decoded) ? decoded : null;
}

/** The two parameters SPEC §2 names; a route's album segment is read as both (see below). */
export interface AlbumIdParams {
  albumID?: string;
  albumIDB64?: string;
}

/**
 * The album a route names: albumID as it is, else the id albumIDB64 encodes. Throws the SPEC's
 * internal error when neither is given (a page mounted on a route without an album segment);
 * returns null when albumIDB64 is given but is not base64 of a job id.
 */
export function albumIdOf({ albumID, albumIDB64 }: AlbumIdParams): string | null {
  if (albumID) return albumID;
  if (albumIDB64) return decodeAlbumIdB64(albumIDB64);
  throw new Error(MISSING_ALBUM_PARAMS);
}

/**
 * The album id of a route's album segment: a job id as it is, or the id its base64 encodes;
 * anything else unchanged (the server answers it with not-found, as it does an unknown id).
 * Throws MISSING_ALBUM_PARAMS for an absent or empty segment.
 */
export function albumIdFromParam(param: string | undefined): string {
  if (!param) throw new Error(MISSING_ALBUM_PARAMS);
  if (isJobId(param)) return param;
  return albumIdOf({ albumIDB64: param }) ?? param;
}
