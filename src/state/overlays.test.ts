import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertDialog, confirmDialog, dialogStore } from './dialogs';
import {
  FULL_SCREEN_MESSAGE_POPUP,
  popupStore,
  SUBSCRIPTION_POPUP,
  SUNSET_DELETION_POPUP,
  TERMS_OF_SERVICE_POPUP,
} from './popups';
import { dismissToast, showToast, toastStore } from './toasts';

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    toastStore.setState({ toasts: [] });
  });

  it('auto-dismisses after 4000 ms (SPEC §8)', () => {
    showToast({ message: { key: 'common.ok' } });
    vi.advanceTimersByTime(3999);
    expect(toastStore.getState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toastStore.getState().toasts).toHaveLength(0);
  });

  it('honours a longer duration such as the 5500 ms album copy failure', () => {
    showToast({ kind: 'error', message: { key: 'common.ok' }, durationMs: 5500 });
    vi.advanceTimersByTime(4000);
    expect(toastStore.getState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1500);
    expect(toastStore.getState().toasts).toHaveLength(0);
  });

  it('keeps progress toasts until dismissed by code', () => {
    const id = showToast({ kind: 'progress', message: { key: 'common.loading' } });
    vi.advanceTimersByTime(60_000);
    expect(toastStore.getState().toasts.map((t) => t.id)).toEqual([id]);
    dismissToast(id);
    expect(toastStore.getState().toasts).toHaveLength(0);
  });
});

describe('dialogs', () => {
  it('queues first in, first out and resolves each with its answer', async () => {
    const first = confirmDialog({ body: { key: 'common.ok' } });
    const second = alertDialog({ body: { key: 'common.close' } });
    const [head, next] = dialogStore.getState().queue;
    expect(head.kind).toBe('confirm');
    expect(next.kind).toBe('alert');
    dialogStore.getState().settle(head.id, true);
    expect(dialogStore.getState().queue.map((d) => d.id)).toEqual([next.id]);
    dialogStore.getState().settle(next.id, false);
    await expect(first).resolves.toBe(true);
    await expect(second).resolves.toBeUndefined();
    expect(dialogStore.getState().queue).toEqual([]);
  });

  it('ignores a settle for a dialog that is already gone (double click)', async () => {
    const answer = confirmDialog({ body: { key: 'common.ok' } });
    const id = dialogStore.getState().queue[0].id;
    dialogStore.getState().settle(id, false);
    dialogStore.getState().settle(id, true);
    await expect(answer).resolves.toBe(false);
  });
});

describe('popups', () => {
  afterEach(() => popupStore.setState({ queue: [], silencedUntil: {} }));

  it('shows one at a time in order and skips a kind silenced until later', () => {
    const store = popupStore.getState();
    const a = store.enqueue('storageFull', undefined, 1000);
    store.silence('sunset', 5000);
    expect(store.enqueue('sunset', undefined, 4999)).toBeNull();
    const b = store.enqueue('terms', undefined, 1000);
    expect(popupStore.getState().queue.map((p) => p.id)).toEqual([a, b]);
    popupStore.getState().dismiss(a!);
    expect(popupStore.getState().queue[0].kind).toBe('terms');
    expect(popupStore.getState().enqueue('sunset', undefined, 5001)).not.toBeNull();
  });

  it('orders the modal queue as SPEC §4 lists it, behind the popup on screen', () => {
    const store = popupStore.getState();
    const storage = store.enqueue('storageFull');
    store.enqueue(FULL_SCREEN_MESSAGE_POPUP);
    store.enqueue('restoredMore');
    store.enqueue(SUNSET_DELETION_POPUP);
    store.enqueue(TERMS_OF_SERVICE_POPUP);
    store.enqueue(SUBSCRIPTION_POPUP);
    expect(popupStore.getState().queue.map((p) => p.kind)).toEqual([
      'storageFull',
      'Subscription',
      'TermsOfService',
      'SunsetDeletion',
      'FullScreenMessage',
      'restoredMore',
    ]);
    // The one on screen stays until closed; then the queue's order holds.
    popupStore.getState().dismiss(storage!);
    expect(popupStore.getState().queue[0].kind).toBe('Subscription');
    popupStore.getState().clear();
    expect(popupStore.getState().queue).toEqual([]);
  });

  it('does not queue the same kind twice', () => {
    popupStore.getState().enqueue('storageFull');
    expect(popupStore.getState().enqueue('storageFull')).toBeNull();
    expect(popupStore.getState().queue).toHaveLength(1);
  });

  it('merges the props of a repeated kind into the queued one, waiting or on screen', () => {
    const store = popupStore.getState();
    const head = store.enqueue('storageFull');
    const id = store.enqueue(SUBSCRIPTION_POPUP);
    const held = { resume: () => undefined, drop: () => undefined };
    expect(store.enqueue(SUBSCRIPTION_POPUP, { held })).toBeNull();
    let queue = popupStore.getState().queue;
    expect(queue.map((p) => [p.id, p.kind])).toEqual([
      [head, 'storageFull'],
      [id, SUBSCRIPTION_POPUP],
    ]);
    expect(queue[1].props).toEqual({ held });
    // A later repeat without props keeps them; one with props adds to them, its values winning.
    store.enqueue(SUBSCRIPTION_POPUP);
    store.enqueue(SUBSCRIPTION_POPUP, { step: 'SUB' });
    expect(popupStore.getState().queue[1].props).toEqual({ held, step: 'SUB' });
    // The popup on screen takes them too.
    store.enqueue('storageFull', { reason: 'upload' });
    queue = popupStore.getState().queue;
    expect(queue[0]).toEqual({ id: head, kind: 'storageFull', props: { reason: 'upload' } });
    // A silenced kind takes nothing.
    store.silence('other', Date.now() + 60_000);
    expect(store.enqueue('other', { x: 1 })).toBeNull();
    expect(popupStore.getState().queue).toHaveLength(2);
  });
});
