import { describe, expect, it } from 'vitest';
import { ThumbLru, thumbBudgetBytes, thumbnailKey } from './sw.shared';

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
