import { describe, expect, it } from 'vitest';
import type { CastMessageInput, ReceiverState } from '../../api/contract/cast';
import { castingStore } from '../../state/casting';
import { CastService, type CastTransport } from './CastService';

/** A transport whose receiver answers getReceiverState at once, as the TV page does. */
class EchoTransport implements CastTransport {
  readonly kind = 'tv';
  readonly sessionId = 's1';
  readonly deviceName = 'Living room';
  sent: CastMessageInput[] = [];
  stopped = false;
  handlers: { state: (s: ReceiverState) => void; ended: () => void } | null = null;

  send(message: CastMessageInput): Promise<void> {
    this.sent.push(message);
    if (message.type === 'getReceiverState') {
      queueMicrotask(() =>
        this.handlers?.state({
          type: 'receiverState',
          requestId: message.requestId,
          item: null,
          playerState: 'idle',
          currentTime: 0,
          duration: 0,
          autoPlay: false,
        }),
      );
    }
    return Promise.resolve();
  }
  listen(handlers: { state: (s: ReceiverState) => void; ended: () => void }) {
    this.handlers = handlers;
    return () => (this.handlers = null);
  }
  stop() {
    this.stopped = true;
    return Promise.resolve();
  }
}

const item = { jobId: 'j', fileId: 'a', kind: 'picture' as const, duration: 0 };

describe('CastService', () => {
  it('connects, keeps the pairing for a reload, and sends the SPEC messages', async () => {
    const service = new CastService();
    const transport = new EchoTransport();
    service.connect(transport);
    expect(service.store.getState()).toMatchObject({
      status: 'connected',
      deviceName: 'Living room',
    });
    expect(castingStore.getState().pairing).toEqual({
      transport: 'tv',
      sessionId: 's1',
      deviceName: 'Living room',
    });
    await service.load(item, [], false);
    // The same item again (a re-render) is not sent twice.
    await service.load(item, [], false);
    await service.playOrPause(true);
    await service.seek(-3);
    await service.setAutoPlay(true);
    expect(transport.sent.map((m) => m.type)).toEqual([
      'loadSingleItem',
      'playOrPauseMedia',
      'seekVideo',
      'autoPlayChanged',
    ]);
    expect(transport.sent[2]).toEqual({ type: 'seekVideo', time: 0 });
  });

  it('resolves getReceiverState with the answer to its own request', async () => {
    const service = new CastService();
    service.connect(new EchoTransport());
    const state = await service.getReceiverState();
    expect(state.playerState).toBe('idle');
    expect(service.store.getState().receiver).toEqual(state);
  });

  it('stop casting frees the TV and forgets the pairing; a lost TV is reported', async () => {
    const service = new CastService();
    const transport = new EchoTransport();
    service.connect(transport);
    await service.stop();
    expect(transport.stopped).toBe(true);
    expect(service.store.getState()).toMatchObject({ status: 'idle', lost: false });
    expect(castingStore.getState().pairing).toBeNull();
    await expect(service.playOrPause(true)).rejects.toThrow('Not casting');

    const again = new EchoTransport();
    service.connect(again);
    again.handlers?.ended();
    expect(service.store.getState()).toMatchObject({ status: 'idle', lost: true });
  });
});
