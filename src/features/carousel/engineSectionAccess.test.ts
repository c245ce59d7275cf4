import { describe, expect, it } from 'vitest';
import {
  DESKTOP_METRICS,
  GalleryEngine,
  type SectionDescriptor,
  type SectionFiles,
} from '../../gallery';
import { engineSectionAccess } from './engineSectionAccess';
import { sectionedSource } from './sectionedSource';

const MONTH: SectionDescriptor = {
  key: '2024-12',
  year: 2024,
  month: 12,
  startDay: 1,
  endDay: 31,
  counts: { pictures: 12, videos: 0, screenshots: 0 },
};

const IDS = Array.from({ length: 12 }, (_, i) => `f${i}`);

const FILES: SectionFiles = {
  ids: IDS,
  aspects: new Float32Array(12).fill(1),
  times: new Float64Array(12),
  kinds: new Uint8Array(12),
  durations: new Float32Array(12),
};

/** A headless engine over one month of 12 pictures whose layouts answer when released. */
async function engineWithHeldLayouts() {
  const held: (() => void)[] = [];
  const engine = new GalleryEngine({
    source: { sections: () => Promise.resolve([MONTH]), files: () => Promise.resolve(FILES) },
    layout: {
      layout: ({ aspects }) =>
        new Promise((resolve) =>
          held.push(() =>
            resolve({ rects: new Float32Array(aspects.length * 4), rowsHeight: 100, rowCount: 1 }),
          ),
        ),
    },
    loader: { load: () => new Promise(() => undefined) },
    metrics: DESKTOP_METRICS,
    pools: { smallLayers: 8, largeLayers: 2, maxUploadsPerFrame: 1 },
  });
  const signal = new AbortController().signal;
  await engine.timeline.load(signal);
  const release = async () => {
    while (held.length > 0) {
      held.shift()!();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  };
  const loading = engine.timeline.loadSections([0], signal);
  await new Promise((resolve) => setTimeout(resolve, 0));
  await release();
  await loading;
  return { engine, release, held };
}

describe('engineSectionAccess', () => {
  it('a file deleted in the viewer leaves the count and the steps at once, while the grid lays its month out again', async () => {
    const { engine, release, held } = await engineWithHeldLayouts();
    const source = sectionedSource({
      access: engineSectionAccess(engine),
      fileTime: () => Promise.resolve(null),
      removeFiles: (ids) => engine.removeFiles(ids),
      jobId: 'job',
      returnTo: '/photos',
      routeFor: (id) => `/photos/${id}`,
      thumbnailUrl: (id) => id,
      contentUrl: (id) => id,
      capabilities: {},
    });
    expect(source.peek?.('f6')?.position).toEqual({ index: 6, total: 12 });
    // What the viewer does after a delete: out of the list, then straight on to the next file.
    source.removeFiles?.(['f5']);
    // The grid's layout without it is on its way (a busy layout worker): the grid still shows it.
    expect(held).toHaveLength(1);
    expect(engine.timeline.sections[0].files?.ids).toContain('f5');
    expect(source.peek?.('f6')?.position).toEqual({ index: 5, total: 11 });
    expect(source.peek?.('f5')).toBeNull();
    // Once that layout has landed, the grid agrees.
    await release();
    expect(engine.timeline.sectionSize(0)).toBe(11);
    expect(source.peek?.('f6')?.position).toEqual({ index: 5, total: 11 });
  });
});
