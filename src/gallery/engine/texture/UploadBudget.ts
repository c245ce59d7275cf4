import type { FrameClock } from '../clock';
import { TIER_LAYER_SIZE, UPLOAD_COST, type TextureTier } from './tiers';

/**
 * What a frame may have spent, from its own start, before it uploads anything more (ms of main
 * thread, issue 19): the frame's work before the uploads and each upload count, measured, so a
 * slow upload (a CPU copy under SwiftShader, a phone) ends the frame's uploads early rather than
 * the count alone. The first upload of a frame always goes (nothing starves).
 */
export const FRAME_UPLOAD_BUDGET_MS = 4;

/**
 * Rows of a large (1,024²) layer one upload step copies (texSubImage3D of a sub-rectangle of the
 * ImageBitmap: UNPACK_SKIP_ROWS, set by three.js's copyTextureToTexture from a source region).
 * Measured in Chromium under SwiftShader (2026-11-26): a whole layer 4.4–11 ms, a band of 128
 * rows 3.5–4.1 ms, of 256 rows 4.0–4.3 ms: each call pays most of a whole bitmap's cost whatever
 * its rows, so 256 (4 bands, 1 MiB each) keeps a frame's share near the 4 ms budget for about
 * 1.6× the whole layer's total, where 128 doubled that total for nothing.
 */
export const LARGE_BAND_ROWS = 256;

/** With grey tiles on screen, small uploads may reach this multiple of a frame's allowance… */
export const URGENT_UPLOAD_FACTOR = 4;
/** …while the frame has spent less than this on uploads (ms of main thread). */
const URGENT_UPLOAD_MS = 6;

/** A frame of a 60 Hz display (ms): the pace the allowances are set for. */
export const DISPLAY_FRAME_MS = 1000 / 60;
/**
 * A frame that comes late (a 3840×2160 screen drawn in software: one every 1.5–4.5 s here) makes
 * up, with grey tiles on screen, for up to this many display frames that never came: their
 * urgent extra and their URGENT_UPLOAD_MS, so up to 192 ms of small uploads, about a third of
 * the 0.5 s the display waited at least. Counted per frame alone, the uploads went at the frame
 * rate, and a 4K screen filled a tile at a time several times slower than a 1440 one (issue
 * 34.10: ~40% of its tiles grey 3–6 s after the load). Capped at 4 frames (24 ms), a frame
 * 2–4 s late still uploaded 3–4 of the 32 bitmaps decoded and waiting (an upload under
 * SwiftShader takes 1–25 ms, at times 200), and the screen filled over 8–10 such frames, 9 s
 * after the last bitmap was decoded. At rest only, and only while a tile on screen is grey: a
 * scroll's frames keep their budget, and so does a frame on time (60 Hz: 1 frame, 6 ms).
 */
export const MAX_CATCH_UP_FRAMES = 32;
/**
 * How many frames' worth of urgent small uploads may wait decoded (TextureCache's decoded cap
 * for the small tier, in frames of URGENT_UPLOAD_FACTOR × maxUploadsPerFrame): 48 bitmaps at the
 * TV budget, more than its screen of 35 tiles; 128 (32 MiB) on a desktop. Not MAX_CATCH_UP_FRAMES:
 * a late frame uploads what is decoded, and 32 frames' worth would hold 256 MiB of bitmaps.
 */
export const DECODED_CATCH_UP_FRAMES = 4;
/** One band of a large layer against the allowance, in small-layer units (4). */
const BAND_COST = (UPLOAD_COST.large * LARGE_BAND_ROWS) / TIER_LAYER_SIZE.large;

/** The frame an upload pass belongs to (GalleryEngine.frame). */
export interface UploadFrame {
  /** Clock time the frame's work began. */
  startedAt: number;
  /**
   * The scroll moves fast (ScrollModel velocity): no large-tier upload this frame. Its bitmap
   * waits, decoded, and goes once the scroll slows; 16 small uploads' worth of copying would
   * land in a frame of the fling.
   */
  flinging: boolean;
  /**
   * The scroll moves (ScrollModel steps, or the fast scroller drags): the time budget holds. At
   * rest with grey tiles on screen (a jump's landing) the count allowance and the urgent extra
   * fill the screen: frames there need no motion kept smooth, and holding them to the budget took
   * a jump's fill from ~1.6 s to ~4 s (issue 19's side-by-side scroll bench).
   */
  moving: boolean;
}

