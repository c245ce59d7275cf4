import { describe, expect, it, vi } from 'vitest';
import { DESKTOP_METRICS } from '../gridMetrics';
import type { LayoutEngine } from '../layout/LayoutEngine';
import { createTestEngine, testFiles } from '../testEngine';
import type { SectionDescriptor } from '../types';
import { columnLayout, filesWithIds, monthOf } from './testSections';
import { TimelineModel } from './TimelineModel';
import type { SectionFiles, TimelineSource } from './TimelineSource';

/*
 * A file removed from the grid (deleted here, or removed elsewhere) must not come back with the
 * answer of a fetch that was already on its way: that answer is the list the server had before
 * the removal. A fetch started after the removal is the server's word (a restore brings the file
 * back).
 */

/** Lays out at once: one item a row. */
const instantLayout: LayoutEngine = {
  layout: (request) => Promise.resolve(columnLayout(request.aspects.length)),
};

/** A source whose file fetches answer when the test says, with the ids it gives. */
function manualSource(descriptors: SectionDescriptor[]) {
  const fetches: { key: string; signal: AbortSignal; answer: (ids: string[]) => void }[] = [];
  const source: TimelineSource = {
    sections: () => Promise.resolve(descriptors),
    files: (section, signal) =>
      new Promise<SectionFiles>((resolve, reject) => {
        fetches.push({ key: section.key, signal, answer: (ids) => resolve(filesWithIds(ids)) });
        signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  };
  return { source, fetches };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** `2024-12:0` … `2024-12:<n-1>`: the ids of the test month of n files. */
const idsOf = (n: number) => Array.from({ length: n }, (_, i) => `2024-12:${i}`);

async function model(descriptors: SectionDescriptor[]) {
  const { source, fetches } = manualSource(descriptors);
  const timeline = new TimelineModel({
    source,
    layout: instantLayout,
    metrics: DESKTOP_METRICS,
    width: 1000,
    onChange: vi.fn(),
  });
  await timeline.load(new AbortController().signal);
  return { timeline, fetches };
}

/** A model whose one month of `n` files is loaded and laid out. */
async function loadedModel(n: number) {
  const built = await model([monthOf(12, n)]);
  built.timeline.updateViewport(0, 100, false);
  built.fetches[0].answer(idsOf(n));
  await flush();
  expect(built.timeline.sectionSize(0)).toBe(n);
  return built;
}

describe('SectionLoader and removed files', () => {
  it('a re-fetch in flight when a file is removed lands without it, its counts one less', async () => {
    const { timeline, fetches } = await loadedModel(5);
    // A file was added elsewhere: the loaded month is fetched again.
    timeline.reconcile([monthOf(12, 6)]);
    expect(fetches).toHaveLength(2);
    // Meanwhile a file is deleted here: it leaves the grid at once.
    expect(timeline.removeFiles(new Set(['2024-12:2']))).toBe(1);
    await flush();
    expect(timeline.sectionSize(0)).toBe(4);
    // Kept while a fetch older than it is on its way.
    expect(timeline.loader.removals.kept).toBe(1);
    // The re-fetch answers with the list the server had before the delete.
    fetches[1].answer([...idsOf(5), '2024-12:new']);
    await flush();
    const section = timeline.sections[0];
    expect(section.files?.ids).toEqual([
      '2024-12:0',
      '2024-12:1',
      '2024-12:3',
      '2024-12:4',
      '2024-12:new',
    ]);
    expect(timeline.sectionSize(0)).toBe(5);
    expect(section.descriptor.counts.pictures).toBe(5);
    expect(timeline.loader.removals.kept).toBe(0);
  });

  it('a viewport fetch in flight when a file is removed lands without it', async () => {
    const { timeline, fetches } = await model([monthOf(12, 5)]);
    timeline.updateViewport(0, 100, false);
    // Not loaded yet: the grid does not know the file.
    expect(timeline.removeFiles(new Set(['2024-12:2']))).toBe(0);
    fetches[0].answer(idsOf(5));
    await flush();
    expect(timeline.sections[0].files?.ids).toEqual([
      '2024-12:0',
      '2024-12:1',
      '2024-12:3',
      '2024-12:4',
    ]);
    expect(timeline.sectionSize(0)).toBe(4);
    expect(timeline.sections[0].descriptor.counts.pictures).toBe(4);
  });

  it('a direct load in flight when a file is removed lands without it', async () => {
    const { timeline, fetches } = await model([monthOf(12, 5)]);
    const loading = timeline.loadSections([0], new AbortController().signal);
    await flush();
    expect(fetches).toHaveLength(1);
    timeline.removeFiles(new Set(['2024-12:0']));
    fetches[0].answer(idsOf(5));
    await loading;
    expect(timeline.isLaidOut(0)).toBe(true);
    expect(timeline.sections[0].files?.ids).toEqual(idsOf(5).slice(1));
    expect(timeline.sections[0].descriptor.counts.pictures).toBe(4);
  });

  it('a month whose only file was removed while its fetch was in flight goes', async () => {
    const { timeline, fetches } = await model([monthOf(12, 1), monthOf(11, 3)]);
    timeline.updateViewport(0, 100, false);
    timeline.removeFiles(new Set(['2024-12:0']));
    fetches.find((f) => f.key === '2024-12')!.answer(['2024-12:0']);
    await flush();
    expect(timeline.sections.map((s) => s.descriptor.key)).toEqual(['2024-11']);
  });

  it('a fetch started after the removal is the server’s word: a restored file comes back', async () => {
    const { timeline, fetches } = await loadedModel(5);
    timeline.removeFiles(new Set(['2024-12:2']));
    await flush();
    expect(timeline.sectionSize(0)).toBe(4);
    // No fetch was on its way: nothing to keep.
    expect(timeline.loader.removals.kept).toBe(0);
    // Restored (undo): a new listing counts it again, and the month is fetched again.
    timeline.reconcile([monthOf(12, 5)]);
    expect(fetches).toHaveLength(2);
    fetches[1].answer(idsOf(5));
    await flush();
    expect(timeline.sections[0].files?.ids).toEqual(idsOf(5));
    expect(timeline.sections[0].descriptor.counts.pictures).toBe(5);
  });

  it('a fetch from before the removal is still filtered after a restore; the restore’s own fetch brings the file back', async () => {
    const { timeline, fetches } = await loadedModel(5);
    timeline.reconcile([monthOf(12, 6)]);
    timeline.removeFiles(new Set(['2024-12:2']));
    // The old re-fetch answers (with the file): still without it.
    fetches[1].answer([...idsOf(5), '2024-12:new']);
    await flush();
    expect(timeline.sections[0].files?.ids).not.toContain('2024-12:2');
    // Restored: listed again after the removal, fetched again, back.
    timeline.reconcile([monthOf(12, 6)]);
    fetches[2].answer([...idsOf(5), '2024-12:new']);
    await flush();
    expect(timeline.sections[0].files?.ids).toContain('2024-12:2');
    expect(timeline.sectionSize(0)).toBe(6);
  });
});

describe('GalleryEngine.refresh and removed files', () => {
  it('a listing from before a removal does not bring the file back through the re-fetch it starts', async () => {
    const t = await createTestEngine([20]);
    await t.engine.timeline.loadSections([0], new AbortController().signal);
    const month = t.engine.timeline.sections[0].descriptor;
    const listings: ((sections: SectionDescriptor[]) => void)[] = [];
    const stale = testFiles(month);
    t.engine.timeline.source = {
      sections: () => new Promise<SectionDescriptor[]>((resolve) => listings.push(resolve)),
      // The month's files as they were before the delete (a copy kept for these counts).
      files: () => Promise.resolve(stale),
    };
    const refreshing = t.engine.refresh();
    // The listing is on its way when a file is deleted.
    expect(t.engine.removeFiles(['2024-12:3'])).toBe(1);
    await t.settle();
    expect(t.engine.timeline.sectionSize(0)).toBe(19);
    // It still counts the deleted file: the month is fetched again, and that answer has it too.
    listings[0]([month]);
    await refreshing;
    await t.settle();
    expect(t.engine.timeline.sections[0].files?.ids).not.toContain('2024-12:3');
    expect(t.engine.timeline.sectionSize(0)).toBe(19);
  });
});
