// The upload queue's sending (SPEC §9): five at a time, files_dedup, the copy to the timeline
// (SPEC §2), a pending album created on its first upload, and stop.
import { describe, expect, it } from 'vitest';
import { jpeg, makeQueue, many, queue, statuses, store, transport } from './queueTestSetup';
import { flush } from './testTransport';

describe('upload queue: sending', () => {
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
});
