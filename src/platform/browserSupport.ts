/**
 * The features the client cannot work without. The timeline draws on WebGL2; the rest are
 * used throughout (workers, observers, Web Crypto for PKCE and password hashing).
 */
export type RequiredFeature =
  | 'webgl2'
  | 'worker'
  | 'resizeObserver'
  | 'intersectionObserver'
  | 'webCrypto'
  | 'createImageBitmap'
  | 'abortController';

export function missingFeatures(win: Window & typeof globalThis): RequiredFeature[] {
  const missing: RequiredFeature[] = [];
  if (!hasWebGL2(win)) missing.push('webgl2');
  if (typeof win.Worker !== 'function') missing.push('worker');
  if (typeof win.ResizeObserver !== 'function') missing.push('resizeObserver');
  if (typeof win.IntersectionObserver !== 'function') missing.push('intersectionObserver');
  if (!win.crypto?.subtle || typeof win.crypto.getRandomValues !== 'function')
    missing.push('webCrypto');
  if (typeof win.createImageBitmap !== 'function') missing.push('createImageBitmap');
  if (typeof win.AbortController !== 'function') missing.push('abortController');
  return missing;
}

/** Read once by the support probe: the texture pools must fit the context's array layers. */
export const gpuLimits = { maxArrayTextureLayers: 256 };

/**
 * The attributes the gallery's WebGLRenderer asks for (src/gallery/react/GalleryCanvas.tsx
 * GL_OPTIONS over three.js's defaults). The probe's context is made with them so the gallery
 * can take it over: a canvas answers getContext with the context it already has, whatever is
 * asked.
 */
export const GALLERY_CONTEXT_ATTRIBUTES: WebGLContextAttributes = Object.freeze({
  alpha: false,
  depth: true,
  stencil: false,
  antialias: false,
  premultipliedAlpha: true,
  preserveDrawingBuffer: false,
  powerPreference: 'high-performance',
  failIfMajorPerformanceCaveat: false,
});

let warmCanvas: HTMLCanvasElement | null = null;

/**
 * The probe's canvas with its live WebGL2 context, once: the first gallery draws on it rather
 * than making a context of its own while its page renders (bench/startup.ts: creating one
 * there took 60–200 ms of that task; the probe pays it at boot). Null after the first call.
 */
export function takeWarmCanvas(): HTMLCanvasElement | null {
  const canvas = warmCanvas;
  warmCanvas = null;
  const gl = canvas?.getContext('webgl2');
  return gl && !gl.isContextLost() ? canvas : null;
}

function hasWebGL2(win: Window & typeof globalThis): boolean {
  if (typeof win.WebGL2RenderingContext !== 'function') return false;
  try {
    const canvas = win.document.createElement('canvas');
    const gl = canvas.getContext('webgl2', GALLERY_CONTEXT_ATTRIBUTES);
    if (!gl) return false;
    const layers: unknown = gl.getParameter(gl.MAX_ARRAY_TEXTURE_LAYERS);
    if (typeof layers === 'number' && layers > 0) gpuLimits.maxArrayTextureLayers = layers;
    // Kept for the first gallery (browsers cap live contexts at 16; this is one).
    warmCanvas = canvas;
    return true;
  } catch {
    return false;
  }
}
