import { describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../clock';
import { createTestRenderer } from '../texture/testing';
import { canvasPixelRatio, RenderLoop } from './RenderLoop';

function setup(moving: () => boolean = () => false) {
  const clock = new ManualClock();
  const { renderer } = createTestRenderer();
  const frame = vi.fn(moving);
  const render = vi.spyOn(renderer, 'render');
  const loop = new RenderLoop(renderer, clock, frame);
  return { clock, renderer, frame, render, loop };
}

describe('RenderLoop', () => {
  it('draws nothing while idle, and one frame however many ask before it runs', () => {
    const { clock, frame, render, loop } = setup();
    clock.advance(16);
    expect(frame).not.toHaveBeenCalled();
    loop.invalidate();
    loop.invalidate();
    loop.invalidate();
    clock.advance(16);
    expect(frame).toHaveBeenCalledTimes(1);
    expect(render).toHaveBeenCalledTimes(1);
    clock.advance(16);
    expect(frame).toHaveBeenCalledTimes(1);
  });

  it('keeps drawing while the engine says something moves, then stops', () => {
    let frames = 3;
    const { clock, frame, loop } = setup(() => --frames > 0);
    loop.invalidate();
    for (let i = 0; i < 6; i++) clock.advance(16);
    expect(frame).toHaveBeenCalledTimes(3);
    expect(loop.framePending).toBe(false);
  });

  it('sizes the drawing buffer at the device pixel ratio, 1 to 2', () => {
    const { renderer, loop, clock, frame } = setup();
    loop.setSize(400, 300, 3);
    expect(renderer.getPixelRatio()).toBe(2);
    expect(renderer.domElement.width).toBe(800);
    expect(renderer.domElement.height).toBe(600);
    clock.advance(16);
    expect(frame).toHaveBeenCalledTimes(1); // a new size is drawn
    expect(canvasPixelRatio(0.5)).toBe(1);
    expect(canvasPixelRatio(1.25)).toBe(1.25);
  });

  it('draws nothing after dispose', () => {
    const { clock, frame, loop } = setup();
    loop.invalidate();
    loop.dispose();
    clock.advance(16);
    loop.invalidate();
    clock.advance(16);
    expect(frame).not.toHaveBeenCalled();
  });
});
