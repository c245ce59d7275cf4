import { describe, expect, it, vi } from 'vitest';
import { ManualClock } from './clock';
import { GalleryEngine } from './GalleryEngine';
import { DESKTOP_METRICS } from './gridMetrics';
import {
  createTestEngine,
  squareLayout,
  TEST_HEIGHT,
  TEST_WIDTH,
  testDescriptors,
  testFiles,
} from './testEngine';
import { createTestRenderer, FakeLoader, flush } from './texture/testing';
import type { TimelineSource } from './timeline/TimelineSource';
import type { SectionDescriptor } from './types';

describe('GalleryEngine fast scrolling', () => {
  it('leaves fast-scroll mode once a long scrub stops, without any further input', async () => {
    const { engine, clock, frame } = await createTestEngine(Array.from({ length: 60 }, () => 400));
    let invalidated = 0;
    engine.setInvalidate(() => invalidated++);
    // A scrub that keeps going for a second: a jump of two screens every 16 ms.
    for (let t = 0; t < 1000; t += 16) {
      engine.scroll.scrollTo(engine.scroll.position + TEST_HEIGHT * 2, { animate: false });
      clock.advance(16);
      frame();
    }
    expect(engine.snapshot().fastScrolling).toBe(true);
    // The input stops. Only the engine's own timer can wake it up to start the deferred loads.
    const before = invalidated;
    clock.advance(1000);
    expect(invalidated).toBeGreaterThan(before);
    frame();
    expect(engine.snapshot().fastScrolling).toBe(false);
  });
});

describe('GalleryEngine.refresh', () => {
  it('runs one refresh at a time; calls meanwhile make it run once more, after', async () => {
    const { engine } = await createTestEngine([10, 10]);
    const answers: ((sections: SectionDescriptor[]) => void)[] = [];
    const sections = vi.fn(
      () => new Promise<SectionDescriptor[]>((resolve) => answers.push(resolve)),
    );
    engine.timeline.source = { ...engine.timeline.source, sections };
    const first = engine.refresh();
    const second = engine.refresh();
    const third = engine.refresh();
    expect(sections).toHaveBeenCalledTimes(1);
    answers[0](testDescriptors([10, 10]));
    await Promise.resolve();
    await Promise.resolve();
    // The calls made while the first ran are served by one more run, after it.
    expect(sections).toHaveBeenCalledTimes(2);
    answers[1](testDescriptors([10, 10, 4]));
    await Promise.all([first, second, third]);
    expect(engine.timeline.sectionCount).toBe(3);
    // Once settled, a new call runs anew.
    const fourth = engine.refresh();
    expect(sections).toHaveBeenCalledTimes(3);
    answers[2](testDescriptors([10]));
    await fourth;
    expect(engine.timeline.sectionCount).toBe(1);
  });
});

describe('GalleryEngine before the canvas has its size', () => {
  it('draws nothing and loads nothing for a 1-px grid; the first resize starts it', async () => {
    const fetched: string[] = [];
    const descriptors = testDescriptors([10, 10, 10]);
    const source: TimelineSource = {
      sections: () => Promise.resolve(descriptors),
      files: (section) => {
        fetched.push(section.key);
        return Promise.resolve(testFiles(section));
      },
    };
    const clock = new ManualClock();
    const engine = new GalleryEngine({
      source,
      layout: squareLayout,
      loader: new FakeLoader(),
      metrics: DESKTOP_METRICS,
      pools: { smallLayers: 64, largeLayers: 8, maxUploadsPerFrame: 4 },
      clock,
    });
    const gpu = createTestRenderer();
    const frames = vi.fn();
    engine.onFrame(frames);
    await engine.timeline.load(new AbortController().signal);
    expect(engine.frame(gpu.renderer, clock.now())).toBe(false);
    await flush();
    expect(frames).not.toHaveBeenCalled();
    expect(fetched).toEqual([]);

    engine.resize(TEST_WIDTH, TEST_HEIGHT, 1, DESKTOP_METRICS, { left: 0, right: 0 });
    engine.frame(gpu.renderer, clock.now());
    await flush();
    expect(frames).toHaveBeenCalledOnce();
    expect(engine.timeline.gridWidth).toBe(TEST_WIDTH);
    expect(fetched.length).toBeGreaterThan(0);
  });
});

