import { describe, expect, it } from 'vitest';
import type { LayoutEngine } from '../layout/LayoutEngine';
import { DESKTOP_METRICS } from '../gridMetrics';
import { hasEstimateModel } from '../layout/estimate';
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

describe('TimelineModel.setSource and the estimates’ model (issue 34.10)', () => {
  it('builds the model in a task of its own, between the answer’s task and the list’s', async () => {
    const width = 1237; // a width no other test estimates at: its model is not built yet
    const events: string[] = [];
    const timeline = new TimelineModel({
      source: sourceWith(memoryHeights()),
      layout,
      metrics: DESKTOP_METRICS,
      width,
      onChange: () => events.push(`change, ${timeline.sections.length} sections`),
      nextTask: () => {
        events.push(
          `task (model ${hasEstimateModel(width, DESKTOP_METRICS) ? 'built' : 'not built'})`,
        );
        return Promise.resolve();
      },
    });
    await timeline.setSource(sourceWith(memoryHeights()), new AbortController().signal);
    expect(events).toEqual(['task (model not built)', 'task (model built)', 'change, 3 sections']);

    // At a size whose model is built, the list goes on in the answer's task.
    events.length = 0;
    await timeline.setSource(sourceWith(memoryHeights()), new AbortController().signal);
    expect(events).toEqual(['change, 3 sections']);
  });
});
