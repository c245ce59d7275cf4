import type { WebGLRenderer } from 'three';
import { SCROLL_BUFFERS_PX } from '../../../domain/constants';
import type { TextureCache, UploadFrame } from '../texture';
import type { TimelineModel } from '../timeline/TimelineModel';
import { createFrameParams, type FrameParams, type TileComposer } from './TileComposer';
import type { TileRenderer } from './TileRenderer';

/**
 * Tiles this far outside the viewport are requested (small tier) so scrolling finds them ready:
 * the SPEC §9 far buffer, the same margin beyond which section loads are cancelled.
 */
const PREFETCH_MARGIN_PX = SCROLL_BUFFERS_PX.far;
/** Above this scroll speed (px/ms, a fling) no large-tier thumbnail is uploaded (issue 19). */
const LARGE_UPLOAD_MAX_VELOCITY = 1;

/**
 * A frame's tile pass, in its order: the visibility pass over the tiles of the prefetch margin
 * (the composer decides each tile's look, the cache what to load), the texture uploads due
 * within the frame's UploadBudget, then the renderer's instance buffers. When uploads of tiles on
 * screen landed, the screen's tiles are composed once more (no requests, no margin; the margin's
 * prefetch changes nothing drawn, and composes nothing again), so the frame draws what it
 * uploaded: composed only before, each thumbnail that arrived took two frames to show, the one
 * that uploaded it and one more to draw it (a whole redraw of the canvas for it). GalleryEngine.frame
 * fills `params` and runs it once a frame; its objects are reused, so a frame allocates nothing.
 */
export class TilePass {
  readonly params: FrameParams = createFrameParams();
  /** Tiles whose textures this frame completed. */
  uploads = 0;
  private readonly uploadFrame: UploadFrame = { startedAt: 0, flinging: false, moving: false };

  constructor(
    private readonly timeline: TimelineModel,
    private readonly textures: TextureCache,
    private readonly composer: TileComposer,
    private readonly tiles: TileRenderer,
  ) {}

  /**
   * Runs the pass for `params`; `startedAt` is the clock time the frame's work began, `velocity`
   * the scroll's (px/ms), `moving` whether the scroll or the fast scroller moves. Returns the
   * tiles drawn.
   */
  run(gl: WebGLRenderer, startedAt: number, velocity: number, moving: boolean): number {
    const { params, textures, composer } = this;
    textures.beginFrame();
    composer.begin(params);
    this.timeline.forEachVisibleItem(
      params.top - PREFETCH_MARGIN_PX,
      params.top + params.height + PREFETCH_MARGIN_PX,
      composer.visit,
    );
    textures.endFrame();
    const uploadFrame = this.uploadFrame;
    uploadFrame.startedAt = startedAt;
    uploadFrame.flinging = Math.abs(velocity) > LARGE_UPLOAD_MAX_VELOCITY;
    uploadFrame.moving = moving;
    this.uploads = textures.uploadPending(gl, composer.untextured > 0, uploadFrame);
    if (textures.lastShownUploads > 0) {
      composer.begin(params, false);
      this.timeline.forEachVisibleItem(params.top, params.top + params.height, composer.visit);
    }
    this.tiles.setPages(textures);
    return composer.end();
  }
}
