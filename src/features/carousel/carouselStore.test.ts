import { afterEach, describe, expect, it } from 'vitest';
import { readString, removeItem, writeString } from '../../state/persisted';
import { createCarouselStore, infoOpenFor } from './carouselStore';

afterEach(() => removeItem('carouselSideModule'));

describe('the side module (issue 34.5: remembered open from a computer, it covered a phone)', () => {
  it('opens beside the photo as remembered, but not over it on a phone', () => {
    writeString('carouselSideModule', '1');
    const store = createCarouselStore();
    expect(infoOpenFor(store.getState(), false)).toBe(true);
    expect(infoOpenFor(store.getState(), true)).toBe(false);
  });

  it("a phone's opening is this viewer's only: not remembered, not carried to a computer", () => {
    writeString('carouselSideModule', '0');
    const store = createCarouselStore();
    store.getState().setInfoOpen(true, true);
    expect(infoOpenFor(store.getState(), true)).toBe(true);
    expect(infoOpenFor(store.getState(), false)).toBe(false);
    expect(readString('carouselSideModule')).toBe('0');
  });

  it("a computer's choice is remembered for the next visit", () => {
    const store = createCarouselStore();
    store.getState().setInfoOpen(true, false);
    expect(readString('carouselSideModule')).toBe('1');
    expect(infoOpenFor(createCarouselStore().getState(), false)).toBe(true);
  });

  it('the comments button opens the side module on its comments', () => {
    const store = createCarouselStore();
    store.getState().showSidePart('comments', false);
    expect(store.getState().sideModule).toBe(true);
    expect(store.getState().sidePart).toBe('comments');
    store.getState().sidePartShown();
    expect(store.getState().sidePart).toBeNull();
  });
});
