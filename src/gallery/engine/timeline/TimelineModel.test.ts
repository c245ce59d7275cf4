import { describe, expect, it, vi } from 'vitest';
import { estimateRowsHeight } from '../layout/estimate';
import type { LayoutEngine } from '../layout/LayoutEngine';
import { DESKTOP_METRICS } from '../gridMetrics';
import type { SectionDescriptor, SectionLayout } from '../types';
import { testDescriptor } from '../testEngine';
import { TimelineModel } from './TimelineModel';
import type { SectionFiles, TimelineSource } from './TimelineSource';

const WIDTH = 1000;
const M = DESKTOP_METRICS;

function filesOf(section: SectionDescriptor): SectionFiles {
  const n = section.counts.pictures + section.counts.videos + section.counts.screenshots;
  return {
    ids: Array.from({ length: n }, (_, i) => `${section.key}-${i}`),
    aspects: new Float32Array(n).fill(1.5),
    times: new Float64Array(n).fill(Date.UTC(section.year, section.month - 1, 15) / 1000),
    kinds: new Uint8Array(n),
    durations: new Float32Array(n),
  };
}

/** A layout that makes every row exactly `rowHeight` high with `perRow` items: easy to reason about. */
function gridLayout(perRow: number, rowHeight: number): LayoutEngine {
  return {
    layout: ({ aspects }) => {
      const n = aspects.length;
      const rects = new Float32Array(n * 4);
      for (let i = 0; i < n; i++) {
        const row = Math.floor(i / perRow);
        rects.set([(i % perRow) * 100, row * (rowHeight + 2), 98, rowHeight], i * 4);
      }
      const rows = Math.ceil(n / perRow);
      const result: SectionLayout = {
        rects,
        rowsHeight: rows ? rows * rowHeight + (rows - 1) * 2 : 0,
        rowCount: rows,
      };
      return Promise.resolve(result);
    },
  };
}

