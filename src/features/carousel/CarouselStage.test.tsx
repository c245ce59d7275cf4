// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CarouselStage, type StageHandle } from './CarouselStage';

beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
    width: 1000,
    height: 800,
    left: 0,
    top: 0,
    right: 1000,
    bottom: 800,
    x: 0,
    y: 0,
    toJSON: () => ({}),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function stage(originalWidth: number | undefined, onZoomChange: () => void) {
  const handle = createRef<StageHandle>();
  const props = {
    fileKey: 'f1',
    aspect: 1.5,
    reducedMotion: true,
    zoomable: true,
    onSwipe: () => undefined,
    onZoomChange,
    openFrom: null,
  };
  const view = render(
    <CarouselStage ref={handle} {...props} originalWidth={originalWidth}>
      <div />
    </CarouselStage>,
  );
  const rerender = (width: number | undefined) =>
    view.rerender(
      <CarouselStage ref={handle} {...props} originalWidth={width}>
        <div />
      </CarouselStage>,
    );
  return { handle, rerender };
}

describe('CarouselStage zoom', () => {
  it("keeps a zoom asked past the 1280 image while the original's width loads, and goes on once it arrives", () => {
    const onZoomChange = vi.fn();
    const { handle, rerender } = stage(undefined, onZoomChange);
    // 1000 px wide fitted: the 1280 thumbnail allows 1.28×.
    act(() => handle.current!.zoomBy(1));
    act(() => handle.current!.zoomBy(1));
    expect(onZoomChange).toHaveBeenLastCalledWith(expect.objectContaining({ scale: 1.28 }), false);
    rerender(4000);
    const [zoom, outgrew] = onZoomChange.mock.lastCall as [{ scale: number }, boolean];
    expect(zoom.scale).toBeGreaterThan(1.28);
    expect(outgrew).toBe(true);
  });

  it('forgets the asked zoom on a reset, and never zooms past a known small original', () => {
    const onZoomChange = vi.fn();
    const { handle, rerender } = stage(undefined, onZoomChange);
    act(() => handle.current!.zoomBy(1));
    act(() => handle.current!.reset());
    onZoomChange.mockClear();
    rerender(4000);
    expect(onZoomChange).not.toHaveBeenCalled();

    const small = vi.fn();
    const known = stage(1100, small);
    act(() => known.handle.current!.zoomBy(1));
    act(() => known.handle.current!.zoomBy(1));
    expect(small).toHaveBeenLastCalledWith(expect.objectContaining({ scale: 1.1 }), false);
  });
});
