import { layerBytes } from './tiers';

export type DeviceClass = 'mobile' | 'tablet' | 'desktop' | 'tv';

/** The device class of a page laid out at one of the SPEC §2 breakpoints. */
export function deviceClassFor(
  breakpoint: 'mobile' | 'tabletPortrait' | 'tabletLandscape' | 'desktop' | 'tv',
): DeviceClass {
  if (breakpoint === 'mobile') return 'mobile';
  if (breakpoint === 'tabletPortrait' || breakpoint === 'tabletLandscape') return 'tablet';
  return breakpoint === 'tv' ? 'tv' : 'desktop';
}

/** GPU memory the texture pools may hold, per tier, and the per-frame upload allowance. */
export interface TextureBudget {
  smallBytes: number;
  largeBytes: number;
  /** In small-layer units; see UPLOAD_COST. */
  maxUploadsPerFrame: number;
}

/** What a TextureCache is built with: the budget translated into layer counts. */
export interface TexturePoolSizes {
  smallLayers: number;
  largeLayers: number;
  maxUploadsPerFrame: number;
}

const MiB = 1024 * 1024;

/**
 * Defaults per device class. A small layer is 0.25 MiB (256²), a large one 4 MiB (1024²). The pools
 * are allocated a page (a quarter, LayerPool) at a time as they fill, so these bytes are a
 * ceiling that a long session reaches.
 *
 * - desktop: 1920×1080 CSS at the 180 px row shows ≤ 48 tiles, ~72 with the 400 px margin, ~300
 *   zoomed out. 1024 small layers keep ~14 default screens for instant scroll-back. The large tier
 *   only holds visible tiles while idle (DPR 2: all of them), so 64 covers 48 with slack.
 * - tablet: 1024×1366 CSS at DPR 2 shows ~40 tiles; half the desktop small pool, large 40.
 * - mobile: 390×844 CSS at 176 px rows shows ~15 tiles, ~25 with margin, all large at DPR 3; phones
 *   kill tabs near 1 GB, so 160 MiB in all.
 * - tv: mostly 1080p at DPR 1 (small suffices); 4K panels at DPR 2 show ~30 large tiles. TV chips
 *   share 1.5–2 GB with everything else: 192 MiB in all, and fewer uploads per frame (slow CPUs).
 */
export const TEXTURE_BUDGETS: Readonly<Record<DeviceClass, Readonly<TextureBudget>>> =
  Object.freeze({
    mobile: Object.freeze({ smallBytes: 64 * MiB, largeBytes: 96 * MiB, maxUploadsPerFrame: 4 }),
    tablet: Object.freeze({ smallBytes: 128 * MiB, largeBytes: 160 * MiB, maxUploadsPerFrame: 6 }),
    desktop: Object.freeze({ smallBytes: 256 * MiB, largeBytes: 256 * MiB, maxUploadsPerFrame: 8 }),
    tv: Object.freeze({ smallBytes: 64 * MiB, largeBytes: 128 * MiB, maxUploadsPerFrame: 3 }),
  });

/**
 * Layer counts for a budget (overrides merged by the caller: `{ ...TEXTURE_BUDGETS.desktop, … }`).
 * `maxArrayTextureLayers` is the context's MAX_ARRAY_TEXTURE_LAYERS (WebGL2 guarantees only 256;
 * desktops report 2048): a pool deeper than that fails to allocate.
 */
export function poolSizesFor(
  budget: TextureBudget,
  maxArrayTextureLayers = Number.POSITIVE_INFINITY,
): TexturePoolSizes {
  const fit = (bytes: number, perLayer: number, min: number): number =>
    Math.max(min, Math.min(maxArrayTextureLayers, Math.floor(bytes / perLayer)));
  return {
    // At least the fallback layer and one tile.
    smallLayers: fit(budget.smallBytes, layerBytes('small'), 2),
    largeLayers: fit(budget.largeBytes, layerBytes('large'), 1),
    maxUploadsPerFrame: Math.max(1, Math.floor(budget.maxUploadsPerFrame)),
  };
}

/** MAX_ARRAY_TEXTURE_LAYERS of a WebGL2 context, for `poolSizesFor`. */
export function maxArrayTextureLayersOf(gl: WebGL2RenderingContext): number {
  const value: unknown = gl.getParameter(gl.MAX_ARRAY_TEXTURE_LAYERS);
  return typeof value === 'number' && value > 0 ? value : 256;
}
