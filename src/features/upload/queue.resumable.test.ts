// Issue 32: the queue's side of resumable uploads, against a server in memory: which call a
// file goes by (the service's word, the size), resuming from the upload kept with the item after
// a failure and after a reload, a changed file starting again, cancel, and speed / time left.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RESUMABLE_UPLOAD_MIN_BYTES } from '../../domain/constants';
import { storageQuotaStore } from '../../state/storageQuota';
import type { UploadItem } from './model';
import { UploadQueue, type UploadQueueDeps } from './queue';
import { memoryPersistence } from './testPersistence';
import { FakeTransport, flush, OFFERED } from './testTransport';
import { CANCELLED, UploadError } from './transport';
import { createUploadStore, type UploadStore } from './uploadStore';

const MB = 1024 ** 2;
const BIG = 100 * MB;
const MTIME = 1_700_000_000_000;

/** A file that says it is `size` bytes (the queue never reads a large one whole). */
function video(name: string, size = BIG, lastModified = MTIME): File {
  const file = new File([new Uint8Array(16).fill(name.length)], name, { lastModified });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

let store: UploadStore;
let transport: FakeTransport;
let queue: UploadQueue;
let clock: number;
let hashed: string[];

function makeQueue(extra: Partial<UploadQueueDeps> = {}) {
  queue = new UploadQueue({
    store,
    transport,
    hasher: {
      sha1: (file) => {
        hashed.push((file as File).name);
        return Promise.resolve(`sha-${(file as File).name}-${(file as File).lastModified}`);
      },
    },
    confirmStop: () => Promise.resolve(true),
    newId: () => `id-${hashed.length}-${Math.random().toString(36).slice(2, 6)}`,
    now: () => clock,
    ...extra,
  });
  return queue;
}
const item = (index = 0): UploadItem => store.getState().items[index];

beforeEach(() => {
  storageQuotaStore.setState(storageQuotaStore.getInitialState(), true);
  store = createUploadStore();
  transport = new FakeTransport();
  transport.account.mockResolvedValue({
    uuid: 'me',
    usedSpace: 0,
    maxSpace: 1e12,
    readOnly: false,
  });
  transport.offered = OFFERED;
  clock = 0;
  hashed = [];
  makeQueue();
});
afterEach(() => queue.dispose());

describe('which call a file goes by', () => {
  it('a large file goes resumably when the service offers it', async () => {
    await queue.addFiles([{ file: video('a.mp4') }], { kind: 'timeline' });
    await flush();
    expect(transport.sends).toHaveLength(0);
    expect(transport.resumableSends).toHaveLength(1);
    expect(transport.resumableSends[0].request).toMatchObject({
      job: 'tl-job',
      path: 'a.mp4',
      checksum: `sha-a.mp4-${MTIME}`,
      offered: OFFERED,
      resume: null,
    });
    transport.resumableSends[0].request.onSent();
    transport.resumableSends[0].resolve('file-a');
    await flush();
    expect(item()).toMatchObject({ status: 'Succeeded', fileUUID: 'file-a' });
  });

  it('falls back to the SPEC multipart call when the service does not offer it', async () => {
    transport.offered = null;
    await queue.addFiles([{ file: video('a.mp4') }], { kind: 'timeline' });
    await flush();
    expect(transport.resumableSends).toHaveLength(0);
    expect(transport.sends).toHaveLength(1);
    transport.answer(0, 'file-a');
    await flush();
    expect(item()).toMatchObject({ status: 'Succeeded', fileUUID: 'file-a' });
  });

  it('keeps small files on the multipart call without asking the service', async () => {
    await queue.addFiles([{ file: video('small.jpg', RESUMABLE_UPLOAD_MIN_BYTES - 1) }], {
      kind: 'timeline',
    });
    await flush();
    expect(transport.sends).toHaveLength(1);
    expect(transport.resumableSends).toHaveLength(0);
    expect(transport.resumableUploads).not.toHaveBeenCalled();
  });

  it('sends nothing when files_dedup knows the content, large or not', async () => {
    transport.known.set(`tl-job:sha-a.mp4-${MTIME}`, 'existing');
    await queue.addFiles([{ file: video('a.mp4') }], { kind: 'timeline' });
    await flush();
    expect(transport.resumableSends).toHaveLength(0);
    expect(item()).toMatchObject({ status: 'Succeeded', fileUUID: 'existing' });
  });
});

describe('resuming', () => {
  async function startedAt(fraction: number) {
    await queue.addFiles([{ file: video('a.mp4') }], { kind: 'timeline' });
    await flush();
    const { request } = transport.resumableSends[0];
    request.onResumable({ url: 'https://api/resumable/u1', offset: 0, size: BIG, mtimeMs: MTIME });
    request.onProgress(fraction);
    return request;
  }

  it('after a lost connection goes on from the offset kept, saying "resuming" until it moves', async () => {
    const first = await startedAt(0.6);
    expect(item().resumable).toEqual({
      url: 'https://api/resumable/u1',
      offset: 0.6 * BIG,
      size: BIG,
      mtimeMs: MTIME,
    });
    transport.resumableSends[0].reject(new UploadError('network'));
    await flush();
    // Back to Enqueued (SPEC §4) but holding its place, and the countdown runs.
    expect(item()).toMatchObject({
      status: 'Enqueued',
      uploadedPercent: 0.6,
      resuming: true,
      retrying: true,
    });
    expect(store.getState().connection).toBe('Offline');
    store.getState().tick();
    store.getState().tick();
    store.getState().tick();
    store.getState().tick();
    await flush();
    expect(transport.resumableSends).toHaveLength(2);
    const second = transport.resumableSends[1].request;
    expect(second.resume).toEqual({
      url: 'https://api/resumable/u1',
      offset: 0.6 * BIG,
      size: BIG,
      mtimeMs: MTIME,
    });
    expect(first.signal.aborted).toBe(false);
    // The file is not hashed twice.
    expect(hashed).toEqual(['a.mp4']);
    expect(item()).toMatchObject({ status: 'Uploading', uploadedPercent: 0.6, resuming: true });
    // The server's offset, a little behind what was sent: progress goes on from there.
    second.onProgress(0.59);
    expect(item()).toMatchObject({ uploadedPercent: 0.59, resuming: false });
  });

  it('after a reload goes on from the upload kept in IndexedDB', async () => {
    const persistence = memoryPersistence();
    queue.dispose();
    makeQueue({ persistence, persistDelayMs: 0 });
    await queue.resume('me');
    await startedAt(0.42);
    await queue.flush();
    expect(persistence.items.get(item().id)?.resumable?.offset).toBe(0.42 * BIG);

    // "Reload": a new store, transport and queue over the same saved data.
    queue.dispose();
    store = createUploadStore();
    transport = new FakeTransport();
    transport.offered = OFFERED;
    makeQueue({ persistence, persistDelayMs: 0 });
    store.getState().setPaused(true);
    await queue.resume('me');
    await flush();
    // Waiting for its turn, the row already says where it goes on from.
    expect(item()).toMatchObject({ status: 'Enqueued', uploadedPercent: 0.42, resuming: true });
    store.getState().setPaused(false);
    await flush();
    expect(transport.resumableSends).toHaveLength(1);
    expect(transport.resumableSends[0].request.resume?.url).toBe('https://api/resumable/u1');
    expect(hashed).toEqual(['a.mp4']);
  });

  it('a file changed on disk starts again: the old upload dropped, the file hashed again', async () => {
    await startedAt(0.5);
    transport.resumableSends[0].reject(new UploadError('network'));
    await flush();
    // The file as it is now: same name, another mtime.
    const files = (queue as unknown as { files: Map<string, Blob> }).files;
    files.set(item().id, video('a.mp4', BIG, MTIME + 5000));
    store.getState().tick();
    store.getState().tick();
    store.getState().tick();
    store.getState().tick();
    await flush();
    expect(transport.discarded).toEqual(['https://api/resumable/u1']);
    expect(hashed).toEqual(['a.mp4', 'a.mp4']);
    expect(transport.resumableSends[1].request).toMatchObject({
      resume: null,
      checksum: `sha-a.mp4-${MTIME + 5000}`,
    });
  });

  it('a service that stopped offering them gets the multipart call, the old upload dropped', async () => {
    await startedAt(0.5);
    transport.resumableSends[0].reject(new UploadError('server'));
    await flush();
    transport.offered = null;
    for (let i = 0; i < 4; i++) store.getState().tick();
    await flush();
    expect(transport.discarded).toEqual(['https://api/resumable/u1']);
    expect(transport.sends).toHaveLength(1);
    expect(item().resumable).toBeNull();
  });

  it('an upload that is gone starts again at once (files_dedup first); twice, after the countdown', async () => {
    await startedAt(0.3);
    transport.resumableSends[0].reject(new UploadError('uploadGone'));
    await flush();
    expect(transport.dedupCalls).toHaveLength(2);
    expect(transport.resumableSends).toHaveLength(2);
    expect(transport.resumableSends[1].request.resume).toBeNull();
    expect(store.getState().connection).toBe('Online');
    transport.resumableSends[1].reject(new UploadError('uploadGone'));
    await flush();
    expect(store.getState().connection).toBe('Offline');
    expect(transport.resumableSends).toHaveLength(2);
  });

  it('bytes that are not the file hashed (checksum_mismatch) start again from the file', async () => {
    await startedAt(1);
    transport.resumableSends[0].reject(new UploadError('fileChanged'));
    await flush();
    expect(hashed).toEqual(['a.mp4', 'a.mp4']);
    expect(transport.resumableSends[1].request.resume).toBeNull();
  });

  it('a cancel aborts with the cancel reason, so the server drops the partial too', async () => {
    await startedAt(0.2);
    const { signal } = transport.resumableSends[0].request;
    store.getState().cancel([item().id]);
    await flush();
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe(CANCELLED);
    expect(item().status).toBe('Cancelled');
  });
});

describe('speed and time left', () => {
  it('are shown for a large file once a second of progress is seen, and cleared after', async () => {
    await queue.addFiles([{ file: video('a.mp4') }], { kind: 'timeline' });
    await flush();
    const { request } = transport.resumableSends[0];
    request.onProgress(0);
    clock = 500;
    request.onProgress(0.05);
    expect(store.getState().rates).toEqual({});
    clock = 1000;
    request.onProgress(0.1);
    expect(store.getState().rates[item().id]).toEqual({
      bytesPerSecond: 0.1 * BIG,
      secondsLeft: 9,
    });
    request.onSent();
    transport.resumableSends[0].resolve('file-a');
    await flush();
    expect(store.getState().rates).toEqual({});
  });
});
