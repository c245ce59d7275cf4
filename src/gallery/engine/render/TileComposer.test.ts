import { describe, expect, it } from 'vitest';
import { FOCUSED_ITEM_SCALE } from '../../../domain/constants';
import { FileSelectionState } from '../selection/types';
import { createTestEngine } from '../testEngine';
import { flush } from '../texture/testing';
import { FILE_KIND } from '../timeline/TimelineSource';
import { packTileState, TILE_FOCUSED, unpackTileState } from './tileState';

type TestEngine = Awaited<ReturnType<typeof createTestEngine>>['engine'];

/** The instance drawn at canvas (x, y): its packed state and scale. */
function instanceAt(engine: TestEngine, x: number, y: number) {
  const rects = engine.tiles.mesh.geometry.getAttribute('aRect').array as Float32Array;
  for (let i = engine.tiles.instanceCount - 1; i >= 0; i--) {
    if (rects[i * 4] === x && rects[i * 4 + 1] === y) {
      return {
        index: i,
        ...unpackTileState(engine.tiles.stateAt(i)),
        scale: engine.tiles.scaleAt(i),
      };
    }
  }
  return null;
}

// squareLayout at 1000 px: 5 tiles of 180 a row; section 0's rows start at y 42.
const col = (i: number) => (i % 5) * 182;
const row = (i: number) => 42 + Math.floor(i / 5) * 182;

describe('selection rendering state', () => {
  it('packs the SPEC §3 state and the flags into one float and back', () => {
    const packed = packTileState(FileSelectionState.ToBeDeselected, TILE_FOCUSED);
    expect(unpackTileState(packed)).toEqual({
      selection: FileSelectionState.ToBeDeselected,
      hover: false,
      selectionMode: false,
      focused: true,
      pendingDelete: false,
    });
  });

  it('draws selected, previewed, hovered and selection-mode tiles with their states', async () => {
    const { engine, frame } = await createTestEngine([12, 12, 12]);
    expect(instanceAt(engine, col(0), row(0))).toMatchObject({
      selection: FileSelectionState.NotSelected,
      selectionMode: false,
      hover: false,
    });
    engine.selection.set(0, 1, true);
    engine.composer.hover.section = 0;
    engine.composer.hover.item = 3;
    frame();
    expect(instanceAt(engine, col(1), row(1))).toMatchObject({
      selection: FileSelectionState.Selected,
      selectionMode: true,
    });
    expect(instanceAt(engine, col(3), row(3))).toMatchObject({ hover: true, selectionMode: true });
    expect(instanceAt(engine, col(0), row(0))).toMatchObject({ hover: false, selectionMode: true });
    // Shift-hover from the anchor (0, 1) to (0, 6): a preview, then deselection mode.
    engine.selection.previewRange({ section: 0, item: 1 }, { section: 0, item: 6 });
    frame();
    expect(instanceAt(engine, col(6), row(6))?.selection).toBe(FileSelectionState.ToBeSelected);
    expect(instanceAt(engine, col(1), row(1))?.selection).toBe(FileSelectionState.Selected);
    await engine.selection.selectRange({ section: 0, item: 1 }, { section: 0, item: 6 });
    engine.selection.previewRange({ section: 0, item: 6 }, { section: 0, item: 2 });
    frame();
    expect(instanceAt(engine, col(2), row(2))?.selection).toBe(FileSelectionState.ToBeDeselected);
    expect(engine.composer.findVisible(0, 2)?.state).toBe(FileSelectionState.ToBeDeselected);
  });

  it('draws the visible focused tile last, scaled 1.15, with the focus flag', async () => {
    const { engine, frame } = await createTestEngine([12, 12]);
    engine.focus.set({ section: 0, item: 2 }, true);
    frame();
    const focused = instanceAt(engine, col(2), row(0));
    expect(focused?.focused).toBe(true);
    expect(focused?.scale).toBeCloseTo(FOCUSED_ITEM_SCALE, 5);
    expect(focused?.index).toBe(engine.tiles.instanceCount - 1);
    // A pointer user's focus is not drawn.
    engine.focus.setVisible(false);
    frame();
    expect(instanceAt(engine, col(2), row(0))).toMatchObject({ focused: false, scale: 1 });
  });

  it('lists the tiles on screen with kind, row and state for the DOM overlays', async () => {
    const { engine, frame } = await createTestEngine([12, 12]);
    engine.selection.set(0, 4, true);
    frame();
    const tiles = engine.composer.visibleTiles.slice(0, engine.composer.visibleCount);
    expect(tiles[0]).toMatchObject({ section: 0, item: 0, x: 0, y: 42, w: 180, h: 180, row: 0 });
    expect(tiles[4]).toMatchObject({ kind: FILE_KIND.video, state: FileSelectionState.Selected });
    expect(tiles[5].row).toBe(1);
    expect(tiles.every((t) => t.y + t.h > 0 && t.y < 800)).toBe(true);
    // Section 1's first row follows section 0's three rows.
    expect(tiles.find((t) => t.section === 1)?.row).toBe(3);
  });

  it('draws unloaded sections as placeholders that still show a selection', async () => {
    const sizes = Array.from({ length: 40 }, () => 30);
    const { engine, frame } = await createTestEngine(sizes);
    engine.selection.selectAll();
    engine.scroll.scrollTo(engine.timeline.sectionTop(30));
    frame();
    expect(engine.timeline.isLoaded(30)).toBe(false);
    const states = Array.from({ length: engine.tiles.instanceCount }, (_, i) =>
      unpackTileState(engine.tiles.stateAt(i)),
    );
    expect(states.length).toBeGreaterThan(0);
    expect(states.every((s) => s.selection === FileSelectionState.Selected)).toBe(true);
  });
});

