import { describe, expect, it } from 'vitest';
import type { GalleryEngine } from '../GalleryEngine';
import { TILE_PENDING_DELETE, unpackTileState } from '../render/tileState';
import { createTestEngine, testDescriptors } from '../testEngine';
import type { SectionDescriptor } from '../types';

const signal = () => new AbortController().signal;

/** Screen y of a file's tile after the last frame, or null when it is not on screen. */
function screenY(engine: GalleryEngine, id: string): number | null {
  const { composer, timeline } = engine;
  for (let i = 0; i < composer.visibleCount; i++) {
    const tile = composer.visibleTiles[i];
    if (timeline.fileId(tile.section, tile.item) === id) return tile.y;
  }
  return null;
}

function firstWholeTileId(engine: GalleryEngine): string {
  const { composer, timeline } = engine;
  for (let i = 0; i < composer.visibleCount; i++) {
    const tile = composer.visibleTiles[i];
    if (tile.y >= 0) return timeline.fileId(tile.section, tile.item);
  }
  throw new Error('no tile on screen');
}

function withCount(descriptor: SectionDescriptor, pictures: number): SectionDescriptor {
  return { ...descriptor, counts: { pictures, videos: 0, screenshots: 0 } };
}

describe('TimelineModel changes in place', () => {
  it('removing files of a section above the viewport keeps what is on screen where it was', async () => {
    const t = await createTestEngine([20, 20, 20, 20]);
    await t.engine.timeline.loadSections([0, 1, 2, 3], signal());
    t.engine.scroll.scrollTo(t.engine.timeline.sectionTop(2) + 100, { animate: false });
    await t.settle();
    const id = firstWholeTileId(t.engine);
    const before = screenY(t.engine, id);
    const heightBefore = t.engine.timeline.sectionHeight(0);

    // Six pictures of the first month (every fifth test file is a video): 20 → 14, a row fewer.
    const removed = ['2024-12:0', '2024-12:3', '2024-12:5', '2024-12:7', '2024-12:8', '2024-12:11'];
    expect(t.engine.removeFiles(removed)).toBe(6);
    await t.settle();

    expect(t.engine.timeline.sectionSize(0)).toBe(14);
    expect(t.engine.timeline.sectionHeight(0)).toBeLessThan(heightBefore);
    expect(t.engine.timeline.sections[0].descriptor.counts.pictures).toBe(14);
    expect(screenY(t.engine, id)).toBe(before);
  });

  it('removing files in the section under the viewport top keeps the top file in place', async () => {
    const t = await createTestEngine([10, 60, 10]);
    await t.engine.timeline.loadSections([0, 1, 2], signal());
    // Into the middle of the 60-file month: its first rows are above the viewport.
    t.engine.scroll.scrollTo(t.engine.timeline.sectionTop(1) + 600, { animate: false });
    await t.settle();
    const id = firstWholeTileId(t.engine);
    const before = screenY(t.engine, id);
    // Its first ten files (two rows, above the top) go.
    const ids = Array.from({ length: 10 }, (_, i) => `2024-11:${i}`);
    expect(t.engine.removeFiles(ids)).toBe(10);
    await t.settle();
    expect(t.engine.timeline.sectionSize(1)).toBe(50);
    expect(screenY(t.engine, id)).toBe(before);
  });

  it('a section left empty goes, and the months after it move up when the view is at the top', async () => {
    const t = await createTestEngine([3, 20, 20]);
    await t.engine.timeline.loadSections([0, 1, 2], signal());
    await t.settle();
    expect(t.engine.removeFiles(['2024-12:0', '2024-12:1', '2024-12:2'])).toBe(3);
    await t.settle();
    expect(t.engine.timeline.sectionCount).toBe(2);
    expect(t.engine.timeline.sections[0].descriptor.key).toBe('2024-11');
    expect(t.engine.scroll.position).toBe(0);
  });

  it('a month that appears above the viewport does not move what is on screen', async () => {
    const t = await createTestEngine([20, 20, 20]);
    await t.engine.timeline.loadSections([0, 1, 2], signal());
    t.engine.scroll.scrollTo(t.engine.timeline.sectionTop(1) + 50, { animate: false });
    await t.settle();
    const id = firstWholeTileId(t.engine);
    const before = screenY(t.engine, id);
    const current = t.engine.timeline.sections.map((s) => s.descriptor);
    const newer: SectionDescriptor = {
      ...testDescriptors([7])[0],
      key: '2025-1',
      year: 2025,
      month: 1,
    };
    t.engine.reconcile([newer, ...current]);
    await t.settle();
    expect(t.engine.timeline.sectionCount).toBe(4);
    expect(screenY(t.engine, id)).toBe(before);
  });

  it('a loaded month whose counts changed is fetched again and swapped in place', async () => {
    const t = await createTestEngine([20, 20]);
    await t.engine.timeline.loadSections([0, 1], signal());
    await t.settle();
    const fetchedBefore = t.fetched.filter((key) => key === '2024-11').length;
    const current = t.engine.timeline.sections.map((s) => s.descriptor);
    t.engine.reconcile([current[0], withCount(current[1], 23)]);
    // Until the new files are laid out, the old ones show.
    expect(t.engine.timeline.sectionSize(1)).toBe(20);
    await t.settle();
    expect(t.fetched.filter((key) => key === '2024-11').length).toBe(fetchedBefore + 1);
    expect(t.engine.timeline.sectionSize(1)).toBe(23);
    expect(t.engine.timeline.sections[1].descriptor.counts.pictures).toBe(23);
  });

  it('unchanged sections keep their files and layout objects', async () => {
    const t = await createTestEngine([20, 20]);
    await t.engine.timeline.loadSections([0, 1], signal());
    await t.settle();
    const [first, second] = t.engine.timeline.sections;
    t.engine.reconcile(t.engine.timeline.sections.map((s) => ({ ...s.descriptor })));
    expect(t.engine.timeline.sections[0]).toBe(first);
    expect(t.engine.timeline.sections[1]).toBe(second);
  });

  it('the selection follows its files when positions move', async () => {
    const t = await createTestEngine([4, 20, 20]);
    await t.engine.timeline.loadSections([0, 1, 2], signal());
    await t.settle();
    t.engine.selection.set(1, 5, true);
    t.engine.selection.set(2, 0, true);
    t.engine.removeFiles(['2024-11:0', '2024-11:1', '2024-12:3']);
    await t.settle();
    expect(t.engine.selection.selectedIds().sort()).toEqual(['2024-10:0', '2024-11:5']);
    expect(t.engine.selection.isSelected(1, 3)).toBe(true);
    // A whole section removed: the later sections' selection moves up with them.
    t.engine.removeFiles(['2024-12:0', '2024-12:1', '2024-12:2']);
    await t.settle();
    expect(t.engine.timeline.sectionCount).toBe(2);
    expect(t.engine.selection.selectedIds().sort()).toEqual(['2024-10:0', '2024-11:5']);
  });

  it('files pending server delete are drawn with their flag until they come back', async () => {
    const t = await createTestEngine([20]);
    await t.settle();
    t.engine.setPendingDelete(['2024-12:0'], true);
    t.frame();
    const stateOf = (slot: number) => unpackTileState(t.engine.tiles.stateAt(slot));
    expect(stateOf(0).pendingDelete).toBe(true);
    expect(stateOf(1).pendingDelete).toBe(false);
    t.engine.setPendingDelete(['2024-12:0'], false);
    t.frame();
    expect(stateOf(0).pendingDelete).toBe(false);
    expect(TILE_PENDING_DELETE).toBe(32);
  });

  it('a new source replaces the sections and clears the selection', async () => {
    const t = await createTestEngine([20, 20]);
    t.engine.selection.set(0, 1, true);
    const descriptors = testDescriptors([5]);
    await t.engine.setSource(
      {
        sections: () => Promise.resolve(descriptors),
        files: () => Promise.reject(new Error('not needed')),
      },
      signal(),
    );
    expect(t.engine.timeline.sectionCount).toBe(1);
    expect(t.engine.selection.count).toBe(0);
    expect(t.engine.scroll.position).toBe(0);
  });
});
