import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageQuotaStore } from '../../state/storageQuota';
import { canStart, createUploadStore, type NewUpload, type UploadStore } from './uploadStore';

let store: UploadStore;
let quotaStore: typeof storageQuotaStore;

const upload = (id: string, extra: Partial<NewUpload> = {}): NewUpload => ({
  id,
  targetJob: 'job',
  name: `${id}.jpg`,
  size: 100,
  mtimeMs: 1_700_000_000_000,
  policy: 'once_only',
  ...extra,
});
const status = (id: string) => store.getState().items.find((item) => item.id === id)?.status;
const item = (id: string) => store.getState().items.find((i) => i.id === id)!;

beforeEach(() => {
  storageQuotaStore.setState(storageQuotaStore.getInitialState(), true);
  quotaStore = storageQuotaStore;
  store = createUploadStore({ quota: quotaStore });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('upload store transitions (SPEC §4)', () => {
  it('adds items as Pending with increasing uploadIndex; checks move them on', () => {
    store.getState().add([upload('a'), upload('b'), upload('c')]);
    expect(store.getState().items.map((i) => [i.status, i.uploadIndex])).toEqual([
      ['Pending', 0],
      ['Pending', 1],
      ['Pending', 2],
    ]);
    store.getState().checked('a', null);
    store.getState().checked('b', 'UnSupported');
    expect(status('a')).toBe('Enqueued');
    expect(item('b')).toMatchObject({ status: 'Rejected', statusReason: 'UnSupported' });
    // A check only applies to a Pending item.
    store.getState().checked('a', 'FileIsFolder');
    expect(status('a')).toBe('Enqueued');
  });

  it('goes Enqueued → Uploading → BackendSucceeded → Succeeded', () => {
    store.getState().add([upload('a')]);
    store.getState().checked('a', null);
    store.getState().started('a');
    expect(status('a')).toBe('Uploading');
    store.getState().sent('a');
    expect(item('a')).toMatchObject({ status: 'BackendSucceeded', uploadedPercent: 1 });
    store.getState().succeeded('a', 'file-1');
    expect(item('a')).toMatchObject({ status: 'Succeeded', fileUUID: 'file-1' });
  });

  it('throttles progress to 1% changes', () => {
    store.getState().add([upload('a')]);
    store.getState().checked('a', null);
    store.getState().started('a');
    const seen: number[] = [];
    const stop = store.subscribe((s) => seen.push(s.items[0].uploadedPercent));
    for (let i = 1; i <= 1000; i++) store.getState().progress('a', i / 1000);
    stop();
    // 1%, 2% … 99% and 100%: one state per whole percent, not a thousand.
    expect(seen).toHaveLength(100);
    expect(seen.at(-1)).toBe(1);
  });

  it('a failed attempt returns the item to Enqueued and the uploader goes Offline, then a 4 s countdown to Retrying', () => {
    vi.useFakeTimers();
    store.getState().add([upload('a')]);
    store.getState().checked('a', null);
    store.getState().started('a');
    store.getState().failed('a');
    expect(item('a')).toMatchObject({ status: 'Enqueued', retrying: true });
    expect(store.getState()).toMatchObject({ connection: 'Offline', countdown: 4 });
    expect(canStart(store.getState(), false)).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(store.getState().countdown).toBe(3);
    vi.advanceTimersByTime(2000);
    expect(store.getState()).toMatchObject({ connection: 'Offline', countdown: 1 });
    vi.advanceTimersByTime(1000);
    expect(store.getState().connection).toBe('Retrying');
    expect(canStart(store.getState(), false)).toBe(true);
    // Progress above 0 sets Online.
    store.getState().started('a');
    store.getState().progress('a', 0.5);
    expect(store.getState().connection).toBe('Online');
  });

  it('offline (issue 34.8): files added wait with the panel open and no countdown; back online, the 4 s countdown, then a retry', () => {
    vi.useFakeTimers();
    store.getState().networkLost();
    expect(store.getState()).toMatchObject({ connection: 'Offline', waitingForNetwork: true });
    // Nothing active yet: the panel stays closed until files come.
    expect(store.getState().boxVisible).toBe(false);
    store.getState().add([upload('a')]);
    expect(store.getState().boxVisible).toBe(true);
    store.getState().checked('a', null);
    expect(canStart(store.getState(), false)).toBe(false);
    // No countdown while the connection is gone, however long.
    vi.advanceTimersByTime(60_000);
    expect(store.getState()).toMatchObject({ connection: 'Offline', countdown: 0 });
    store.getState().networkBack();
    expect(store.getState()).toMatchObject({ connection: 'Offline', countdown: 4 });
    vi.advanceTimersByTime(3000);
    expect(store.getState().countdown).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(store.getState().connection).toBe('Retrying');
    expect(canStart(store.getState(), false)).toBe(true);
  });

  it('a send failing while offline waits for the connection, not for 4 s', () => {
    vi.useFakeTimers();
    store.getState().add([upload('a')]);
    store.getState().checked('a', null);
    store.getState().started('a');
    store.getState().networkLost();
    store.getState().failed('a');
    expect(store.getState()).toMatchObject({ connection: 'Offline', countdown: 0 });
    vi.advanceTimersByTime(10_000);
    expect(store.getState().connection).toBe('Offline');
  });

  it('back online with nothing waiting is simply online', () => {
    store.getState().networkLost();
    store.getState().networkBack();
    expect(store.getState()).toMatchObject({ connection: 'Online', waitingForNetwork: false });
  });

  it('a failure of a cancelled item changes nothing', () => {
    store.getState().add([upload('a')]);
    store.getState().checked('a', null);
    store.getState().started('a');
    store.getState().cancel(['a']);
    store.getState().failed('a');
    expect(status('a')).toBe('Cancelled');
    expect(store.getState().connection).toBe('Online');
  });

  it('no storage returns the item to Enqueued and flags out-of-storage', () => {
    store.getState().add([upload('a')]);
    store.getState().checked('a', null);
    store.getState().started('a');
    store.getState().add([upload('b')]);
    store.getState().checked('b', null);
    store.getState().started('b');
    // The first 413 starts the out-of-storage spell; one more of the same batch does not.
    expect(store.getState().noStorage('a')).toBe(true);
    expect(store.getState().noStorage('b')).toBe(false);
    expect(status('a')).toBe('Enqueued');
    expect(status('b')).toBe('Enqueued');
    expect(quotaStore.getState().outOfStorage).toBe(true);
    quotaStore.getState().storageChanged();
    expect(quotaStore.getState().outOfStorage).toBe(false);
  });

  it('every reason can reject an item', () => {
    const reasons = [
      'FileIsFolder',
      'LocalFileUnavailable',
      'NoStorage',
      'UnSupported',
      'FileWasDeleted',
      'TooLargeFile',
      'Unknown',
    ] as const;
    store.getState().add(reasons.map((reason) => upload(reason)));
    for (const reason of reasons) store.getState().rejected(reason, reason);
    expect(store.getState().items.map((i) => i.statusReason)).toEqual(reasons);
  });

  it('stop cancels Pending, Enqueued and Uploading under 100%, not what is processing or done', () => {
    store.getState().add(['p', 'e', 'u', 'b', 's'].map((id) => upload(id)));
    for (const id of ['e', 'u', 'b', 's']) store.getState().checked(id, null);
    for (const id of ['u', 'b', 's']) store.getState().started(id);
    store.getState().progress('u', 0.5);
    store.getState().sent('b');
    store.getState().sent('s');
    store.getState().succeeded('s', 'f');
    store.getState().setPendingStop(true);
    expect(canStart(store.getState(), false)).toBe(false);
    const cancelled = store.getState().stop();
    expect(cancelled.sort()).toEqual(['e', 'p', 'u']);
    expect(['p', 'e', 'u', 'b', 's'].map(status)).toEqual([
      'Cancelled',
      'Cancelled',
      'Cancelled',
      'BackendSucceeded',
      'Succeeded',
    ]);
    expect(store.getState().pendingStop).toBe(false);
  });

  it('cannot start while paused, stopping, offline or out of storage', () => {
    expect(canStart(store.getState(), false)).toBe(true);
    expect(canStart(store.getState(), true)).toBe(false);
    store.getState().setPaused(true);
    expect(canStart(store.getState(), false)).toBe(false);
  });

  it('opens the box when uploading starts or rejections grow; closing after an upload clears the queue', () => {
    store.getState().add([upload('a'), upload('b')]);
    expect(store.getState().boxVisible).toBe(false);
    store.getState().checked('a', 'UnSupported');
    expect(store.getState().boxVisible).toBe(true);
    store.getState().close();
    // b is still pending: closing only hides the box.
    expect(store.getState().items).toHaveLength(2);
    expect(store.getState().boxVisible).toBe(false);
    store.getState().checked('b', null);
    store.getState().started('b');
    expect(store.getState().boxVisible).toBe(true);
    store.getState().succeeded('b', 'f');
    store.getState().close();
    expect(store.getState().items).toHaveLength(0);
  });

  it('retargets the items of a pending album once it is created', () => {
    store.getState().addPendingAlbum({ tempID: 'tmp-1', name: 'Trip' });
    store.getState().add([upload('a', { targetJob: 'tmp-1' }), upload('b')]);
    store.getState().albumCreated('tmp-1', 'job-9');
    expect(store.getState().items.map((i) => i.targetJob)).toEqual(['job-9', 'job']);
    expect(store.getState().pendingAlbums['tmp-1']?.targetJob).toBe('job-9');
  });

  it('job deleted: the item is dropped without a rejection', () => {
    store.getState().add([upload('a')]);
    store.getState().checked('a', null);
    store.getState().ignored('a');
    expect(item('a')).toMatchObject({ status: 'Cancelled', statusReason: null });
  });
});

describe('checkedAll', () => {
  it('applies many check results in one update', () => {
    const store = createUploadStore();
    store.getState().add([upload('a'), upload('b'), upload('c')]);
    let updates = 0;
    const stop = store.subscribe(() => updates++);
    store.getState().checkedAll([
      { id: 'a', reason: null },
      { id: 'b', reason: 'UnSupported' },
    ]);
    stop();
    expect(updates).toBe(1);
    expect(store.getState().items.map((i) => i.status)).toEqual([
      'Enqueued',
      'Rejected',
      'Pending',
    ]);
    expect(store.getState().boxVisible).toBe(true);
  });
});
