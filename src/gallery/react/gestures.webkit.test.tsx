// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { GalleryEngine } from '../engine/GalleryEngine';
import { DEFAULT_ZOOM_INDEX } from '../engine/layout/LayoutEngine';
import { createTestEngine } from '../engine/testEngine';
import { at } from './gestureTesting';
import { useGalleryGestures } from './useGalleryGestures';

// Desktop Safari, as @use-gesture detects it when it loads: WebKit's GestureEvent exists and
// there are no touch events, so a trackpad pinch arrives as gesturestart / gesturechange /
// gestureend. Set up before any import runs.
vi.hoisted(() => {
  class GestureEvent extends UIEvent {}
  Object.assign(globalThis, { GestureEvent });
  for (let o: object | null = window; o; o = Object.getPrototypeOf(o) as object | null) {
    if (Object.prototype.hasOwnProperty.call(o, 'ontouchstart')) {
      delete (o as { ontouchstart?: unknown }).ontouchstart;
    }
  }
});

function Harness({ engine }: { engine: GalleryEngine }) {
  const container = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  useGalleryGestures(engine, container, stage);
  return (
    <div ref={container}>
      <div ref={stage}>
        <div data-testid="canvas" />
      </div>
    </div>
  );
}

/** A WebKit gesture event: a scale since gesturestart, at the pointer's client position. */
function gesture(type: string, scale: number, t: number): Event {
  const event = new Event(type, { bubbles: true, cancelable: true });
  Object.assign(event, { scale, rotation: 0, clientX: 350, clientY: 300 });
  return at(event, t);
}

describe('gestures: desktop Safari trackpad pinch', () => {
  it('WebKit gesture events zoom, with a live scale once past the threshold', async () => {
    expect('ontouchstart' in window).toBe(false);
    const { engine, settle } = await createTestEngine([12, 12, 12]);
    const onPinch = vi.fn();
    const onZoom = vi.fn();
    engine.setHandlers({ onPinch, onZoom });
    const view = render(<Harness engine={engine} />);
    const canvas = view.getByTestId('canvas');

    const start = gesture('gesturestart', 1, 0);
    canvas.dispatchEvent(start);
    // Safari would zoom the page itself: the gesture is the grid's.
    expect(start.defaultPrevented).toBe(true);
    canvas.dispatchEvent(gesture('gesturechange', 1.05, 16));
    expect(onPinch).not.toHaveBeenCalled(); // 5% of a 200 px spread: under 20 px
    canvas.dispatchEvent(gesture('gesturechange', 1.6, 32));
    expect(onPinch).toHaveBeenLastCalledWith(1.6, 350, 300);
    canvas.dispatchEvent(gesture('gestureend', 1.6, 48));
    expect(onZoom).toHaveBeenCalledWith(
      expect.objectContaining({ ratio: 1.5, fromScale: 1.6, originX: 350, originY: 300 }),
    );
    engine.zoom.finish();
    await settle();
    expect(engine.zoom.level).toBe(DEFAULT_ZOOM_INDEX + 1);
  });
});
