import { describe, expect, it } from 'vitest';
import type { LayoutEngine } from '../layout/LayoutEngine';
import { DESKTOP_METRICS } from '../gridMetrics';
import { TimelineModel } from './TimelineModel';
import { columnLayout, filesWithIds, monthOf } from './testSections';
import type { SectionHeights, TimelineSource } from './TimelineSource';

// Issue 19: a section's exact height, remembered from an earlier layout at the same width class,
// is its height before its files load again, so nothing below it moves when they do.

const layout: LayoutEngine = {
  layout: ({ aspects }) => Promise.resolve(columnLayout(aspects.length)),
};

function memoryHeights(): SectionHeights & { saved: Map<string, number> } {
  const saved = new Map<string, number>();
  return {
    saved,
    get: (key, count, widthClass) => saved.get(`${key}|${count}|${widthClass}`),
    set: (key, count, widthClass, rowsHeight) =>
      saved.set(`${key}|${count}|${widthClass}`, rowsHeight),
  };
}

function sourceWith(heights: SectionHeights): TimelineSource {
  return {
    heights,
    sections: () => Promise.resolve([monthOf(3, 5), monthOf(2, 7), monthOf(1, 2)]),
    files: (section) =>
      Promise.resolve(
        filesWithIds(
          Array.from({ length: section.counts.pictures }, (_, i) => `${section.key}-${i}`),
        ),
      ),
  };
}

function model(heights: SectionHeights, width = 1000): TimelineModel {
  return new TimelineModel({
    source: sourceWith(heights),
    layout,
    metrics: DESKTOP_METRICS,
    width,
    onChange: () => undefined,
  });
}

describe('TimelineModel remembered heights', () => {
  it('starts a section seen before at its exact height; the layout then moves nothing', async () => {
    const heights = memoryHeights();
    const first = model(heights);
    await first.load(new AbortController().signal);
    await first.loadSections([0, 1, 2], new AbortController().signal);
    const exactTotal = first.totalHeight();
    expect(heights.saved.size).toBe(3);

    const second = model(heights);
    await second.load(new AbortController().signal);
    expect(second.isLoaded(0)).toBe(false);
    expect(second.totalHeight()).toBe(exactTotal);
    await second.loadSections([0, 1, 2], new AbortController().signal);
    expect(second.totalHeight()).toBe(exactTotal);
  });

  it('estimates at another width', async () => {
    const heights = memoryHeights();
    const first = model(heights);
    await first.load(new AbortController().signal);
    await first.loadSections([0, 1, 2], new AbortController().signal);

    const narrower = model(heights, 600);
    await narrower.load(new AbortController().signal);
    const estimated = new TimelineModel({
      source: sourceWith(memoryHeights()),
      layout,
      metrics: DESKTOP_METRICS,
      width: 600,
      onChange: () => undefined,
    });
    await estimated.load(new AbortController().signal);
    expect(narrower.sectionHeight(1)).toBe(estimated.sectionHeight(1));
    expect(narrower.sectionHeight(1)).not.toBe(first.sectionHeight(1));
  });
});
