import { afterEach, describe, expect, it } from 'vitest';
import type { GalleryEngine } from '../engine/GalleryEngine';
import { DESKTOP_METRICS } from '../engine/gridMetrics';
import { createTestEngine, TEST_HEIGHT, TEST_WIDTH } from '../engine/testEngine';
import { AnchorKeeper } from './anchorKeeper';
import { topTileIndex, type FileAnchor } from './fileAnchor';

const SIZES = [40, 40, 40, 40, 40, 40];

/** The app's store, by job, in memory. */
const kept = new Map<string, FileAnchor>();
const lastSeenOf = (jobId: string) => kept.get(jobId) ?? null;
const storeFor = (jobId: string) => ({
  saved: () => lastSeenOf(jobId),
  keep: (anchor: FileAnchor) => kept.set(jobId, anchor),
});

afterEach(() => kept.clear());

/** The grid shown and scrolled to `at` (a share of its height), then left. */
async function visit(jobId: string, at: number) {
  const page = await createTestEngine(SIZES);
  const tracker = new AnchorKeeper(page.engine, storeFor(jobId));
  const leave = tracker.watch();
  tracker.restoreOnce();
  await page.settle();
  page.engine.scroll.scrollTo(page.engine.scroll.contentHeight * at);
  await page.settle();
  return { ...page, tracker, leave };
}

/** The file drawn at the top of the grid now (the anchor choice over its on-screen tiles). */
function topFileOf(engine: GalleryEngine): string {
  const { composer, timeline } = engine;
  const top = composer.visibleTiles[topTileIndex(composer.visibleTiles, composer.visibleCount)];
  return timeline.fileId(top.section, top.item);
}

describe('AnchorKeeper (a grid page coming back where it was)', () => {
  it('keeps the top file when the page goes and brings it back on the next visit', async () => {
    const first = await visit('album-1', 0.5);
    const top = topFileOf(first.engine);
    expect(top.startsWith('2024-12')).toBe(false);
    first.leave();
    expect(lastSeenOf('album-1')?.fileId).toBe(top);

    const again = await createTestEngine(SIZES);
    const tracker = new AnchorKeeper(again.engine, storeFor('album-1'));
    tracker.watch();
    tracker.restoreOnce();
    await again.settle();
    expect(topFileOf(again.engine)).toBe(top);
  });

  it('starts at the top for a job not seen in this session', async () => {
    await visit('album-1', 0.5).then((page) => page.leave());
    const other = await createTestEngine(SIZES);
    const tracker = new AnchorKeeper(other.engine, storeFor('album-2'));
    tracker.watch();
    tracker.restoreOnce();
    await other.settle();
    expect(other.engine.scroll.position).toBe(0);
  });

  it('brings it back once: a later load (a filter) does not scroll again', async () => {
    await visit('album-1', 0.5).then((page) => page.leave());
    const again = await createTestEngine(SIZES);
    const tracker = new AnchorKeeper(again.engine, storeFor('album-1'));
    tracker.watch();
    tracker.restoreOnce();
    await again.settle();
    again.engine.scroll.scrollTo(0);
    tracker.restoreOnce();
    await again.settle();
    expect(again.engine.scroll.position).toBe(0);
  });

  it('keeps the file just opened until the grid scrolls', async () => {
    const page = await visit('album-1', 0.5);
    const { section, item } =
      page.engine.composer.visibleTiles[page.engine.composer.visibleCount - 1];
    const opened = page.engine.timeline.fileId(section, item);
    expect(opened).not.toBe(topFileOf(page.engine));
    page.tracker.opened({ section, item });
    // Frames drawn under the viewer move nothing: the opened file stays the one.
    page.engine.invalidate();
    await page.settle();
    page.leave();
    expect(lastSeenOf('album-1')?.fileId).toBe(opened);
  });

  it('left before the earlier place came back: that place stays', async () => {
    await visit('album-1', 0.5).then((page) => page.leave());
    const before = lastSeenOf('album-1');
    expect(before?.sectionKey).not.toBe('2024-12');
    // The first month shows at the top; the kept one's never answers.
    const again = await createTestEngine(SIZES, { holdSections: [1, 2, 3, 4, 5] });
    const tracker = new AnchorKeeper(again.engine, storeFor('album-1'));
    const leave = tracker.watch();
    const abort = tracker.restoreOnce();
    await again.settle();
    expect(topFileOf(again.engine)).toBe('2024-12:0');
    abort();
    leave();
    expect(lastSeenOf('album-1')).toEqual(before);
  });

  it('waits for the view to have its size before it brings the place back', async () => {
    await visit('album-1', 0.5).then((page) => page.leave());
    const saved = lastSeenOf('album-1');
    const again = await createTestEngine(SIZES);
    // Listed before the view has its size (a fast load): as an engine not yet resized.
    (again.engine as unknown as { view: { sized: boolean } }).view.sized = false;
    const keeper = new AnchorKeeper(again.engine, storeFor('album-1'));
    keeper.watch();
    keeper.restoreOnce();
    await again.settle();
    expect(again.engine.scroll.position).toBe(0);
    again.engine.resize(TEST_WIDTH, TEST_HEIGHT, 1, DESKTOP_METRICS);
    await again.settle();
    expect(topFileOf(again.engine)).toBe(saved?.fileId);
  });

  it('gone right after the reveal, before any frame: the revealed place is kept', async () => {
    await visit('album-1', 0.5).then((page) => page.leave());
    const saved = lastSeenOf('album-1');
    const again = await createTestEngine(SIZES);
    const keeper = new AnchorKeeper(again.engine, storeFor('album-1'));
    const leave = keeper.watch();
    // A frame at the top first: the top file then is the first one.
    again.engine.invalidate();
    again.frame();
    keeper.restoreOnce();
    await expect.poll(() => again.engine.scroll.position).toBeGreaterThan(0);
    leave();
    expect(lastSeenOf('album-1')).toEqual(saved);
  });
});