describe('GalleryEngine loads the screen before the margin', () => {
  it('asks for no thumbnail beyond the screen until every tile on it has its own (issue 35)', async () => {
    const { engine, loader, frame } = await createTestEngine([200]);
    const { composer, timeline } = engine;
    const screen = new Set<string>();
    for (let i = 0; i < composer.visibleCount; i++) {
      const { section, item } = composer.visibleTiles[i];
      screen.add(timeline.sections[section].files!.ids[item]);
    }
    // More tiles than load slots (6), and a margin below them.
    expect(screen.size).toBeGreaterThan(6);
    const beyondScreen = () =>
      loader.names().filter((name) => !screen.has(name.slice(name.indexOf(':') + 1)));
    let more = false;
    for (let i = 0; i < 40 && !engine.screenFilled; i++) {
      expect(beyondScreen()).toEqual([]);
      for (const load of loader.running()) loader.resolve(load.fileId, load.tier);
      await flush();
      more = frame();
    }
    // The frame that uploaded the screen's last thumbnails drew them, and asks for one more.
    expect(engine.screenFilled).toBe(true);
    expect(more).toBe(true);
    expect(beyondScreen()).toEqual([]);
    // That next pass finds the screen in and starts the prefetch.
    frame();
    await flush();
    expect(beyondScreen().length).toBeGreaterThan(0);
  });
});

describe('GalleryEngine draws a thumbnail in the frame that uploads it', () => {
  it('one frame per arrival: the tile is textured when the uploading frame draws, and no second frame is asked for', async () => {
    const { engine, loader, frame } = await createTestEngine([200]);
    const { composer } = engine;
    const grey = composer.untextured;
    expect(grey).toBeGreaterThan(1);
    const [first] = loader.running();
    loader.resolve(first.fileId, first.tier);
    await flush();
    const more = frame();
    expect(engine.stats.lastUploads).toBe(1);
    // Composed before the upload only, the frame drew the tile grey and asked for another.
    expect(composer.untextured).toBe(grey - 1);
    expect(more).toBe(false);
  });
});

describe('GalleryEngine composes the screen again only for what it shows', () => {
  it('a frame that uploads only the prefetch of the margin composes once', async () => {
    const { engine, loader, frame } = await createTestEngine([200]);
    for (let i = 0; i < 40 && !engine.screenFilled; i++) {
      for (const load of loader.running()) loader.resolve(load.fileId, load.tier);
      await flush();
      frame();
    }
    expect(engine.screenFilled).toBe(true);
    frame();
    await flush();
    const screen = new Set<string>();
    for (let i = 0; i < engine.composer.visibleCount; i++) {
      const { section, item } = engine.composer.visibleTiles[i];
      screen.add(engine.timeline.sections[section].files!.ids[item]);
    }
    const margin = loader.running().filter((load) => !screen.has(load.fileId));
    expect(margin.length).toBeGreaterThan(0);
    for (const load of margin) loader.resolve(load.fileId, load.tier);
    await flush();
    const begin = vi.spyOn(engine.composer, 'begin');
    frame();
    expect(engine.stats.lastUploads).toBeGreaterThan(0);
    expect(begin).toHaveBeenCalledOnce();
  });
});

describe('GalleryEngine with nothing to draw', () => {
  it('asks for no next frame while no tile is on screen (no sharpening of an empty screen)', async () => {
    const { engine, frame } = await createTestEngine([]);
    expect(engine.composer.visibleCount).toBe(0);
    expect(frame()).toBe(false);
  });
});
