// @vitest-environment jsdom
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GalleryEngine } from '../../gallery';
import type { TrashSource } from './trashSource';
import { useTrashPaging } from './useTrashPaging';

afterEach(() => cleanup());

/** An engine at the end of a loaded trash section: every frame finds the end near. */
function engineAtTheEnd() {
  const frames = new Set<() => void>();
  const engine = {
    fastScrolling: false,
    scroll: { position: 9_000 },
    viewportHeight: 800,
    timeline: {
      sectionCount: 1,
      sections: [{ descriptor: { key: 'trash-later' } }],
      sectionTop: () => 0,
      sectionHeight: () => 10_000,
      isLoaded: () => true,
      replaceFiles: vi.fn(() => Promise.resolve()),
    },
    invalidate: vi.fn(),
    onFrame(callback: () => void) {
      frames.add(callback);
      return () => frames.delete(callback);
    },
  };
  const frame = () => {
    for (const callback of frames) callback();
  };
  return { engine, frame };
}

describe('useTrashPaging', () => {
  it('fetches no page while the scroll is fast, and the next page once it is slow', async () => {
    const { engine, frame } = engineAtTheEnd();
    const grown = { files: { ids: ['a'] }, counts: { pictures: 1, videos: 0, screenshots: 0 } };
    const more = vi.fn(() => Promise.resolve(grown));
    const source = { hasMore: () => true, more } as unknown as TrashSource;
    renderHook(() => useTrashPaging(engine as unknown as GalleryEngine, source));
    engine.fastScrolling = true;
    frame();
    frame();
    expect(more).not.toHaveBeenCalled();
    engine.fastScrolling = false;
    frame();
    expect(more).toHaveBeenCalledTimes(1);
    expect(more.mock.calls[0]).toEqual([
      'trash-later',
      expect.any(AbortSignal),
      expect.any(Function),
    ]);
    // One page at a time: no second fetch before the first is in.
    frame();
    expect(more).toHaveBeenCalledTimes(1);
    // Laid out in place (a frame after its columns were built), then drawn again.
    await vi.waitFor(() => expect(engine.invalidate).toHaveBeenCalled());
    expect(engine.timeline.replaceFiles).toHaveBeenCalledWith(
      'trash-later',
      grown.files,
      grown.counts,
    );
  });
});
