import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Crop } from './designScale';
import type { LibraryHandle, LibraryState } from './LibraryEditor';
import { applyCrop, holdsCrop } from './renderCopy';

vi.mock('./loadImage', () => ({ canvasBlob: vi.fn() }));

/** A stand-in for the library's store: updates apply on the next read, like its reducer. */
function fakeLibrary(crop: Crop, { putsItsBoxBack }: { putsItsBoxBack: number }) {
  let state: LibraryState = { adjustments: { crop } };
  const pending: Partial<LibraryState>[] = [];
  let reads = 0;
  const updates: Partial<LibraryState>[] = [];
  const handle: LibraryHandle = {
    read: () => {
      reads += 1;
      while (pending.length > 0) state = { ...state, ...pending.shift() };
      // The library settling its new source: it puts its own box back on its first renders.
      if (reads <= putsItsBoxBack) state = { ...state, adjustments: { crop } };
      return Promise.resolve(state);
    },
    update: (part) => {
      updates.push(part as Partial<LibraryState>);
      pending.push(part as Partial<LibraryState>);
    },
    exportCanvas: () => {
      throw new Error('not used');
    },
  };
  return { handle, updates, state: () => state };
}

describe('the edit carried onto the original', () => {
  beforeEach(() => {
    vi.stubGlobal('requestAnimationFrame', (fn: FrameRequestCallback) => setTimeout(fn, 0));
  });
  afterEach(() => vi.unstubAllGlobals());

  const preview = { x: 0, y: 0, width: 631.68, height: 355.32 };
  const original = { x: 0, y: 0, width: 645.24, height: 362.95 };

  it('reads a crop box as held within half a shown pixel', () => {
    expect(holdsCrop({ adjustments: { crop: { ...original, width: 645.5 } } }, original)).toBe(
      true,
    );
    expect(holdsCrop({ adjustments: { crop: preview } }, original)).toBe(false);
    expect(holdsCrop({}, original)).toBe(false);
  });

  it('is kept when the library takes it at once', async () => {
    const library = fakeLibrary(preview, { putsItsBoxBack: 0 });
    await applyCrop(library.handle, original, {});
    expect(holdsCrop(library.state(), original)).toBe(true);
    expect(library.updates).toHaveLength(1);
  });

  it('is made again when the library put its own box back (the copy came out 24 px short)', async () => {
    const library = fakeLibrary(preview, { putsItsBoxBack: 2 });
    await applyCrop(library.handle, original, { a: { x: 1 } });
    expect(holdsCrop(library.state(), original)).toBe(true);
    expect(library.updates.length).toBeGreaterThan(1);
    expect(library.updates.at(-1)).toEqual({
      adjustments: { crop: original },
      annotations: { a: { x: 1 } },
    });
  });
});
