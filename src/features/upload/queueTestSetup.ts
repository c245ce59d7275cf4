// Tests only (not imported by the app): the setup of the upload queue's tests (queue.*.test.ts but
// queue.resumable, which has its own). A test file that imports this module gets its beforeEach
// and afterEach: before each test a fresh quota, store, server in memory (testTransport.ts) and
// queue, which the bindings below then are. Each test file loads this module afresh (Vitest's
// module registry is per file; shared workers reset it: scripts/sharedWorker.setup.ts).
import { afterEach, beforeEach, vi } from 'vitest';
import { storageQuotaStore } from '../../state/storageQuota';
import type { IncomingFile } from './model';
import { UploadQueue, type UploadQueueDeps } from './queue';
import { FakeTransport } from './testTransport';
import { createUploadStore, type UploadStore } from './uploadStore';

export const jpeg = (name: string, bytes = 10) =>
  new File([new Uint8Array(bytes).fill(name.length)], name, { lastModified: 1_700_000_000_000 });
export const many = (n: number): IncomingFile[] =>
  Array.from({ length: n }, (_, i) => ({ file: jpeg(`p${i}.jpg`, 10 + i) }));

export let store: UploadStore;
export let transport: FakeTransport;
export let queue: UploadQueue;
export let popups: string[];
let ids: number;

export function makeQueue(extra: Partial<UploadQueueDeps> = {}) {
  queue = new UploadQueue({
    store,
    transport,
    hasher: { sha1: (file) => Promise.resolve(`sha-${(file as File).name}`) },
    showPopup: (kind) => popups.push(kind),
    confirmStop: () => Promise.resolve(true),
    newId: () => `id-${ids++}`,
    ...extra,
  });
  return queue;
}
export const statuses = () => store.getState().items.map((i) => i.status);

/** "Reload": disposes the queue; a new store and transport (make the queue with makeQueue). */
export function reload() {
  queue.dispose();
  store = createUploadStore();
  transport = new FakeTransport();
}

beforeEach(() => {
  storageQuotaStore.setState(storageQuotaStore.getInitialState(), true);
  store = createUploadStore();
  transport = new FakeTransport();
  popups = [];
  ids = 0;
  makeQueue();
});
afterEach(() => {
  queue.dispose();
  vi.useRealTimers();
});
