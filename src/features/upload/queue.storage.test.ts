// The upload queue and the storage left: batches that do not fit, 413 answers and the storage
// popups (features/storage).
import { describe, expect, it, vi } from 'vitest';
import { storageQuotaStore } from '../../state/storageQuota';
import { STORAGE_POPUPS } from '../storage';
import { jpeg, makeQueue, many, popups, queue, statuses, store, transport } from './queueTestSetup';
import { flush } from './testTransport';
import { UploadError } from './transport';

describe('upload queue: storage', () => {
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
