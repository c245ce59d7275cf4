import { fileName } from '../../domain/classify';

export type CopyType = 'image/jpeg' | 'image/png';

/** A PNG keeps its transparency as PNG; everything else (HEIC, RAW, WebP…) becomes a JPEG. */
export function copyTypeFor(path: string): CopyType {
  return /\.png$/i.test(path) ? 'image/png' : 'image/jpeg';
}

const EDITED = / \(edited(?: (\d+))?\)$/;

/**
 * The edited copy's name, next to the original's: `IMG_1234.HEIC` → `IMG_1234 (edited).jpg`;
 * editing a copy again counts on (`IMG_1234 (edited 2).jpg`). Only the last path segment is
 * kept: the copy is a new file at the job's root, which is where the timeline shows it.
 */
export function editedCopyName(path: string, type: CopyType = copyTypeFor(path)): string {
  const name = fileName(path);
  const dot = name.lastIndexOf('.');
  const base = (dot > 0 ? name.slice(0, dot) : name).trim() || 'photo';
  const extension = type === 'image/png' ? 'png' : 'jpg';
  const edited = EDITED.exec(base);
  if (!edited) return `${base} (edited).${extension}`;
  const count = edited[1] ? Number(edited[1]) + 1 : 2;
  return `${base.slice(0, edited.index)} (edited ${count}).${extension}`;
}
