import type { IncomingFile } from './model';

/** Safari reads neither folders nor their entries (SPEC §8 has its own message for it). */
export function isSafari(userAgent: string): boolean {
  return /^((?!chrome|chromium|android|crios|fxios).)*safari/i.test(userAgent);
}

/**
 * The files of a drop, folders marked (SPEC §5: "Folders cannot be uploaded"). Must run inside
 * the drop event: the browser empties the DataTransfer once the handler returns.
 */
export function filesFromDrop(transfer: DataTransfer, userAgent: string): IncomingFile[] {
  const safari = isSafari(userAgent);
  const result: IncomingFile[] = [];
  const items = Array.from(transfer.items ?? []);
  if (items.length === 0) return Array.from(transfer.files).map((file) => ({ file }));
  for (const item of items) {
    if (item.kind !== 'file') continue;
    const entry = typeof item.webkitGetAsEntry === 'function' ? item.webkitGetAsEntry() : null;
    const file = item.getAsFile();
    if (entry?.isDirectory) {
      result.push({ file: file ?? new File([], entry.name), folder: true, safari });
    } else if (file) {
      result.push({ file });
    }
  }
  return result;
}
