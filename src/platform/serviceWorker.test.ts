import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SwMessage } from '../../workers/sw.shared';
import {
  holdUpdatesDuringUploads,
  RELEASE_QUIET_MS,
  RELEASE_RETRY_MS,
  RELEASE_TRIES,
} from './serviceWorker';

/** A worker that records what it is told, with the states a registration moves it through. */
class FakeWorker extends EventTarget {
  readonly messages: SwMessage['type'][] = [];
  constructor(public state: ServiceWorkerState) {
    super();
  }
  postMessage(message: SwMessage) {
    this.messages.push(message.type);
  }
  moveTo(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  active: FakeWorker | null = new FakeWorker('activated');

  /** A new version is found and installs (it waits when a version is active). */
  install(): FakeWorker {
    const worker = new FakeWorker('installing');
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
    this.installing = null;
    this.waiting = worker;
    worker.moveTo('installed');
    return worker;
  }

  /** The waiting version took over. */
  takeOver() {
    this.active = this.waiting;
    this.waiting = null;
    this.active?.moveTo('activated');
  }
}

function setup() {
  const reg = new FakeRegistration();
  let running = false;
  const listeners = new Set<() => void>();
  const uploads = {
    set(next: boolean) {
      running = next;
      for (const listener of listeners) listener();
    },
  };
  const stop = holdUpdatesDuringUploads(reg as unknown as ServiceWorkerRegistration, {
    uploadsRunning: () => running,
    onUploadsChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  });
  return { reg, uploads, stop, listeners };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('holdUpdatesDuringUploads (issue 19: a new version takes over when no upload runs)', () => {
  it('with no upload, a new version is released as soon as it has installed', () => {
    const { reg } = setup();
    const next = reg.install();
    vi.advanceTimersByTime(0);
    expect(next.messages).toEqual(['skipWaiting']);
  });

  it('waits while an upload runs, and is released once the uploads have been quiet a while', () => {
    const { reg, uploads } = setup();
    uploads.set(true);
    const next = reg.install();
    vi.advanceTimersByTime(10 * RELEASE_RETRY_MS);
    expect(next.messages).toEqual([]);
    // Progress of the upload: still running, still held.
    uploads.set(true);
    vi.advanceTimersByTime(RELEASE_QUIET_MS);
    expect(next.messages).toEqual([]);
    uploads.set(false);
    vi.advanceTimersByTime(RELEASE_QUIET_MS - 1);
    expect(next.messages).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(next.messages).toEqual(['skipWaiting']);
  });

  it('the quiet time starts again with every change of the uploads', () => {
    const { reg, uploads } = setup();
    uploads.set(true);
    const next = reg.install();
    uploads.set(false);
    vi.advanceTimersByTime(RELEASE_QUIET_MS - 1);
    // The panel shows the end of the upload: another change, the same quiet time again.
    uploads.set(false);
    vi.advanceTimersByTime(RELEASE_QUIET_MS - 1);
    expect(next.messages).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(next.messages).toEqual(['skipWaiting']);
  });

  it('asks again until the new version has taken over, then stops', () => {
    const { reg } = setup();
    const next = reg.install();
    vi.advanceTimersByTime(2 * RELEASE_RETRY_MS);
    expect(next.messages).toEqual(['skipWaiting', 'skipWaiting', 'skipWaiting']);
    reg.takeOver();
    vi.advanceTimersByTime(5 * RELEASE_RETRY_MS);
    expect(next.messages).toHaveLength(3);
  });

  it('an upload that starts meanwhile stops the asking; its end starts it again', () => {
    const { reg, uploads } = setup();
    const next = reg.install();
    vi.advanceTimersByTime(0);
    uploads.set(true);
    vi.advanceTimersByTime(5 * RELEASE_RETRY_MS);
    expect(next.messages).toEqual(['skipWaiting']);
    uploads.set(false);
    vi.advanceTimersByTime(RELEASE_QUIET_MS);
    expect(next.messages).toEqual(['skipWaiting', 'skipWaiting']);
  });

  it('gives up after RELEASE_TRIES (the browser activates it once no page uses the old one)', () => {
    const { reg } = setup();
    const next = reg.install();
    vi.advanceTimersByTime(RELEASE_TRIES * 2 * RELEASE_RETRY_MS);
    expect(next.messages).toHaveLength(RELEASE_TRIES);
  });

  it('a version already waiting when the app starts is released (no upload yet)', () => {
    const reg = new FakeRegistration();
    const waiting = new FakeWorker('installed');
    reg.waiting = waiting;
    holdUpdatesDuringUploads(reg as unknown as ServiceWorkerRegistration, {
      uploadsRunning: () => false,
      onUploadsChange: () => () => undefined,
    });
    vi.advanceTimersByTime(0);
    expect(waiting.messages).toEqual(['skipWaiting']);
  });

  it('nothing waiting, upload changes post nothing', () => {
    const { reg, uploads } = setup();
    uploads.set(true);
    uploads.set(false);
    vi.advanceTimersByTime(10 * RELEASE_RETRY_MS);
    expect(reg.active!.messages).toEqual([]);
  });

  it('stopping it stops the asking and the listening', () => {
    const { reg, stop, listeners } = setup();
    const next = reg.install();
    vi.advanceTimersByTime(0);
    stop();
    vi.advanceTimersByTime(5 * RELEASE_RETRY_MS);
    expect(next.messages).toEqual(['skipWaiting']);
    expect(listeners.size).toBe(0);
  });
});
