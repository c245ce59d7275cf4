import { confirmDialog } from '../../state/dialogs';
import type { IncomingFile, UploadTarget } from './model';

/**
 * The folder the user picked (a folder picker names each file by its path under it,
 * `webkitRelativePath`: "Holiday/IMG_1.jpg"), when every file came from that one folder; null
 * for files picked one by one.
 */
export function pickedFolder(files: readonly { webkitRelativePath?: string }[]): string | null {
  let folder: string | null = null;
  for (const file of files) {
    const path = file.webkitRelativePath ?? '';
    const slash = path.indexOf('/');
    if (slash <= 0) return null;
    const top = path.slice(0, slash);
    if (folder === null) folder = top;
    else if (folder !== top) return null;
  }
  return folder;
}

/**
 * SPEC §4: "Album creation from uploaded folders is offered as a prompt." A folder's files go,
 * if the user agrees, into a new album named after the folder (SPEC §4: created with a
 * temporary id, really created on its first upload); otherwise where any upload from this page
 * goes (`fallback`).
 */
export async function folderUploadTarget(
  files: readonly IncomingFile[],
  fallback: UploadTarget,
  newId: () => string = () => crypto.randomUUID(),
): Promise<UploadTarget> {
  const folder = pickedFolder(files.map((entry) => entry.file));
  if (folder === null || files.length === 0) return fallback;
  const create = await confirmDialog({
    title: { key: 'upload.folderAlbum.title', values: { name: folder } },
    body: { key: 'upload.folderAlbum.body', values: { count: files.length } },
    confirmLabel: { key: 'upload.folderAlbum.create' },
    cancelLabel: { key: 'upload.folderAlbum.skip' },
  });
  return create ? { kind: 'pendingAlbum', tempID: newId(), name: folder } : fallback;
}