describe('large tier fade', () => {
  /** The fade of tile 0 after its large thumbnail arrives and `ms` pass. */
  async function fadeAfter(reducedMotion: boolean, ms: number) {
    const { engine, clock, gpu, loader, settle } = await createTestEngine([10]);
    // DPR 2: the 180 px tiles show 360 device pixels, past the small tier.
    engine.resize(1000, 800, 2);
    engine.setReducedMotion(reducedMotion);
    // Every small thumbnail first: the large loads queue behind them.
    for (let round = 0; round < 4; round++) {
      await settle();
      for (const call of loader.running()) if (call.tier === 'small') call.resolve();
    }
    await settle();
    loader.resolve('2024-12:0', 'large');
    await settle();
    clock.advance(ms);
    engine.frame(gpu.renderer, clock.now());
    const tile = instanceAt(engine, col(0), row(0))!;
    return { fade: engine.tiles.fadeAt(tile.index), fading: engine.composer.fading };
  }

  it('fades the large tile in over 200 ms', async () => {
    const early = await fadeAfter(false, 50);
    expect(early.fade).toBeGreaterThan(0);
    expect(early.fade).toBeLessThan(1);
    expect(early.fading).toBe(true);
    expect((await fadeAfter(false, 250)).fade).toBe(1);
  });

  it('shows it at once when the user prefers reduced motion', async () => {
    const reduced = await fadeAfter(true, 0);
    expect(reduced.fade).toBe(1);
    expect(reduced.fading).toBe(false);
  });
});

describe('every tile gets its small thumbnail before any gets its large (issue 20 fault 6)', () => {
  it('loads the screen’s small tiles first at DPR 2 and counts the grey ones', async () => {
    const { engine, loader, frame, settle } = await createTestEngine([60]);
    engine.resize(1000, 800, 2); // every tile wants its large thumbnail too
    await settle();
    frame();
    const onScreen = engine.snapshot().tiles;
    expect(onScreen).toBeGreaterThan(6);
    expect(engine.snapshot().untexturedTiles).toBe(onScreen);
    // The loads start most urgent first: none of the first is a large one.
    expect(loader.calls.length).toBeGreaterThan(0);
    expect(loader.calls.map((call) => call.tier)).not.toContain('large');
    for (let round = 0; round < 20 && engine.snapshot().untexturedTiles > 0; round++) {
      for (const call of loader.running()) if (call.tier === 'small') call.resolve();
      await settle();
      frame();
    }
    expect(engine.snapshot().untexturedTiles).toBe(0);
  });
});

describe('the frames after uploads (issue 20 fault 6)', () => {
  it('keeps drawing until the uploads show and the large tier is asked for, then rests', async () => {
    const { engine, loader, frame, settle } = await createTestEngine([10]);
    engine.resize(1000, 800, 2); // the tiles want their large thumbnails when idle
    await settle();
    // Every small thumbnail decodes with no frame drawn meanwhile (loads start as others end).
    for (let round = 0; round < 4; round++) {
      for (const call of loader.running()) if (call.tier === 'small') call.resolve();
      await flush();
    }
    expect(engine.snapshot().untexturedTiles).toBeGreaterThan(0);
    /** What a demand-driven render loop does: a frame, and more only while one asks. */
    const untilRest = () => {
      let frames = 1;
      while (frame() && frames < 50) frames++;
      return frames;
    };
    untilRest();
    // Every small thumbnail is drawn (not only uploaded), and then the large ones are wanted.
    expect(engine.snapshot().untexturedTiles).toBe(0);
    expect(loader.calls.some((call) => call.tier === 'large')).toBe(true);
    expect(untilRest()).toBe(1); // idle stays idle
  });
});

describe('the tier follows the tile in device pixels (issue 34.10)', () => {
  /** Resolves every small load until none runs; returns the tiers asked for tile 0. */
  async function tiersOfFirstTile(
    engine: TestEngine,
    loader: Awaited<ReturnType<typeof createTestEngine>>['loader'],
    settle: () => Promise<void>,
  ) {
    for (let round = 0; round < 20; round++) {
      const small = loader.running().filter((call) => call.tier === 'small');
      if (small.length === 0 && engine.snapshot().untexturedTiles === 0) break;
      for (const call of small) call.resolve();
      await settle();
    }
    return loader.calls.filter((call) => call.fileId === '2024-12:0').map((call) => call.tier);
  }

  it('upgrades a tile to the large tier when a resize raises its device pixels', async () => {
    const { engine, loader, settle } = await createTestEngine([10]);
    // 180 px square tiles of square pictures at DPR 1: the small thumbnail covers them.
    expect(await tiersOfFirstTile(engine, loader, settle)).toEqual(['small']);
    engine.resize(1000, 800, 2);
    await settle();
    expect(await tiersOfFirstTile(engine, loader, settle)).toEqual(['small', 'large']);
  });

  it('asks a cropped panorama’s large thumbnail at DPR 1, and not its square neighbours’', async () => {
    const { engine, loader, settle } = await createTestEngine([10]);
    // Tile 0 holds a 10:1 panorama: drawn 1,800 px wide in its 180 px square, cropped.
    engine.timeline.sections[0].files!.aspects[0] = 10;
    engine.invalidate();
    expect(await tiersOfFirstTile(engine, loader, settle)).toEqual(['small', 'large']);
    const large = loader.calls.filter((call) => call.tier === 'large').map((call) => call.fileId);
    expect(large).toEqual(['2024-12:0']);
  });
});
