/**
 * SPEC §2: "The first path segment of job id and file id is masked in logged URLs." Ids look like
 * `abcd1234-ef56-…`; the first dash-separated segment is the part that identifies the owner's
 * shard, so it is replaced by asterisks of equal length (the length is kept so logs stay aligned
 * and different ids remain distinguishable by their tail).
 *
 * Ids follow `/jobs/`, `/files_by_id/`, `/th/3/` and `/th/3/trash/`. The words `default` and
 * `trash` at those places are route names, not ids, and stay readable.
 */
const ID_AFTER_PREFIX =
  /(\/(?:jobs|files_by_id|th\/3|th\/3\/trash)\/)(?!(?:default|trash)(?:[/?#]|$))([^/?#-]+)/g;

export function maskIdsInPath(path: string): string {
  return path.replace(
    ID_AFTER_PREFIX,
    (_match, prefix: string, segment: string) => prefix + '*'.repeat(segment.length),
  );
}

/**
 * A request as it may appear in logs and error messages: method and masked path, without the
 * query string — the query carries device_id and foreign_auth, which are credentials-adjacent.
 */
export function describeRequest(method: string, pathOrUrl: string): string {
  return `${method.toUpperCase()} ${maskIdsInPath(stripQuery(pathOrUrl))}`;
}

export function stripQuery(pathOrUrl: string): string {
  const end = pathOrUrl.search(/[?#]/);
  return end === -1 ? pathOrUrl : pathOrUrl.slice(0, end);
}