function source(descriptors: SectionDescriptor[], delay?: Promise<void>) {
  const calls: string[] = [];
  const src: TimelineSource = {
    sections: () => Promise.resolve(descriptors),
    files: async (section, signal) => {
      calls.push(section.key);
      await delay;
      if (signal.aborted) throw new DOMException('aborted', 'AbortError');
      return filesOf(section);
    },
  };
  return { src, calls };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A model over `src` with its months loaded (the layout: 8 a row, 180 px high, by default). */
async function loadedModel(
  src: TimelineSource,
  layout: LayoutEngine = gridLayout(8, 180),
  onChange: () => void = vi.fn(),
): Promise<TimelineModel> {
  const model = new TimelineModel({ source: src, layout, metrics: M, width: WIDTH, onChange });
  await model.load(new AbortController().signal);
  return model;
}
describe('TimelineModel', () => {
  const sections = [
    testDescriptor(2024, 3, 40),
    testDescriptor(2024, 2, 400),
    testDescriptor(2024, 1, 12),
    testDescriptor(2023, 12, 0),
  ];

  it('starts with estimated heights from the counts, as float64 prefix sums', async () => {
    const { src } = source(sections);
    const model = await loadedModel(src);
    expect(model.sectionCount).toBe(4);
    const header = M.headerHeight + M.headerGap;
    expect(model.sectionTop(0)).toBe(0);
    expect(model.sectionHeight(0)).toBeCloseTo(
      header + estimateRowsHeight(40, WIDTH, M) + M.groupGap,
    );
    // The last section has no trailing group gap.
    expect(model.sectionHeight(3)).toBeCloseTo(header);
    expect(model.sectionIndexAt(model.sectionTop(2) + 1)).toBe(2);
    expect(model.sectionIndexAt(-5)).toBe(0);
    expect(model.sectionIndexAt(model.totalHeight() + 100)).toBe(3);
  });

  it('loads the sections near the viewport and replaces estimates by exact layouts', async () => {
    const { src, calls } = source(sections);
    const onChange = vi.fn();
    const model = await loadedModel(src, gridLayout(8, 180), onChange);
    model.updateViewport(0, 300, false);
    expect(calls).toEqual(['2024-3']);
    expect(model.sections[0].status).toBe('FETCHING');
    await flush();
    await flush();
    expect(model.sections[0].status).toBe('FETCHED');
    // 40 items, 8 a row: 5 rows of 180 with 2 px between.
    expect(model.sections[0].rowsHeight).toBe(5 * 180 + 4 * 2);
    expect(model.stats()).toMatchObject({ sectionsLoaded: 1, itemsLoaded: 40 });
    expect(onChange).toHaveBeenCalled();
  });

  it('keeps the content under the anchor still when an estimate above it is replaced', async () => {
    const { src } = source(sections);
    const model = await loadedModel(src, gridLayout(2, 300));
    // The viewer looks at section 2; section 0 (above) loads and grows.
    const viewTop = model.sectionTop(2) + 10;
    model.anchor.viewTop = viewTop;
    const before = model.sectionTop(2);
    model.updateViewport(0, 10, false);
    await flush();
    await flush();
    const after = model.sectionTop(2);
    expect(after).not.toBe(before);
    expect(model.anchor.takeShift()).toBeCloseTo(after - before);
    expect(model.anchor.takeShift()).toBe(0);
  });

  it('does not shift for a change below the anchor', async () => {
    const { src } = source(sections);
    const model = await loadedModel(src, gridLayout(2, 300));
    model.anchor.viewTop = 0;
    model.updateViewport(0, 300, false);
    await flush();
    await flush();
    expect(model.anchor.takeShift()).toBe(0);
  });

  it('cancels loads that the viewport left and retries them when it comes back', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { src, calls } = source(sections, gate);
    const model = await loadedModel(src);
    model.updateViewport(0, 100, false);
    expect(model.sections[0].status).toBe('FETCHING');
    model.updateViewport(model.totalHeight() - 50, 50, false);
    expect(model.sections[0].status).toBe('UNFETCHED');
    release();
    await flush();
    expect(model.sections[0].status).toBe('UNFETCHED');
    model.updateViewport(0, 100, false);
    expect(calls.filter((k) => k === '2024-3')).toHaveLength(2);
  });

  it('defers loads while fast-scrolling', async () => {
    const { src, calls } = source(sections);
    const model = await loadedModel(src);
    model.updateViewport(0, 300, true);
    expect(calls).toEqual([]);
  });

  it('visits placeholder tiles for unfetched sections and exact tiles once loaded', async () => {
    const { src } = source(sections);
    const model = await loadedModel(src);
    const seen: number[] = [];
    model.forEachVisibleItem(0, 400, (item) => seen.push(item.item));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((i) => i === -1)).toBe(true);
    model.updateViewport(0, 400, false);
    await flush();
    await flush();
    const exact: { item: number; y: number }[] = [];
    model.forEachVisibleItem(0, 400, ({ item, y }) => exact.push({ item, y }));
    // Rows start below the header: 42 px; rows of 182 px, so two rows (16 items) reach y < 400.
    expect(exact.map((e) => e.item)).toEqual(Array.from({ length: 16 }, (_, i) => i));
    expect(exact[0].y).toBe(M.headerHeight + M.headerGap);
  });

  it('tells the date at a position: the file there once loaded, else the section', async () => {
    const { src } = source(sections);
    const model = await loadedModel(src);
    expect(model.dateAt(model.sectionTop(1) + 50)).toEqual({ year: 2024, month: 2, day: null });
    model.updateViewport(0, 100, false);
    await flush();
    await flush();
    expect(model.dateAt(60)).toEqual({ year: 2024, month: 3, day: 15 });
  });

  it('resets an expired section to UNFETCHED with its new counts', async () => {
    const { src } = source(sections);
    const model = await loadedModel(src);
    model.updateViewport(0, 100, false);
    await flush();
    await flush();
    model.resetSection('2024-3', { pictures: 90, videos: 10, screenshots: 0 });
    expect(model.sections[0]).toMatchObject({ status: 'UNFETCHED', count: 100, rects: null });
    expect(model.sections[0].rowsHeight).toBeCloseTo(estimateRowsHeight(100, WIDTH, M));
  });

  it('re-lays out loaded sections on resize and drops layouts of the old width', async () => {
    const { src } = source(sections);
    const layout = gridLayout(8, 180);
    const spy = vi.spyOn(layout, 'layout');
    const model = await loadedModel(src, layout);
    model.updateViewport(0, 100, false);
    await flush();
    await flush();
    model.resize(600);
    expect(spy).toHaveBeenLastCalledWith(expect.objectContaining({ width: 600 }));
    expect(model.sections[0].rects).not.toBeNull();
  });

  it('gives the layout engine back the rects a relayout replaced, once they are out of the grid', async () => {
    const { src } = source(sections);
    const recycled: Float32Array[] = [];
    const layout: LayoutEngine = {
      ...gridLayout(8, 180),
      recycle: (rects) => recycled.push(rects),
    };
    const model = await loadedModel(src, layout);
    model.updateViewport(0, 100, false);
    await flush();
    await flush();
    const before = model.sections.map((section) => section.rects);
    const laidOut = before.filter((rects) => rects !== null);
    expect(laidOut.length).toBeGreaterThan(0);
    expect(recycled).toEqual([]);
    model.resize(600);
    await flush();
    await flush();
    // Every replaced layout came back, and none that the grid still reads.
    expect(recycled).toHaveLength(laidOut.length);
    for (const rects of recycled) expect(laidOut).toContain(rects);
    for (const section of model.sections) expect(recycled).not.toContain(section.rects);
  });
});
