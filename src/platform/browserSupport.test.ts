// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { GALLERY_CONTEXT_ATTRIBUTES, missingFeatures, takeWarmCanvas } from './browserSupport';

function fakeWindow(
  overrides: Record<string, unknown>,
  webgl2: unknown,
): Window & typeof globalThis {
  const canvas = { getContext: vi.fn(() => webgl2) };
  return {
    WebGL2RenderingContext: function WebGL2RenderingContext() {},
    Worker: function Worker() {},
    ResizeObserver: function ResizeObserver() {},
    IntersectionObserver: function IntersectionObserver() {},
    crypto: { subtle: {}, getRandomValues: () => undefined },
    createImageBitmap: () => undefined,
    AbortController: function AbortController() {},
    document: { createElement: () => canvas },
    ...overrides,
  } as unknown as Window & typeof globalThis;
}

describe('missingFeatures', () => {
  const gl = {
    getExtension: () => ({ loseContext: vi.fn() }),
    getParameter: () => 2048,
    isContextLost: () => false,
    MAX_ARRAY_TEXTURE_LAYERS: 0x88ff,
  };

  it('is empty on a capable browser', () => {
    expect(missingFeatures(fakeWindow({}, gl))).toEqual([]);
  });

  it('reports WebGL2 when the context cannot be created or the API is absent', () => {
    expect(missingFeatures(fakeWindow({}, null))).toEqual(['webgl2']);
    expect(missingFeatures(fakeWindow({ WebGL2RenderingContext: undefined }, gl))).toEqual([
      'webgl2',
    ]);
  });

  it('reports every other missing feature by name', () => {
    const win = fakeWindow({ Worker: undefined, ResizeObserver: undefined, crypto: undefined }, gl);
    expect(missingFeatures(win)).toEqual(['worker', 'resizeObserver', 'webCrypto']);
  });
});

describe('takeWarmCanvas (issue 20 fault 5)', () => {
  it('hands the probe canvas, context alive, to the first gallery only', () => {
    const gl = { getParameter: () => 2048, isContextLost: () => false };
    const canvas = { getContext: vi.fn(() => gl) };
    const win = {
      WebGL2RenderingContext: function WebGL2RenderingContext() {},
      document: { createElement: () => canvas },
    } as unknown as Window & typeof globalThis;
    missingFeatures(win);
    // Made with the gallery renderer's attributes, so three.js takes it over as it is.
    expect(canvas.getContext).toHaveBeenCalledWith('webgl2', GALLERY_CONTEXT_ATTRIBUTES);
    expect(takeWarmCanvas()).toBe(canvas);
    expect(takeWarmCanvas()).toBeNull();
  });

  it('gives nothing when the probe context was lost meanwhile', () => {
    const gl = { getParameter: () => 2048, isContextLost: () => true };
    const canvas = { getContext: () => gl };
    missingFeatures({
      WebGL2RenderingContext: function WebGL2RenderingContext() {},
      document: { createElement: () => canvas },
    } as unknown as Window & typeof globalThis);
    expect(takeWarmCanvas()).toBeNull();
  });
});
