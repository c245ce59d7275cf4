import { describe, expect, it } from 'vitest';
import { listSource } from './listSource';
import type { CarouselFile } from './types';

const file = (id: string): CarouselFile => ({
  id,
  kind: 'picture',
  aspect: 1.5,
  time: 1,
  duration: 0,
});
const signal = new AbortController().signal;

describe('listSource', () => {
  const source = () =>
    listSource([file('a'), file('b'), file('c')], {
      jobId: 'j',
      returnTo: '/share/j',
      routeFor: (id) => `/share/j?file=${id}`,
      thumbnailUrl: (id) => id,
      contentUrl: (id) => id,
      capabilities: {},
    });

  it('places files and walks to the ends', async () => {
    const s = source();
    expect(s.peek?.('b')?.position).toEqual({ index: 1, total: 3 });
    expect(await s.locate('x', signal)).toBeNull();
    expect((await s.neighbour('b', 1, signal))?.id).toBe('c');
    expect(await s.neighbour('c', 1, signal)).toBeNull();
    expect(await s.neighbour('a', -1, signal)).toBeNull();
  });

  it('forgets removed files', async () => {
    const s = source();
    s.removeFiles?.(['b']);
    expect((await s.neighbour('a', 1, signal))?.id).toBe('c');
    expect(s.peek?.('c')?.position).toEqual({ index: 1, total: 2 });
  });
});
