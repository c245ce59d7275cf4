import { fileExtension } from '../../domain/classify';

/** What a carousel file must be for its Edit button (kind as the viewer knows it). */
export interface EditCandidate {
  kind: 'picture' | 'video' | 'screenshot';
  path?: string;
}

/** Formats every browser we support decodes: their original is what the copy is made from. */
const DECODED_EVERYWHERE: ReadonlySet<string> = new Set([
  'jpg',
  'jpeg',
  'jfif',
  'png',
  'webp',
  'gif',
  'bmp',
  'avif',
]);

/** Some browsers decode these (Safari: HEIC and TIFF); elsewhere the 1280 preview stands in. */
const DECODED_SOMEWHERE: ReadonlySet<string> = new Set(['heic', 'heif', 'tif', 'tiff']);

/**
 * Pictures and screenshots are edited, never videos (documents never reach the viewer). Every
 * picture has a 1280 JPEG thumbnail, which is what the editor opens first.
 */
export function canEdit(file: EditCandidate): boolean {
  return file.kind !== 'video';
}

/**
 * Where the saved copy's pixels come from: the original when the browser may decode it (tried;
 * a failure falls back), else the 1280 preview (RAW, PSD: no browser decodes them, so their
 * originals are not even downloaded). The editor warns before saving from the preview.
 */
export function originalSource(path: string): 'original' | 'tryOriginal' | 'preview' {
  const extension = fileExtension(path);
  if (DECODED_EVERYWHERE.has(extension)) return 'original';
  if (DECODED_SOMEWHERE.has(extension)) return 'tryOriginal';
  return 'preview';
}
