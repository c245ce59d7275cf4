// The upload queue's rejected files: the checks of SPEC §5 and what each failed upload becomes
// (SPEC §4/§8, uploadFailure.ts).
import { describe, expect, it } from 'vitest';
import { jpeg, makeQueue, many, queue, statuses, store, transport } from './queueTestSetup';
import { flush } from './testTransport';
import { UploadError } from './transport';

describe('upload queue: failures', () => {
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
});
