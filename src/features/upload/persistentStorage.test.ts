import { describe, expect, it, vi } from 'vitest';
import type { UploadItem } from './model';
import { persistStorageWhileQueued } from './persistentStorage';

const item = (status: UploadItem['status']) => ({ id: status, status }) as UploadItem;

function harness(persisted: boolean) {
  let listener: ((items: readonly UploadItem[]) => void) | null = null;
  const storage = {
    persisted: vi.fn(() => Promise.resolve(persisted)),
    persist: vi.fn(() => Promise.resolve(true)),
  };
  const stop = persistStorageWhileQueued((next) => {
    listener = next;
    return () => {
      listener = null;
    };
  }, storage);
  const emit = async (items: readonly UploadItem[]) => {
    listener?.(items);
    await Promise.resolve();
    await Promise.resolve();
  };
  return { storage, stop, emit, subscribed: () => listener !== null };
}

describe('persistent storage while the upload queue holds files (issue 34.12)', () => {
  it('asks once, when a file is first queued', async () => {
    const { storage, emit } = harness(false);
    await emit([]);
    await emit([item('Succeeded')]);
    expect(storage.persist).not.toHaveBeenCalled();
    await emit([item('Enqueued')]);
    await emit([item('Enqueued'), item('Uploading')]);
    expect(storage.persist).toHaveBeenCalledTimes(1);
  });

  it('does not ask again when the browser already keeps the data', async () => {
    const { storage, emit } = harness(true);
    await emit([item('Uploading')]);
    expect(storage.persisted).toHaveBeenCalledTimes(1);
    expect(storage.persist).not.toHaveBeenCalled();
  });

  it('stops listening when the root unmounts, and does nothing without the API', () => {
    const { stop, subscribed } = harness(false);
    expect(subscribed()).toBe(true);
    stop();
    expect(subscribed()).toBe(false);
    const subscribe = vi.fn(() => () => undefined);
    persistStorageWhileQueued(subscribe, undefined);
    expect(subscribe).not.toHaveBeenCalled();
  });
});