/** Which part of the frame's ration an admitted upload step is charged to. */
export type UploadShare = 'allowance' | 'extra';

/**
 * One frame's ration of texture uploads (issue 19): `maxUploadsPerFrame` in small-layer units
 * (UPLOAD_COST), FRAME_UPLOAD_BUDGET_MS from the frame's start, an urgent extra for small tiles
 * while grey tiles are on screen, and large layers in bands of LARGE_BAND_ROWS, none while the
 * scroll flings. TextureCache asks it before each upload step (`admit`) and charges the step
 * once it is copied (`charge`); a step that finds no layer is not charged.
 */
export class UploadBudget {
  private frame: UploadFrame = { startedAt: 0, flinging: false, moving: false };
  private greyOnScreen = false;
  private allowance = 0;
  private extra = 0;
  private steps = 0;
  private started = 0;
  private urgentMs = URGENT_UPLOAD_MS;
  /** The last frame's start, or NaN before the first. */
  private lastFrameAt = Number.NaN;
  /** A step was refused this frame: the cache asks for the next one. */
  exhausted = false;

  constructor(
    private readonly clock: FrameClock,
    private readonly maxUploadsPerFrame: number,
  ) {}

  /** Starts a frame's uploads. */
  begin(frame: UploadFrame, greyOnScreen: boolean): void {
    this.frame = frame;
    this.greyOnScreen = greyOnScreen;
    this.allowance = this.maxUploadsPerFrame;
    // Grey tiles on screen: small uploads go on past the allowance, while this frame has
    // spent little on them. A frame of a 4K screen under a slow GPU comes every 300 ms; filling
    // a screen 8 tiles a frame took 2.7 s (bench/scale.bench.ts), the main thread idle. A late
    // frame takes the extra and the time of the display frames it stands for.
    // At rest only: a scroll's frames keep their budget, however slow.
    const late = frame.moving ? 1 : framesSince(this.lastFrameAt, frame.startedAt);
    this.lastFrameAt = frame.startedAt;
    this.extra = greyOnScreen ? this.maxUploadsPerFrame * (URGENT_UPLOAD_FACTOR * late - 1) : 0;
    this.urgentMs = URGENT_UPLOAD_MS * late;
    this.steps = 0;
    this.started = this.clock.now();
    this.exhausted = false;
  }

  /** The scroll flings: large layers wait for it to slow. */
  get flinging(): boolean {
    return this.frame.flinging;
  }

  /** Main-thread ms since begin(). */
  elapsedMs(): number {
    return this.clock.now() - this.started;
  }

  /** Whether the next step of a `tier` upload (a large one: a band) may go now, and on what. */
  admit(tier: TextureTier): UploadShare | null {
    if (this.steps === 0) return 'allowance';
    const cost = costOf(tier);
    const now = this.clock.now();
    const overBudget =
      (this.frame.moving || !this.greyOnScreen) &&
      now - this.frame.startedAt >= FRAME_UPLOAD_BUDGET_MS;
    if (cost <= this.allowance && !overBudget) return 'allowance';
    if (tier === 'small' && cost <= this.extra && now - this.started < this.urgentMs) {
      return 'extra';
    }
    this.exhausted = true;
    return null;
  }

  /** Charges a copied step to the share `admit` gave it. */
  charge(tier: TextureTier, share: UploadShare): void {
    if (share === 'extra') this.extra -= costOf(tier);
    else this.allowance -= costOf(tier);
    this.steps++;
  }
}

/** A step's cost in small-layer units: a small layer, or a band of a large one. */
const costOf = (tier: TextureTier): number => (tier === 'large' ? BAND_COST : UPLOAD_COST.small);

/** Display frames a frame starting at `at` stands for, the last having started at `last` (1–MAX_CATCH_UP_FRAMES). */
function framesSince(last: number, at: number): number {
  const frames = Math.round((at - last) / DISPLAY_FRAME_MS);
  return frames >= 1 ? Math.min(MAX_CATCH_UP_FRAMES, frames) : 1;
}
