// Tests only (not imported by the app): the upload queue's saved state in memory, in place of
// IndexedDB (persistence.ts), for the queue's tests of a reload.
import type { UploadItem } from './model';
import type { UploadPersistence } from './persistence';

/** What indexedDbPersistence keeps, in two maps the test can read: items and their files. */
export function memoryPersistence(): UploadPersistence & {
  items: Map<string, UploadItem>;
  files: Map<string, Blob>;
} {
  const items = new Map<string, UploadItem>();
  const files = new Map<string, Blob>();
  return {
    items,
    files,
    load: () => Promise.resolve({ items: [...items.values()], files: new Map(files), albums: [] }),
    putFiles: (f) => {
      for (const [id, file] of f) files.set(id, file);
      return Promise.resolve();
    },
    putItems: (_owner, list) => {
      for (const item of list) items.set(item.id, item);
      return Promise.resolve();
    },
    removeFiles: (list) => {
      for (const id of list) files.delete(id);
      return Promise.resolve();
    },
    // As in IndexedDB: an item goes with its file.
    removeItems: (list) => {
      for (const id of list) {
        items.delete(id);
        files.delete(id);
      }
      return Promise.resolve();
    },
    putAlbums: () => Promise.resolve(),
  };
}
