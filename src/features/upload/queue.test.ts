import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageQuotaStore } from '../../state/storageQuota';
import type { UploadItem } from './model';
import type { UploadPersistence } from './persistence';
import { STORAGE_POPUPS } from '../storage';
import type { IncomingFile } from './model';
import { UploadQueue, type UploadQueueDeps } from './queue';
import { flush, FakeTransport } from './testTransport';
import { UploadError } from './transport';
import { createUploadStore, type UploadStore } from './uploadStore';

const jpeg = (name: string, bytes = 10) =>
  new File([new Uint8Array(bytes).fill(name.length)], name, { lastModified: 1_700_000_000_000 });
const many = (n: number): IncomingFile[] =>
  Array.from({ length: n }, (_, i) => ({ file: jpeg(`p${i}.jpg`, 10 + i) }));

let store: UploadStore;
let transport: FakeTransport;
let queue: UploadQueue;
let popups: string[];
let ids: number;

function makeQueue(extra: Partial<UploadQueueDeps> = {}) {
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
const statuses = () => store.getState().items.map((i) => i.status);

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

describe('upload queue', () => {
  it('uploads at most five at a time (SPEC §9 concurrency) and finishes every file', async () => {
    await queue.addFiles(many(12), { kind: 'timeline' });
    await flush();
    expect(transport.sends).toHaveLength(5);
    expect(statuses().filter((s) => s === 'Uploading')).toHaveLength(5);
    for (let i = 0; i < 12; i++) {
      transport.answer(i);
      await flush();
      expect(statuses().filter((s) => s === 'Uploading').length).toBeLessThanOrEqual(5);
    }
    expect(statuses()).toEqual(Array(12).fill('Succeeded'));
    expect(transport.sends[0].request).toMatchObject({
      job: 'tl-job',
      policy: 'once_only',
      mtime: 1_700_000_000,
    });
  });

  it('sends nothing when files_dedup knows the content', async () => {
    transport.known.set('tl-job:sha-p0.jpg', 'existing');
    await queue.addFiles(many(1), { kind: 'timeline' });
    await flush();
    expect(transport.sends).toHaveLength(0);
    expect(store.getState().items[0]).toMatchObject({ status: 'Succeeded', fileUUID: 'existing' });
    expect(transport.dedupCalls[0]).toMatchObject({ checksum: 'sha-p0.jpg', policy: 'once_only' });
  });

  it('checks each file: unsupported, unreadable (folder), too large; .DS_Store is ignored', async () => {
    const unreadable = jpeg('broken.jpg');
    unreadable.slice = () => {
      const blob = new Blob([]);
      blob.arrayBuffer = () => Promise.reject(new DOMException('x', 'NotReadableError'));
      return blob;
    };
    const huge = jpeg('huge.mov');
    Object.defineProperty(huge, 'size', { value: 200 * 1024 ** 3 + 1 });
    transport.account.mockResolvedValue({
      uuid: 'me',
      usedSpace: 0,
      maxSpace: 1e15,
      readOnly: false,
    });
    await queue.addFiles(
      [
        { file: jpeg('notes.txt') },
        { file: unreadable },
        { file: huge },
        { file: jpeg('.DS_Store') },
      ],
      { kind: 'timeline' },
    );
    await flush();
    expect(store.getState().items.map((i) => [i.name, i.status, i.statusReason])).toEqual([
      ['notes.txt', 'Rejected', 'UnSupported'],
      ['broken.jpg', 'Rejected', 'FileIsFolder'],
      ['huge.mov', 'Rejected', 'TooLargeFile'],
    ]);
  });

  it('a dropped folder is rejected as a folder, with Safari noted', async () => {
    await queue.addFiles([{ file: new File([], 'Holiday'), folder: true, safari: true }], {
      kind: 'timeline',
    });
    expect(store.getState().items[0]).toMatchObject({
      status: 'Rejected',
      statusReason: 'FileIsFolder',
      safariFolder: true,
    });
  });

  it('rejects a batch that does not fit the storage left, with the storage popup', async () => {
    transport.account.mockResolvedValue({
      uuid: 'me',
      usedSpace: 900,
      maxSpace: 1000,
      readOnly: false,
    });
    const result = await queue.addFiles(
      [{ file: jpeg('a.jpg', 60) }, { file: jpeg('b.jpg', 60) }],
      {
        kind: 'timeline',
      },
    );
    expect(result).toEqual({ kind: 'rejectedNoSpace' });
    expect(store.getState().items).toHaveLength(0);
    expect(popups).toEqual([STORAGE_POPUPS.addedMoreThanAvailable]);
  });

  it('counts what is already queued against the storage left', async () => {
    transport.account.mockResolvedValue({
      uuid: 'me',
      usedSpace: 800,
      maxSpace: 1000,
      readOnly: false,
    });
    await queue.addFiles([{ file: jpeg('a.jpg', 150) }], { kind: 'timeline' });
    const second = await queue.addFiles([{ file: jpeg('b.jpg', 100) }], { kind: 'timeline' });
    expect(second).toEqual({ kind: 'rejectedNoSpace' });
  });

  it('never rejects a batch into a story album for space', async () => {
    transport.account.mockResolvedValue({
      uuid: 'me',
      usedSpace: 999,
      maxSpace: 1000,
      readOnly: false,
    });
    const result = await queue.addFiles([{ file: jpeg('a.jpg', 500) }], {
      kind: 'job',
      jobId: 'album',
    });
    expect(result).toEqual({ kind: 'added', count: 1 });
    await flush();
    expect(transport.sends[0].request).toMatchObject({ job: 'album', policy: 'no_duplicates' });
  });

  it('"also copy to my timeline" (SPEC §2): an album upload is copied to the timeline after it', async () => {
    await queue.addFiles([{ file: jpeg('a.jpg') }], {
      kind: 'job',
      jobId: 'album',
      alsoTargetTimeline: true,
    });
    await queue.addFiles([{ file: jpeg('b.jpg') }], { kind: 'job', jobId: 'album' });
    expect(store.getState().items.map((i) => i.alsoTargetTimeline)).toEqual([true, false]);
    await flush();
    transport.answer(0);
    transport.answer(1);
    await flush();
    expect(statuses()).toEqual(['Succeeded', 'Succeeded']);
    // The copy: the timeline job is told of the same content (files_dedup), for a.jpg only;
    // not the caller's own content (another's album), so it is sent to the timeline too.
    const copies = transport.dedupCalls.filter((call) => call.job === 'tl-job');
    expect(copies).toEqual([expect.objectContaining({ path: 'a.jpg', checksum: 'sha-a.jpg' })]);
    expect(transport.sends.map((send) => [send.request.job, send.request.path])).toEqual([
      ['album', 'a.jpg'],
      ['album', 'b.jpg'],
      ['tl-job', 'a.jpg'],
    ]);
  });

  it('copies by files_dedup alone when the timeline copy needs no bytes', async () => {
    transport.known.set('tl-job:sha-a.jpg', 'copy');
    await queue.addFiles([{ file: jpeg('a.jpg') }], {
      kind: 'job',
      jobId: 'album',
      alsoTargetTimeline: true,
    });
    await flush();
    transport.answer(0);
    await flush();
    expect(transport.sends.map((send) => send.request.job)).toEqual(['album']);
    expect(transport.dedupCalls.filter((call) => call.job === 'tl-job')).toHaveLength(1);
  });

  it('asks no timeline copy of files that go to the timeline anyway', async () => {
    await queue.addFiles([{ file: jpeg('a.jpg') }], {
      kind: 'job',
      jobId: 'tl-job',
      alsoTargetTimeline: true,
    });
    expect(store.getState().items[0].alsoTargetTimeline).toBe(false);
  });

  it('413: back to Enqueued, out of storage, popup; resumes when storage is freed', async () => {
    await queue.addFiles(many(2), { kind: 'timeline' });
    await flush();
    transport.sends[0].reject(new UploadError('outOfStorage'));
    await flush();
    expect(storageQuotaStore.getState().outOfStorage).toBe(true);
    expect(store.getState().items[0].status).toBe('Enqueued');
    expect(popups).toContain(STORAGE_POPUPS.addedMoreThanAvailable);
    transport.answer(1);
    await flush();
    // Nothing new starts while out of storage.
    expect(transport.sends).toHaveLength(2);
    storageQuotaStore.getState().storageChanged();
    await flush();
    expect(transport.sends).toHaveLength(3);
    transport.answer(2);
    await flush();
    expect(statuses()).toEqual(['Succeeded', 'Succeeded']);
  });

  it('413 on every upload in flight: the storage popup once for the spell, again after it', async () => {
    await queue.addFiles(many(2), { kind: 'timeline' });
    await flush();
    expect(transport.sends).toHaveLength(2);
    transport.sends[0].reject(new UploadError('outOfStorage'));
    await flush();
    // The user closes the popup; the other upload that was on its way meets the same quota.
    transport.sends[1].reject(new UploadError('outOfStorage'));
    await flush();
    expect(popups.filter((kind) => kind === STORAGE_POPUPS.addedMoreThanAvailable)).toHaveLength(1);
    // Space freed, then full again: a new spell, a new popup.
    storageQuotaStore.getState().storageChanged();
    await flush();
    expect(transport.sends.length).toBeGreaterThan(2);
    transport.sends[transport.sends.length - 1].reject(new UploadError('outOfStorage'));
    await flush();
    expect(popups.filter((kind) => kind === STORAGE_POPUPS.addedMoreThanAvailable)).toHaveLength(2);
  });

  it('network failure: Offline, 4 s countdown, one retry, then Online and the rest', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    await queue.addFiles(many(2), { kind: 'timeline' });
    await vi.advanceTimersByTimeAsync(0);
    expect(transport.sends).toHaveLength(2);
    transport.sends[0].reject(new UploadError('network'));
    transport.sends[1].reject(new UploadError('server'));
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState()).toMatchObject({ connection: 'Offline', countdown: 4 });
    expect(store.getState().items[0]).toMatchObject({ status: 'Enqueued', retrying: true });
    await vi.advanceTimersByTimeAsync(3900);
    expect(transport.sends).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(100);
    expect(store.getState().connection).toBe('Retrying');
    // One probe while retrying…
    expect(transport.sends).toHaveLength(3);
    // …and once bytes flow the uploader is Online and the rest starts.
    transport.sends[2].request.onProgress(0.3);
    expect(store.getState().connection).toBe('Online');
    await vi.advanceTimersByTimeAsync(0);
    expect(transport.sends).toHaveLength(4);
    transport.answer(2);
    transport.answer(3);
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses()).toEqual(['Succeeded', 'Succeeded']);
  });

  it('a success elsewhere ends an offline spell at once', async () => {
    await queue.addFiles(many(2), { kind: 'timeline' });
    await flush();
    transport.sends[0].reject(new UploadError('network'));
    await flush();
    expect(store.getState().connection).toBe('Offline');
    transport.answer(1);
    await flush();
    expect(store.getState().connection).toBe('Online');
    expect(transport.sends).toHaveLength(3);
  });

  it('retries one probe at a time while Retrying', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    await queue.addFiles(many(8), { kind: 'timeline' });
    await vi.advanceTimersByTimeAsync(0);
    for (const send of transport.sends.splice(0)) send.reject(new UploadError('network'));
    await vi.advanceTimersByTimeAsync(4000);
    expect(store.getState().connection).toBe('Retrying');
    expect(transport.sends).toHaveLength(1);
  });

  it('maps the other failures to their reasons', async () => {
    await queue.addFiles(many(3), { kind: 'timeline' });
    await flush();
    transport.sends[0].reject(new UploadError('fileWasDeleted'));
    transport.sends[1].reject(new UploadError('rejected'));
    transport.sends[2].reject(new UploadError('tooLarge'));
    await flush();
    expect(store.getState().items.map((i) => i.statusReason)).toEqual([
      'FileWasDeleted',
      'UnSupported',
      'TooLargeFile',
    ]);
  });

  it('a name the server refuses (invalid_file_name) is rejected for its name, not retried', async () => {
    await queue.addFiles(many(2), { kind: 'timeline' });
    await flush();
    transport.sends[0].reject(new UploadError('invalidName'));
    transport.answer(1);
    await flush();
    expect(store.getState().items.map((i) => i.statusReason)).toEqual(['InvalidName', null]);
    expect(transport.sends).toHaveLength(2);
  });

  it('a read-only refusal (403 read_only_user) rejects what waits with the read-only text, no retry', async () => {
    await queue.addFiles(many(8), { kind: 'timeline' });
    await flush();
    expect(transport.sends).toHaveLength(5);
    transport.sends[0].reject(new UploadError('readOnly'));
    await flush();
    // Nothing new starts; the four already sent settle on their own (they may have been stored).
    expect(transport.sends).toHaveLength(5);
    for (const i of [1, 2, 3, 4]) transport.sends[i].reject(new UploadError('readOnly'));
    await flush();
    expect(statuses()).toEqual(Array(8).fill('Rejected'));
    expect(store.getState().items.every((i) => i.statusReason === 'ReadOnly')).toBe(true);
    expect(store.getState().connection).toBe('Online');
  });

  it('a file that can no longer be read is LocalFileUnavailable', async () => {
    const hasher = { sha1: () => Promise.reject(new DOMException('gone', 'NotFoundError')) };
    queue.dispose();
    makeQueue({ hasher });
    await queue.addFiles(many(1), { kind: 'timeline' });
    await flush();
    expect(store.getState().items[0]).toMatchObject({
      status: 'Rejected',
      statusReason: 'LocalFileUnavailable',
    });
  });

  it('uploads into a deleted job are dropped without an error', async () => {
    await queue.addFiles(many(6), { kind: 'timeline' });
    await flush();
    transport.sends[0].reject(new UploadError('jobDeleted'));
    await flush();
    expect(statuses()).toEqual(Array(6).fill('Cancelled'));
    expect(store.getState().items.some((i) => i.status === 'Rejected')).toBe(false);
  });

  it('stop asks first and cancels what has not been sent', async () => {
    let answer: (yes: boolean) => void = () => undefined;
    queue.dispose();
    makeQueue({ confirmStop: () => new Promise((resolve) => (answer = resolve)) });
    await queue.addFiles(many(7), { kind: 'timeline' });
    await flush();
    transport.answer(0);
    await flush();
    const stopping = queue.requestStop();
    expect(store.getState().pendingStop).toBe(true);
    // A double click asks once.
    void queue.requestStop();
    expect(transport.sends).toHaveLength(6);
    transport.answer(1);
    await flush();
    expect(transport.sends).toHaveLength(6); // nothing new starts while the question is open
    answer(false);
    await stopping;
    await flush();
    expect(transport.sends).toHaveLength(7);
    const again = queue.requestStop();
    answer(true);
    await again;
    await flush();
    expect(statuses()).toEqual([
      'Succeeded',
      'Succeeded',
      'Cancelled',
      'Cancelled',
      'Cancelled',
      'Cancelled',
      'Cancelled',
    ]);
    expect(transport.sends.slice(2).every((s) => s.request.signal.aborted)).toBe(true);
  });

  it('creates a pending album once, on its first upload', async () => {
    await queue.addFiles(many(3), { kind: 'pendingAlbum', tempID: 'tmp-1', name: 'Trip' });
    await flush();
    expect(transport.albumsCreated).toEqual(['Trip']);
    expect(transport.sends.map((s) => s.request.job)).toEqual([
      'created-1',
      'created-1',
      'created-1',
    ]);
    expect(store.getState().items.every((i) => i.targetJob === 'created-1')).toBe(true);
  });

  it('raises the 80% popup when the finished upload crossed it', async () => {
    transport.account.mockResolvedValue({
      uuid: 'me',
      usedSpace: 700,
      maxSpace: 1000,
      readOnly: false,
    });
    const onIdle = vi.fn();
    queue.dispose();
    makeQueue({ onIdle });
    await queue.addFiles(many(1), { kind: 'timeline' });
    await flush();
    transport.account.mockResolvedValue({
      uuid: 'me',
      usedSpace: 850,
      maxSpace: 1000,
      readOnly: false,
    });
    transport.answer(0);
    await flush();
    expect(onIdle).toHaveBeenCalledTimes(1);
    expect(popups).toEqual([STORAGE_POPUPS.above80]);
    expect(storageQuotaStore.getState().usedSpace).toBe(850);
  });
});

