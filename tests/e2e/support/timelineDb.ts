// What the app keeps on the device (src/platform/offlineData.ts): its IndexedDB database, read from
// the page. Specs poll it to wait until a write has landed before they leave or reload the page.
import type { Page } from '@playwright/test';
import {
  SESSION_KEY,
  TIMELINE_DB,
  type SECTIONS_STORE,
  type SESSION_STORE,
  type TIMELINES_STORE,
} from '../../../src/platform/offlineData';

export type TimelineDbStore = typeof TIMELINES_STORE | typeof SECTIONS_STORE | typeof SESSION_STORE;

/** A store as read: how many records it holds, and the one at the key asked for (else undefined). */
export type TimelineDbRead = { count: number; record: unknown };

export { SESSION_KEY };

/**
 * Reads `store` of the timeline database in one transaction: its record count and, given `key`,
 * that record. A database or store not there reads as empty, and the probe never creates it (a
 * first open's upgrade is aborted), so the app's own open still makes it as it would.
 */
export function readTimelineDb(
  page: Page,
  store: TimelineDbStore,
  key?: string,
): Promise<TimelineDbRead> {
  return page.evaluate(
    ({ name, store, key }) =>
      new Promise<TimelineDbRead>((resolve) => {
        const empty: TimelineDbRead = { count: 0, record: undefined };
        const open = indexedDB.open(name);
        open.onupgradeneeded = () => open.transaction!.abort();
        open.onerror = () => resolve(empty);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(store)) {
            db.close();
            return resolve(empty);
          }
          const transaction = db.transaction(store);
          const records = transaction.objectStore(store);
          const count = records.count();
          const read = key === undefined ? null : records.get(key);
          transaction.oncomplete = () => {
            db.close();
            resolve({ count: count.result, record: read?.result });
          };
          transaction.onabort = () => {
            db.close();
            resolve(empty);
          };
        };
      }),
    { name: TIMELINE_DB, store, key },
  );
}
