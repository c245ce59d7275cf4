import { describe, expect, it } from 'vitest';
import { loveTextKey } from './CarouselLove';

describe('love text (SPEC §9)', () => {
  it('you; you and one; you and N others; one person; N people', () => {
    expect(loveTextKey({ count: 1, loved: true })).toEqual({ key: 'albums.love.you', count: 1 });
    expect(loveTextKey({ count: 2, loved: true }).key).toBe('albums.love.youAndOne');
    expect(loveTextKey({ count: 5, loved: true })).toEqual({
      key: 'albums.love.youAndOthers',
      count: 4,
    });
    expect(loveTextKey({ count: 0, loved: false }).key).toBe('albums.love.none');
    expect(loveTextKey({ count: 1, loved: false }).key).toBe('albums.love.onePerson');
    expect(loveTextKey({ count: 7, loved: false })).toEqual({
      key: 'albums.love.people',
      count: 7,
    });
  });
});
