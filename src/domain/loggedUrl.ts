/**
 * SPEC §2: "The first path segment of job id and file id is masked in logged URLs."
 * Ids look like UUIDs (a1b2c3d4-1111-…); their "path segment" is the first dash-separated part.
 * Masking keeps the length and the rest of the id, so logs stay correlatable without exposing a
 * usable id.
 */
export function maskId(id: string): string {
  const dash = id.indexOf('-');
  const head = dash < 0 ? id.length : dash;
  return '*'.repeat(head) + id.slice(head);
}

/** Masks every occurrence of the given ids anywhere in the URL, query string included. */
export function maskUrlIds(url: string, ids: readonly string[]): string {
  // Longest first, so an id that contains another is masked whole.
  const sorted = ids.filter((id) => id !== '').sort((a, b) => b.length - a.length);
  return sorted.reduce((masked, id) => masked.split(id).join(maskId(id)), url);
}

interface IdRule {
  /** Path segments that precede the ids. */
  prefix: readonly string[];
  /** How many segments after the prefix are ids (job id, then file id). */
  ids: number;
  /** Only at the start of the path: API comment paths reuse the word (…/comments/{commentId}). */
  rootOnly?: boolean;
}

// Longer prefixes first: /th/3/trash/… must not be read as /th/3/{fileId}.
const RULES: readonly IdRule[] = [
  { prefix: ['th', '3', 'trash'], ids: 2 },
  { prefix: ['th', '3'], ids: 1 },
  { prefix: ['jobs'], ids: 1 },
  { prefix: ['files_by_id'], ids: 1 },
  { prefix: ['albums'], ids: 1 },
  { prefix: ['a'], ids: 2 },
  { prefix: ['photos'], ids: 1 },
  { prefix: ['carousel'], ids: 2 },
  { prefix: ['comments'], ids: 2, rootOnly: true },
  { prefix: ['albumImage'], ids: 2 },
  { prefix: ['addPhotos'], ids: 1 },
];

/** Route and API words that can sit where an id would (/jobs/default, /a/{job}/createNew). */
const NOT_IDS: ReadonlySet<string> = new Set([
  'default',
  'createNew',
  'subscribe',
  'copyAlbum',
  'edit',
  'trash',
]);

function matchesAt(segments: readonly string[], index: number, rule: IdRule): boolean {
  if (rule.rootOnly === true && index > 1) return false;
  return rule.prefix.every((part, offset) => segments[index + offset] === part);
}

/**
 * Masks the ids in an app route or API path (/albums/{job}, /jobs/{job}/files_by_id/{file},
 * /th/3/trash/{job}/{file}, …), given as a path or a full URL. Query and fragment are left
 * alone; use maskUrlIds for ids there.
 */
export function maskLoggedPath(path: string): string {
  const origin = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i.exec(path)?.[0] ?? '';
  const cut = path.slice(origin.length).search(/[?#]/);
  const end = cut < 0 ? path.length : origin.length + cut;
  const pathname = path.slice(origin.length, end);
  const rest = path.slice(end);
  const segments = pathname.split('/');
  let index = 0;
  while (index < segments.length) {
    const rule = RULES.find((candidate) => matchesAt(segments, index, candidate));
    if (rule === undefined) {
      index += 1;
      continue;
    }
    index += rule.prefix.length;
    for (let taken = 0; taken < rule.ids && index < segments.length; taken += 1) {
      const segment = segments[index];
      if (segment === '' || NOT_IDS.has(segment)) break;
      segments[index] = maskId(segment);
      index += 1;
    }
  }
  return origin + segments.join('/') + rest;
}

/**
 * A path or URL as it may appear in logs and error messages: ids masked, query and fragment
 * dropped (the query carries device_id and foreign_auth, which are credentials-adjacent).
 */
export function loggedPath(pathOrUrl: string): string {
  const end = pathOrUrl.search(/[?#]/);
  return maskLoggedPath(end === -1 ? pathOrUrl : pathOrUrl.slice(0, end));
}
