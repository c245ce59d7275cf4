import { describe, expect, it } from 'vitest';
import { JobEvents } from './events';

describe('JobEvents', () => {
  it('wakes a waiter with the first serial above its own, only for its job', async () => {
    const events = new JobEvents();
    const waiting = events.wait(1, 5, 5_000);
    events.notify(2, 9);
    events.notify(1, 5);
    expect(events.waiting).toBe(1);
    events.notify(1, 6);
    expect(await waiting).toBe(6);
    expect(events.waiting).toBe(0);
  });

  it('gives up after the timeout or when the client goes away', async () => {
    const events = new JobEvents();
    const started = performance.now();
    expect(await events.wait(1, 0, 50)).toBeNull();
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    const gone = new AbortController();
    const waiting = events.wait(1, 0, 5_000, gone.signal);
    gone.abort();
    expect(await waiting).toBeNull();
    expect(events.waiting).toBe(0);
  });

  it('releases every waiter on shutdown', async () => {
    const events = new JobEvents();
    const held = [events.wait(1, 0, 5_000), events.wait(2, 0, 5_000)];
    events.releaseAll();
    expect(await Promise.all(held)).toEqual([null, null]);
    expect(events.waiting).toBe(0);
  });

  it('refuses to hold more than its limit of waiters', async () => {
    const events = new JobEvents(2);
    const held = [events.wait(1, 0, 5_000), events.wait(1, 0, 5_000)];
    expect(await events.wait(1, 0, 5_000)).toBeNull();
    events.notify(1, 1);
    expect(await Promise.all(held)).toEqual([1, 1]);
  });
});
