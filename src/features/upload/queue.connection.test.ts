// The upload queue's connection (SPEC §9): Offline after a network failure, the 4 s countdown,
// one probe while Retrying, Online again.
import { describe, expect, it, vi } from 'vitest';
import { many, queue, statuses, store, transport } from './queueTestSetup';
import { flush } from './testTransport';
import { UploadError } from './transport';

describe('upload queue: connection', () => {
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
});
