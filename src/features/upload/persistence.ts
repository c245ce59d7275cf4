/*
 * SPEC issue 8 "nothing lost across a reload": the queue and its File objects live in IndexedDB
 * (Chrome keeps a File's content with the record), so a reload or a crash resumes where it
 * stopped. Items and files are separate stores: status changes rewrite the small item record,
 * never the file.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { PendingAlbum, UploadItem } from './model';

interface UploadDb extends DBSchema {
  items: { key: string; value: { owner: string; item: UploadItem } };
  files: { key: string; value: Blob };
  albums: { key: string; value: { owner: string; album: PendingAlbum } };
}

export interface StoredQueue {
  items: UploadItem[];
  files: Map<string, Blob>;
  albums: PendingAlbum[];
}

/** What the queue keeps across reloads; `null` persistence (tests, no IndexedDB) keeps nothing. */
export interface UploadPersistence {
  load: (owner: string) => Promise<StoredQueue>;
  putFiles: (files: ReadonlyMap<string, Blob>) => Promise<void>;
  putItems: (owner: string, items: readonly UploadItem[]) => Promise<void>;
  /** Drops the file of items that ended (their content is no longer needed). */
  removeFiles: (ids: readonly string[]) => Promise<void>;
  removeItems: (ids: readonly string[]) => Promise<void>;
  putAlbums: (owner: string, albums: readonly PendingAlbum[]) => Promise<void>;
}

const DB_NAME = 'capture-uploads';

export function indexedDbPersistence(name = DB_NAME): UploadPersistence {
  let db: Promise<IDBPDatabase<UploadDb>> | null = null;
  const open = () =>
    (db ??= openDB<UploadDb>(name, 1, {
      upgrade(database) {
        database.createObjectStore('items');
        database.createObjectStore('files');
        database.createObjectStore('albums');
      },
    }));

  return {
    async load(owner) {
      const database = await open();
      const tx = database.transaction(['items', 'files', 'albums'], 'readonly');
      const [records, albumRecords] = await Promise.all([
        tx.objectStore('items').getAll(),
        tx.objectStore('albums').getAll(),
      ]);
      const items = records.filter((r) => r.owner === owner).map((r) => r.item);
      const files = new Map<string, Blob>();
      const fileStore = tx.objectStore('files');
      for (const item of items) {
        const file = await fileStore.get(item.id);
        if (file) files.set(item.id, file);
      }
      await tx.done;
      return {
        items,
        files,
        albums: albumRecords.filter((r) => r.owner === owner).map((r) => r.album),
      };
    },
    async putFiles(files) {
      const tx = (await open()).transaction('files', 'readwrite');
      for (const [id, file] of files) void tx.store.put(file, id);
      await tx.done;
    },
    async putItems(owner, items) {
      const tx = (await open()).transaction('items', 'readwrite');
      for (const item of items) void tx.store.put({ owner, item }, item.id);
      await tx.done;
    },
    async removeFiles(ids) {
      const tx = (await open()).transaction('files', 'readwrite');
      for (const id of ids) void tx.store.delete(id);
      await tx.done;
    },
    async removeItems(ids) {
      const tx = (await open()).transaction(['items', 'files'], 'readwrite');
      for (const id of ids) {
        void tx.objectStore('items').delete(id);
        void tx.objectStore('files').delete(id);
      }
      await tx.done;
    },
    async putAlbums(owner, albums) {
      const tx = (await open()).transaction('albums', 'readwrite');
      let cursor = await tx.store.openCursor();
      while (cursor) {
        if (cursor.value.owner === owner) await cursor.delete();
        cursor = await cursor.continue();
      }
      for (const album of albums) void tx.store.put({ owner, album }, album.tempID);
      await tx.done;
    },
  };
}
