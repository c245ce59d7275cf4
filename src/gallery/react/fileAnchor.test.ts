import { describe, expect, it } from 'vitest';
import { createTestEngine, TEST_HEIGHT } from '../engine/testEngine';
import {
  fileAnchorAt,
  revealAnchor,
  topTileIndex,
  watchTopFile,
  type FileAnchor,
} from './fileAnchor';

const tile = (x: number, y: number, h = 100) => ({ x, y, h });

describe('topTileIndex: the file at the top of the viewport', () => {
  it('is the highest tile starting inside the viewport, the leftmost of its row', () => {
    // A row cut by the top edge, then a full row (given right to left), then one lower.
    const tiles = [tile(0, -50), tile(100, -50), tile(200, 60), tile(0, 60), tile(0, 170)];
    expect(topTileIndex(tiles, tiles.length)).toBe(3);
  });

  it('takes a tile at exactly the top edge', () => {
    expect(topTileIndex([tile(0, -1), tile(0, 0), tile(0, 101)], 3)).toBe(1);
  });

  it('reads only the first `count` tiles (the rest are stale entries of the pool)', () => {
    const tiles = [tile(0, 200), tile(0, 10)];
    expect(topTileIndex(tiles, 1)).toBe(0);
  });

  it('falls back to the tile reaching furthest down when every tile starts above the top', () => {
    expect(topTileIndex([tile(0, -900, 1000), tile(100, -300, 1200)], 2)).toBe(1);
  });

  it('is -1 with nothing on screen', () => {
    expect(topTileIndex([tile(0, 10)], 0)).toBe(-1);
  });
});

describe('watchTopFile and revealAnchor', () => {
  it('a new engine at the top comes back to the file another one had at its top', async () => {
    const sizes = [40, 40, 40, 40, 40, 40];
    const first = await createTestEngine(sizes);
    let seen: FileAnchor | null = null;
    const stop = watchTopFile(first.engine, (fileId, sectionKey, offset) => {
      seen = { fileId, sectionKey, offset };
    });
    first.engine.scroll.scrollTo(first.engine.scroll.contentHeight * 0.6);
    await first.settle();
    stop();
    expect(seen).not.toBeNull();
    const anchor = seen as unknown as FileAnchor;
    // Far down: not a file of the first section, which a fresh engine shows.
    expect(anchor.sectionKey).not.toBe('2024-12');
    expect(anchor.offset).toBeGreaterThanOrEqual(0);
    expect(anchor.offset).toBeLessThan(TEST_HEIGHT);

    const second = await createTestEngine(sizes);
    expect(second.engine.scroll.position).toBe(0);
    await expect(revealAnchor(second.engine, anchor, new AbortController().signal)).resolves.toBe(
      true,
    );
    await second.settle();
    let back: FileAnchor | null = null;
    watchTopFile(second.engine, (fileId, sectionKey, offset) => {
      back = { fileId, sectionKey, offset };
    });
    second.engine.invalidate();
    second.frame();
    expect(back).toEqual(anchor);
    expect(second.engine.focus.position).not.toBeNull();
  });

  it('comes back before the scroll has learned the grid’s height (sections listed since the last frame)', async () => {
    const sizes = [40, 40, 40, 40, 40, 40];
    const first = await createTestEngine(sizes);
    first.engine.scroll.scrollTo(first.engine.scroll.contentHeight * 0.6);
    await first.settle();
    const place = first.engine.scroll.position;
    const anchor = fileAnchorAt(first.engine, first.engine.snapshot().visibleRange.first)!;

    const second = await createTestEngine(sizes);
    // As on a page just listed: the scroll still has the height of an empty grid.
    second.engine.scroll.setContentHeight(second.engine.viewportHeight);
    await expect(revealAnchor(second.engine, anchor, new AbortController().signal)).resolves.toBe(
      true,
    );
    expect(place).toBeGreaterThan(0);
    expect(second.engine.scroll.position).toBeCloseTo(place, 0);
  });

  it('reports a change only when the top file or its place changed', async () => {
    const { engine, frame, settle } = await createTestEngine([40, 40, 40]);
    const calls: string[] = [];
    watchTopFile(engine, (fileId, _key, offset) => calls.push(`${fileId}@${offset}`));
    frame();
    frame();
    expect(calls).toHaveLength(1);
    engine.scroll.scrollTo(30);
    await settle();
    expect(calls.length).toBeGreaterThan(1);
    expect(calls.at(-1)).not.toBe(calls[0]);
  });

  it('moves nothing when the section or the file is gone', async () => {
    const { engine } = await createTestEngine([40, 40]);
    const signal = new AbortController().signal;
    const gone = { fileId: '2024-12:3', sectionKey: '1999-1', offset: 0 };
    await expect(revealAnchor(engine, gone, signal)).resolves.toBe(false);
    const removed = { fileId: '2024-11:999', sectionKey: '2024-11', offset: 0 };
    await expect(revealAnchor(engine, removed, signal)).resolves.toBe(false);
    expect(engine.scroll.position).toBe(0);
  });

  it('fileAnchorAt: an opened file with its tile top now', async () => {
    const { engine } = await createTestEngine([40]);
    const anchor = fileAnchorAt(engine, { section: 0, item: 9 });
    expect(anchor?.fileId).toBe('2024-12:9');
    expect(anchor?.sectionKey).toBe('2024-12');
    const rect = { x: 0, y: 0, w: 0, h: 0 };
    engine.actions.tileRect(0, 9, rect);
    expect(anchor?.offset).toBe(rect.y);
    expect(fileAnchorAt(engine, { section: 5, item: 0 })).toBeNull();
  });
});
