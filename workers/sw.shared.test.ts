import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PendingWrites,
  ThrottledSave,
  ThumbLru,
  thumbBudgetBytes,
  thumbnailKey,
} from './sw.shared';

const ORIGIN = 'http://app.test';

describe('thumbnailKey', () => {
  it('keys a thumbnail by user, job, file and size, never the token', () => {
    const url = new URL('http://api.test/th/3/f%201?area=256&share=job1&token=secret&app_key=a');
    const key = thumbnailKey(url, 'user-1', ORIGIN);
    expect(key).toEqual({ key: `${ORIGIN}/__thumbs/user-1/job1/f%201/256`, token: 'secret' });
    expect(key!.key).not.toContain('secret');
    const large = thumbnailKey(
      new URL(url.href.replace('area=256', 'area=1280')),
      'user-1',
      ORIGIN,
    );
    expect(large!.key).toBe(`${ORIGIN}/__thumbs/user-1/job1/f%201/1280`);
  });

  it('leaves alone what it may not cache: other sizes, link keys, no token, the trash', () => {
    const keyOf = (href: string) => thumbnailKey(new URL(href), 'u', ORIGIN);
    expect(keyOf('http://api.test/th/3/f?area=512&share=j&token=t')).toBeNull();
    expect(keyOf('http://api.test/th/3/f?area=256&share=j&key=k&token=t')).toBeNull();
    expect(keyOf('http://api.test/th/3/f?area=256&share=j')).toBeNull();
    expect(keyOf('http://api.test/th/3/trash/j/f?area=256&share=j&token=t')).toBeNull();
  });
});

describe('ThumbLru', () => {
  it('evicts the least recently used entries beyond the byte budget', () => {
    const lru = new ThumbLru(300);
    expect(lru.add('a', 100)).toEqual([]);
    expect(lru.add('b', 100)).toEqual([]);
    expect(lru.add('c', 100)).toEqual([]);
    lru.touch('a');
    expect(lru.add('d', 100)).toEqual(['b']);
    expect(lru.bytes).toBe(300);
    expect(lru.add('e', 150)).toEqual(['c', 'a']);
    expect(lru.bytes).toBe(250);
    expect(lru.size).toBe(2);
  });

  it('survives a save and load, oldest first', () => {
    const lru = new ThumbLru(1000);
    lru.add('x', 10);
    lru.add('y', 20);
    lru.touch('x');
    const again = ThumbLru.from(JSON.parse(JSON.stringify(lru)), 25);
    expect(again.evictToBudget()).toEqual(['y']);
    expect(again.bytes).toBe(10);
  });

  it('budgets by device class', () => {
    const MB = 1024 * 1024;
    expect(thumbBudgetBytes(1)).toBe(64 * MB);
    expect(thumbBudgetBytes(4)).toBe(192 * MB);
    expect(thumbBudgetBytes(undefined)).toBe(192 * MB);
    expect(thumbBudgetBytes(8)).toBe(384 * MB);
  });
});

describe('the writes not landed yet (SwStats.pendingWrites, issue 35)', () => {
  afterEach(() => vi.useRealTimers());

  it('counts a write from begin (its fetch) through track (its put) until it settles', async () => {
    const writes = new PendingWrites();
    const end = writes.begin();
    expect(writes.size).toBe(1);
    let land!: () => void;
    const put = writes.track(new Promise<void>((resolve) => (land = resolve)));
    // The put tracked before the miss ends: never 0 in between.
    end();
    end();
    expect(writes.size).toBe(1);
    land();
    await put;
    expect(writes.size).toBe(0);
    await writes.track(Promise.reject(new Error('quota'))).catch(() => undefined);
    expect(writes.size).toBe(0);
  });

  it('counts the index save from its schedule until its put lands, once a second at most', async () => {
    vi.useFakeTimers();
    const puts: (() => void)[] = [];
    const save = new ThrottledSave(() => new Promise<void>((resolve) => puts.push(resolve)), 1000);
    expect(save.pending).toBe(0);
    save.schedule();
    save.schedule();
    expect(save.pending).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(puts).toHaveLength(0);
    expect(save.pending).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(puts).toHaveLength(1);
    // Being written: still pending.
    expect(save.pending).toBe(1);
    puts[0]();
    await vi.advanceTimersByTimeAsync(0);
    expect(save.pending).toBe(0);
  });

  it('is not pending after a cancel, nor when the save has nothing to write', async () => {
    vi.useFakeTimers();
    let writes = 0;
    const save = new ThrottledSave(() => {
      writes++;
      return undefined;
    }, 1000);
    save.schedule();
    save.cancel();
    expect(save.pending).toBe(0);
    await vi.advanceTimersByTimeAsync(2000);
    expect(writes).toBe(0);
    save.schedule();
    await vi.advanceTimersByTimeAsync(1000);
    expect(writes).toBe(1);
    expect(save.pending).toBe(0);
  });
});
