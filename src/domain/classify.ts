/**
 * SPEC §5 "Classification: picture extensions include common RAW, heic, jpg, png, gif, tiff,
 * webp, bmp, psd; video extensions mp4, mov, avi, mkv, webm, 3gp, mpg, wmv; anything else is a
 * document." Shared by the server contract and the upload queue, so both accept the same files.
 */

export type FileKind = 'picture' | 'movie' | 'document';

const RAW_EXTENSIONS = ['cr2', 'cr3', 'nef', 'arw', 'dng', 'orf', 'rw2', 'raf', 'srw', 'pef'];

export const PICTURE_EXTENSIONS: ReadonlySet<string> = new Set([
  ...RAW_EXTENSIONS,
  'heic',
  'heif',
  'jpg',
  'jpeg',
  'png',
  'gif',
  'tiff',
  'tif',
  'webp',
  'bmp',
  'psd',
]);

export const MOVIE_EXTENSIONS: ReadonlySet<string> = new Set([
  'mp4',
  'mov',
  'avi',
  'mkv',
  'webm',
  '3gp',
  'mpg',
  'mpeg',
  'wmv',
  'm4v',
]);

/** The last path segment; a folder path ("a/b/") has an empty name. */
export function fileName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Lower-case extension without the dot, or '' when the name has none. */
export function fileExtension(path: string): string {
  const name = fileName(path);
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export function classifyPath(path: string): FileKind {
  const extension = fileExtension(path);
  if (PICTURE_EXTENSIONS.has(extension)) return 'picture';
  if (MOVIE_EXTENSIONS.has(extension)) return 'movie';
  return 'document';
}

/** SPEC §5: uploads must "classify as picture or movie, otherwise UnSupported". */
export function isMediaPath(path: string): boolean {
  return classifyPath(path) !== 'document';
}

/** SPEC §5: "Screenshots: file name starts with screenshot_" (any case, folders ignored). */
export function isScreenshot(path: string): boolean {
  return fileName(path).toLowerCase().startsWith('screenshot_');
}

/** SPEC §5: "Paths ending in a slash are folders and hidden." */
export function isFolderPath(path: string): boolean {
  return path.endsWith('/');
}

/*
 * SPEC §5: "Duration zero means picture, above zero movie." Nothing here decides a kind from a
 * duration: every listed file carries the service's own `type` (SPEC §3 File), which the
 * boundary requires (`api/contract/files.ts` fileType), and our server sets it from the
 * extension (`classifyPath`).
 */
