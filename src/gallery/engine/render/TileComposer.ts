import { FOCUSED_ITEM_SCALE } from '../../../domain/constants';
import type { FocusModel } from '../interaction/FocusModel';
import type { SelectionModel } from '../selection/SelectionModel';
import { FileSelectionState } from '../selection/types';
import { preferredTier, type TextureCache } from '../texture';
import { rowOf } from '../timeline/geometry';
import type { TimelineModel, VisibleItem } from '../timeline/TimelineModel';
import { LIGHT_GALLERY_COLORS, type GalleryColors } from './colors';
import type { TileRenderer } from './TileRenderer';
import {
  packTileState,
  TILE_FOCUSED,
  TILE_HOVER,
  TILE_PENDING_DELETE,
  TILE_SELECTION_MODE,
} from './tileState';

const LARGE_FADE_MS = 200;
/** More tiles than any screen shows at the smallest zoom; the list never grows past it. */
const MAX_VISIBLE_TILES = 2048;
/**
 * Subtracted from a large request's priority: still above every tile outside the viewport
 * (in-view priorities start at 1e7), below every small one in it.
 */
const LARGE_AFTER_SMALL = 5e6;

/** A tile on screen after the last frame: what the DOM overlays (a11y grid, badges) follow. */
export interface VisibleTile {
  section: number;
  item: number;
  /** Canvas-relative CSS pixels (x includes the grid's left inset). */
  x: number;
  y: number;
  w: number;
  h: number;
  /** FILE_KIND of the file. */
  kind: number;
  /** SPEC §3 per-file state, the range preview included. */
  state: FileSelectionState;
  /** Row over the whole grid (0-based), for aria-rowindex. */
  row: number;
}

export interface FrameParams {
  top: number;
  now: number;
  height: number;
  insetLeft: number;
  dpr: number;
  wantLarge: boolean;
  fastScrolling: boolean;
  /** The user prefers reduced motion: a large tile replaces the small one at once, no fade. */
  instantFades: boolean;
}

/** Neutral parameters: what the composer holds before its first frame. */
export function createFrameParams(): FrameParams {
  return {
    top: 0,
    now: 0,
    height: 1,
    insetLeft: 0,
    dpr: 1,
    wantLarge: false,
    fastScrolling: false,
    instantFades: false,
  };
}

/**
 * Decides how each visible tile looks in a frame: texture layers and the large-tier fade,
 * selection state and flags (check mark, hover, focus), and the list of on-screen tiles for the
 * DOM overlays. The focused tile is drawn last so its 1.15 scale lies over its neighbours.
 * Everything is written into preallocated objects: a frame allocates nothing.
 */
export class TileComposer {
  /** On-screen tiles of the last frame: the first `visibleCount` entries are current. */
  readonly visibleTiles: VisibleTile[] = [];
  visibleCount = 0;
  /** Tiles of the last frame on screen without their small texture: placeholders, grey. */
  untextured = 0;
  /** Large thumbnails are wanted this frame: idle, and no tile was grey in the last one. */
  private sharpen = false;
  /** Grey tiles of the frame before (a first frame counts as grey: nothing is loaded yet). */
  private greyBefore = Number.POSITIVE_INFINITY;
  /** First and last visible (section, item) of the last frame; -1 when none. */
  readonly range = new Int32Array([-1, -1, -1, -1]);
  /** The pointer's tile (hover check mark), or section -1. */
  readonly hover = { section: -1, item: -1 };
  fading = false;
  /** Whether this pass's visits ask the cache for textures (see begin). */
  private requests = true;
  private readonly fadeStart = new Map<string, number>();
  private frame: FrameParams = createFrameParams();
  private selectionMode = false;
  private readonly focusedTile = {
    pending: false,
    x: 0,
    y: 0,
    w: 0,
    h: 0,
    small: -1,
    large: -1,
    aspect: 0,
  };
  private focusedFade = 0;
  private focusedState = 0;

  /** Placeholder and loading tile colours (the theme's; see GalleryEngine.setColors). */
  colors: GalleryColors = { ...LIGHT_GALLERY_COLORS };

  constructor(
    private readonly timeline: TimelineModel,
    private readonly textures: TextureCache,
    private readonly tiles: TileRenderer,
    private readonly selection: SelectionModel,
    private readonly focus: FocusModel,
    /** Files pending server delete, drawn dimmed. */
    private readonly pendingDelete: ReadonlySet<string> = new Set(),
  ) {}

  /**
   * Starts composing a frame. `requests`: whether visits ask the cache for textures (the pass over
   * the margin); false for the screen composed again after the frame's uploads (TilePass), whose
   * tiles the first pass asked for already.
   */
  begin(params: FrameParams, requests = true): void {
    this.frame = params;
    this.requests = requests;
    this.fading = false;
    this.range.fill(-1);
    this.visibleCount = 0;
    // While any tile on screen is grey, every load and upload goes to small thumbnails: a
    // large one takes a frame's whole upload allowance and a loader slot for a 1280-px file.
    this.sharpen = params.wantLarge && this.greyBefore === 0;
    this.untextured = 0;
    this.selectionMode = this.selection.selectionMode;
    this.focusedTile.pending = false;
    this.tiles.begin();
  }

  /**
   * Whether this frame needs a next one: it found tiles, none of them grey, where the last had
   * some grey, so the large thumbnails the screen wants are asked for then. A frame without tiles
   * (the sections not listed yet) asks for none: the sections' arrival draws the next.
   */
  get sharpenNext(): boolean {
    return this.frame.wantLarge && !this.sharpen && this.untextured === 0 && this.visibleCount > 0;
  }

