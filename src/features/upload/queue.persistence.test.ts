// The upload queue kept across a reload (queueSaver.ts, over a persistence in memory): what was
// interrupted starts again, nothing is lost, and what is done is let go.
import { describe, expect, it } from 'vitest';
import { makeQueue, many, queue, reload, statuses, store, transport } from './queueTestSetup';
import { memoryPersistence } from './testPersistence';
import { flush } from './testTransport';

describe('upload queue persistence', () => {
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
    reload();
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
