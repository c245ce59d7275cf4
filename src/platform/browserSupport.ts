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

function hasWebGL2(win: Window & typeof globalThis): boolean {
  if (typeof win.WebGL2RenderingContext !== 'function') return false;
  try {
    const gl = win.document.createElement('canvas').getContext('webgl2');
    if (!gl) return false;
    const layers: unknown = gl.getParameter(gl.MAX_ARRAY_TEXTURE_LAYERS);
    if (typeof layers === 'number' && layers > 0) gpuLimits.maxArrayTextureLayers = layers;
    // Give the probe context back at once: browsers cap the number of live contexts.
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return true;
  } catch {
    return false;
  }
}