  /** Pushes the focused tile last, on top of the others; returns the instance count. */
  end(): number {
    // A screen without tiles (sections not listed yet) has nothing loaded: it counts as grey.
    const empty = this.visibleCount === 0 && this.untextured === 0;
    this.greyBefore = empty ? Number.POSITIVE_INFINITY : this.untextured;
    const f = this.focusedTile;
    if (f.pending) {
      this.tiles.push(
        f.x,
        f.y,
        f.w,
        f.h,
        f.small,
        f.large,
        this.focusedFade,
        this.colors.loading,
        FOCUSED_ITEM_SCALE,
        this.focusedState,
        f.aspect,
      );
    }
    return this.tiles.end();
  }

  /** An arrow property: passed to the model each frame without binding or allocating. */
  readonly visit = (item: VisibleItem): void => {
    const frame = this.frame;
    const y = item.y - frame.top;
    const inView = y + item.h > 0 && y < frame.height;
    const x = frame.insetLeft + item.x;
    if (item.item < 0) {
      if (!inView) return;
      this.untextured++;
      const state = this.selection.displayState(item.section, item.slot);
      const flags = this.selectionMode ? TILE_SELECTION_MODE : 0;
      this.tiles.push(
        x,
        y,
        item.w,
        item.h,
        -1,
        -1,
        0,
        this.colors.placeholder,
        1,
        packTileState(state, flags),
      );
      return;
    }
    const files = this.timeline.sections[item.section].files!;
    const id = files.ids[item.item];
    // Visible tiles first, nearest the viewport's middle before the rest.
    const priority = (inView ? 1e7 : 0) - Math.abs(y + item.h / 2 - frame.height / 2);
    // On screen, it holds back the prefetch of the margin until the screen is in (TileRequests).
    if (this.requests && !frame.fastScrolling) {
      this.textures.request(id, 'small', priority, inView);
    }
    if (!inView) return;
    if (this.range[0] === -1) {
      this.range[0] = item.section;
      this.range[1] = item.item;
    }
    this.range[2] = item.section;
    this.range[3] = item.item;
    const small = this.textures.layerOf(id, 'small');
    if (small < 0) this.untextured++;
    let large = -1;
    let fade = 0;
    const aspect = files.aspects[item.item];
    if (preferredTier(item.w, item.h, frame.dpr, this.sharpen, aspect) === 'large') {
      // After every small one on screen: no tile stays grey while others sharpen (a large
      // upload takes a frame's whole allowance; at TV size every tile wants one).
      if (this.requests) this.textures.request(id, 'large', priority - LARGE_AFTER_SMALL);
      large = this.textures.layerOf(id, 'large');
      if (large >= 0) fade = this.fadeFor(id);
    } else if (this.fadeStart.has(id)) {
      large = this.textures.layerOf(id, 'large');
      fade = large >= 0 ? 1 : 0;
    }
    const state = this.selection.displayState(item.section, item.item);
    let flags = this.selectionMode ? TILE_SELECTION_MODE : 0;
    if (this.hover.section === item.section && this.hover.item === item.item) flags |= TILE_HOVER;
    if (this.pendingDelete.size > 0 && this.pendingDelete.has(id)) flags |= TILE_PENDING_DELETE;
    this.recordVisible(item, x, y, files.kinds[item.item] ?? 0, state);
    if (this.focus.visible && this.focus.is(item.section, item.item)) {
      const f = this.focusedTile;
      f.pending = true;
      f.x = x;
      f.y = y;
      f.w = item.w;
      f.h = item.h;
      f.small = small;
      f.large = large;
      f.aspect = aspect;
      this.focusedFade = fade;
      this.focusedState = packTileState(state, flags | TILE_FOCUSED);
      return;
    }
    this.tiles.push(
      x,
      y,
      item.w,
      item.h,
      small,
      large,
      fade,
      this.colors.loading,
      1,
      packTileState(state, flags),
      aspect,
    );
  };

  /** The on-screen tile of (section, item) after the last frame, or null. */
  findVisible(section: number, item: number): VisibleTile | null {
    for (let i = 0; i < this.visibleCount; i++) {
      const tile = this.visibleTiles[i];
      if (tile.section === section && tile.item === item) return tile;
    }
    return null;
  }

  private recordVisible(
    item: VisibleItem,
    x: number,
    y: number,
    kind: number,
    state: FileSelectionState,
  ): void {
    if (this.visibleCount >= MAX_VISIBLE_TILES) return;
    const previous = this.visibleCount > 0 ? this.visibleTiles[this.visibleCount - 1] : null;
    const tile = (this.visibleTiles[this.visibleCount] ??= {
      section: 0,
      item: 0,
      x: 0,
      y: 0,
      w: 0,
      h: 0,
      kind: 0,
      state: FileSelectionState.NotSelected,
      row: 0,
    });
    // Tiles come in row order: a tile level with the one before it shares its row.
    if (previous && previous.section === item.section && previous.y === y) {
      tile.row = previous.row;
    } else {
      const rects = this.timeline.rectsOf(item.section);
      const row = rects ? rowOf(rects, item.item) : 0;
      tile.row = this.timeline.rowsBefore(item.section) + row;
    }
    tile.section = item.section;
    tile.item = item.item;
    tile.x = x;
    tile.y = y;
    tile.w = item.w;
    tile.h = item.h;
    tile.kind = kind;
    tile.state = state;
    this.visibleCount++;
  }

  private fadeFor(id: string): number {
    const now = this.frame.now;
    let start = this.fadeStart.get(id);
    if (start === undefined) {
      start = now;
      this.fadeStart.set(id, start);
      // Bounded: forget fades of tiles long gone.
      if (this.fadeStart.size > 4096) this.fadeStart.clear();
    }
    if (this.frame.instantFades) return 1;
    const t = Math.min(1, (now - start) / LARGE_FADE_MS);
    if (t < 1) this.fading = true;
    return t;
  }
}
