import { createStore } from 'zustand/vanilla';
import type { CastItem, CastMessageInput, ReceiverState } from '../../api/contract/cast';
import { castingStore, type CastPairing } from '../../state/casting';

/**
 * One side of a cast: the app's own TV receiver through the server's relay (`tvTransport.ts`) or
 * a Google Cast device (`googleCast.ts`). Both carry the same SPEC §7 messages.
 */
export interface CastTransport {
  readonly kind: CastPairing['transport'];
  /** What the relay or the Cast framework calls the session (kept to reconnect after a reload). */
  readonly sessionId: string;
  readonly deviceName: string;
  send(message: CastMessageInput): Promise<void>;
  /** Receiver reports, and the end of the pairing (the TV went, or another tab stopped it). */
  listen(handlers: { state: (state: ReceiverState) => void; ended: () => void }): () => void;
  stop(): Promise<void>;
}

export interface CastSnapshot {
  status: 'idle' | 'connected';
  deviceName: string | null;
  /** The receiver's last report. */
  receiver: ReceiverState | null;
  /** The pairing ended without the user stopping it (shown once by the casting bar). */
  lost: boolean;
}

/** How long getReceiverState waits for the TV's answer. */
export const RECEIVER_STATE_TIMEOUT_MS = 5000;

let requestCounter = 0;

/**
 * The cast state machine of SPEC §4 (connect, load item, play, pause, finished) over one transport
 * at a time: framework-free, read by React through `store`. The pairing it holds is mirrored in
 * `state/casting` so it survives a reload.
 */
export class CastService {
  readonly store = createStore<CastSnapshot>()(() => ({
    status: 'idle',
    deviceName: null,
    receiver: null,
    lost: false,
  }));
  private transport: CastTransport | null = null;
  private unlisten: (() => void) | null = null;
  private lastLoad = '';
  private readonly waiting = new Map<string, (state: ReceiverState) => void>();

  get connected(): boolean {
    return this.transport !== null;
  }

  connect(transport: CastTransport): void {
    this.drop();
    this.transport = transport;
    this.unlisten = transport.listen({
      state: (state) => this.onState(state),
      ended: () => this.drop({ lost: true }),
    });
    castingStore.getState().setPairing({
      transport: transport.kind,
      sessionId: transport.sessionId,
      deviceName: transport.deviceName,
    });
    this.store.setState({
      status: 'connected',
      deviceName: transport.deviceName,
      receiver: null,
      lost: false,
    });
  }

  /** SPEC §7 loadSingleItem with the next items (§9: 4) the TV preloads and autoplays. */
  async load(item: CastItem, next: readonly CastItem[], autoPlay: boolean): Promise<void> {
    const key = JSON.stringify([item, next, autoPlay]);
    if (key === this.lastLoad) return;
    this.lastLoad = key;
    await this.send({ type: 'loadSingleItem', item, next: [...next], autoPlay });
  }

  setAutoPlay(autoPlay: boolean): Promise<void> {
    this.lastLoad = '';
    return this.send({ type: 'autoPlayChanged', autoPlay });
  }

  playOrPause(play: boolean): Promise<void> {
    return this.send({ type: 'playOrPauseMedia', play });
  }

  seek(time: number): Promise<void> {
    return this.send({ type: 'seekVideo', time: Math.max(0, time) });
  }

  /** SPEC §7 getReceiverState: asks the TV and resolves with its answer. */
  getReceiverState(timeoutMs = RECEIVER_STATE_TIMEOUT_MS): Promise<ReceiverState> {
    const requestId = `s${++requestCounter}`;
    return new Promise<ReceiverState>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(requestId);
        reject(new Error('The TV did not answer'));
      }, timeoutMs);
      this.waiting.set(requestId, (state) => {
        clearTimeout(timer);
        resolve(state);
      });
      this.send({ type: 'getReceiverState', requestId }).catch((error: unknown) => {
        clearTimeout(timer);
        this.waiting.delete(requestId);
        reject(error instanceof Error ? error : new Error(String(error)));
      });
    });
  }

  /** Stop casting: the TV is freed (it shows a new code). */
  async stop(): Promise<void> {
    const transport = this.transport;
    this.drop();
    await transport?.stop();
  }

  /** Forgets the "connection lost" notice once shown. */
  acknowledgeLost(): void {
    this.store.setState({ lost: false });
  }

  private async send(message: CastMessageInput): Promise<void> {
    if (!this.transport) throw new Error('Not casting');
    await this.transport.send(message);
  }

  private onState(state: ReceiverState): void {
    this.store.setState({ receiver: state });
    if (state.requestId) {
      this.waiting.get(state.requestId)?.(state);
      this.waiting.delete(state.requestId);
    }
  }

  private drop(options: { lost?: boolean } = {}): void {
    if (!this.transport) return;
    this.unlisten?.();
    this.unlisten = null;
    this.transport = null;
    this.lastLoad = '';
    castingStore.getState().setPairing(null);
    this.store.setState({
      status: 'idle',
      deviceName: null,
      receiver: null,
      lost: options.lost ?? false,
    });
  }
}

/** The app's one cast service. */
export const castService = new CastService();
