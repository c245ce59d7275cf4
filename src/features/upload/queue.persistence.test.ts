// The upload queue kept across a reload (queueSaver.ts, over a persistence in memory): what was
// interrupted starts again, nothing is lost, and what is done is let go.
import { describe, expect, it } from 'vitest';
import type { UploadItem } from './model';
import type { UploadPersistence } from './persistence';
import {
  makeQueue,
  many,
  queue,
  reloadStoreAndTransport,
  statuses,
  store,
  transport,
  useQueueTestSetup,
} from './queueTestSetup';
import { flush } from './testTransport';

useQueueTestSetup();

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
    reloadStoreAndTransport();
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