describe('upload queue persistence', () => {
  function memoryPersistence(): UploadPersistence & {
    items: Map<string, UploadItem>;
    files: Map<string, Blob>;
  } {
    const items = new Map<string, UploadItem>();
    const files = new Map<string, Blob>();
    return {
      items,
      files,
      load: () =>
        Promise.resolve({ items: [...items.values()], files: new Map(files), albums: [] }),
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

  it('a reload resumes the queue: interrupted uploads start again, nothing is lost', async () => {
    const persistence = memoryPersistence();
    queue.dispose();
    makeQueue({ persistence, persistDelayMs: 0 });
    await queue.resume('me');
    await queue.addFiles(many(7), { kind: 'timeline' });
    await flush();
    transport.answer(0);
    await flush();
    await queue.flush();
    expect(persistence.items.size).toBe(7);
    expect(persistence.files.size).toBe(6); // the finished one no longer needs its file

    // "Reload": a new store, transport and queue over the same saved data.
    queue.dispose();
    store = createUploadStore();
    transport = new FakeTransport();
    makeQueue({ persistence, persistDelayMs: 0 });
    await queue.resume('me');
    await flush();
    expect(statuses()[0]).toBe('Succeeded');
    expect(transport.sends).toHaveLength(5);
    for (let i = 0; i < 6; i++) {
      transport.answer(i);
      await flush();
    }
    expect(statuses()).toEqual(Array(7).fill('Succeeded'));
    await queue.flush();
    expect(persistence.files.size).toBe(0);
    store.getState().close();
    await flush();
    await queue.flush();
    expect(persistence.items.size).toBe(0);
  });
});
