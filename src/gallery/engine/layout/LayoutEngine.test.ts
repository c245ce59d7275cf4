import { expose } from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import { createLayoutWorkerApi, RectsPool } from './layout.worker';
import type { LayoutWorkerBatch, LayoutWorkerRequest } from './layout.shared';
import { DESKTOP_METRICS, MOBILE_METRICS } from '../gridMetrics';
import { REFERENCE_ASPECT_MIX, sampleAspects, seededRandom } from './aspectMix';
import { layoutSection } from './justified';
import {
  DEFAULT_ZOOM_INDEX,
  InlineLayoutEngine,
  WorkerLayoutEngine,
  ZOOM_LEVELS,
  metricsForZoom,
  targetRowHeightFor,
} from './LayoutEngine';

const aspectsOf = (count: number, seed = 1) =>
  sampleAspects(REFERENCE_ASPECT_MIX, count, seededRandom(seed));

describe('zoom levels', () => {
  it('scale the target row height, clamped to the levels', () => {
    expect(ZOOM_LEVELS[DEFAULT_ZOOM_INDEX]).toBe(1);
    expect(targetRowHeightFor(DESKTOP_METRICS, DEFAULT_ZOOM_INDEX)).toBe(180);
    expect(targetRowHeightFor(DESKTOP_METRICS, 0)).toBe(90);
    expect(targetRowHeightFor(MOBILE_METRICS, 3)).toBe(264);
    expect(targetRowHeightFor(DESKTOP_METRICS, 99)).toBe(Math.round(180 * ZOOM_LEVELS.at(-1)!));
    expect(targetRowHeightFor(DESKTOP_METRICS, -3)).toBe(90);
    expect(metricsForZoom(DESKTOP_METRICS, DEFAULT_ZOOM_INDEX)).toBe(DESKTOP_METRICS);
    expect(metricsForZoom(DESKTOP_METRICS, 4).targetRowHeight).toBe(396);
  });
});

describe('InlineLayoutEngine', () => {
  it('returns what layoutSection returns', async () => {
    const aspects = aspectsOf(500);
    const expected = layoutSection(aspects, 1280, 180, 2, 8);
    const layout = await new InlineLayoutEngine().layout({
      aspects,
      width: 1280,
      metrics: DESKTOP_METRICS,
    });
    expect(layout).toEqual(expected);
  });

  it('changes the row height with the zoom level', async () => {
    const engine = new InlineLayoutEngine();
    const aspects = new Float32Array([1, 1]);
    const heights = await Promise.all(
      ZOOM_LEVELS.map(async (_, zoom) => {
        const layout = await engine.layout({
          aspects,
          width: 5000,
          metrics: DESKTOP_METRICS,
          zoom,
        });
        return layout.rects[3];
      }),
    );
    expect(heights).toEqual([90, 126, 180, 270, 396]);
  });

  it('rejects a request aborted before it starts', async () => {
    const controller = new AbortController();
    controller.abort();
    const request = { aspects: aspectsOf(3), width: 800, metrics: DESKTOP_METRICS };
    await expect(
      new InlineLayoutEngine().layout({ ...request, signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});

/*
 * The real Worker does not exist in node: these tests serve the worker's own API (the object
 * layout.worker.ts exposes) over a MessageChannel, so the comlink messages, transfers and queue
 * are the real ones; only the thread is not.
 */
describe('WorkerLayoutEngine over a MessageChannel', () => {
  const channels: MessageChannel[] = [];
  const received: LayoutWorkerRequest[] = [];
  const batches: { sections: number; recycledBytes: number[] }[] = [];
  afterEach(() => {
    for (const channel of channels.splice(0)) {
      channel.port1.close();
      channel.port2.close();
    }
    received.length = 0;
    batches.length = 0;
  });

  function engineOverChannel(pool = new RectsPool()): WorkerLayoutEngine {
    const channel = new MessageChannel();
    channels.push(channel);
    const api = createLayoutWorkerApi(pool);
    expose(
      {
        layoutBatch(batch: LayoutWorkerBatch) {
          received.push(...batch.sections);
          batches.push({
            sections: batch.sections.length,
            recycledBytes: batch.recycled.map((buffer) => buffer.byteLength),
          });
          return api.layoutBatch(batch);
        },
      },
      channel.port2,
    );
    return new WorkerLayoutEngine(channel.port1);
  }

  it('sends the worker message shape and returns the layout', async () => {
    const engine = engineOverChannel();
    const aspects = aspectsOf(300, 7);
    const copy = aspects.slice();
    const layout = await engine.layout({ aspects, width: 390, metrics: MOBILE_METRICS, zoom: 1 });
    expect(received).toHaveLength(1);
    expect(received[0]).toEqual({
      aspects: copy,
      width: 390,
      targetRowHeight: targetRowHeightFor(MOBILE_METRICS, 1),
      spacing: 2,
      rowCap: 8,
    });
    expect(layout).toEqual(layoutSection(copy, 390, 123, 2, 8));
    // The aspects were transferred, not copied.
    expect(aspects.buffer.byteLength).toBe(0);
    engine.dispose();
  });

  it('answers queued requests in order, and drops the aborted ones unsent', async () => {
    const engine = engineOverChannel();
    const controller = new AbortController();
    const request = (count: number, signal?: AbortSignal) =>
      engine.layout({ aspects: aspectsOf(count), width: 1000, metrics: DESKTOP_METRICS, signal });
    const first = request(10);
    const aborted = request(20, controller.signal);
    const third = request(30);
    expect(engine.pending).toBeGreaterThanOrEqual(1);
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    expect((await first).rects.length).toBe(40);
    expect((await third).rects.length).toBe(120);
    expect(received.map((r) => r.aspects.length)).toEqual([10, 30]);
    engine.dispose();
  });

  it('sends what is queued behind a message in one batch, answering each in order', async () => {
    const engine = engineOverChannel();
    const counts = [5, 7, 9, 11];
    const layouts = await Promise.all(
      counts.map((count, seed) =>
        engine.layout({ aspects: aspectsOf(count, seed), width: 1000, metrics: DESKTOP_METRICS }),
      ),
    );
    // The first goes at once; the three queued behind it share the next message.
    expect(batches.map((b) => b.sections)).toEqual([1, 3]);
    counts.forEach((count, seed) =>
      expect(layouts[seed]).toEqual(layoutSection(aspectsOf(count, seed), 1000, 180, 2, 8)),
    );
    engine.dispose();
  });

  it('sends recycled rects back with the next message and lays out into them', async () => {
    const pool = new RectsPool();
    const engine = engineOverChannel(pool);
    const request = (count: number, seed: number) =>
      engine.layout({ aspects: aspectsOf(count, seed), width: 1000, metrics: DESKTOP_METRICS });
    const first = await request(100, 1);
    const buffer = first.rects.buffer;
    engine.recycle(first.rects);
    engine.recycle(first.rects); // once only
    expect(engine.recycledPending).toBe(1);
    // A smaller section fits in the recycled buffer: its rects are a view of the first floats.
    const second = await request(60, 2);
    expect(batches.at(-1)!.recycledBytes).toEqual([100 * 16]);
    expect(buffer.byteLength).toBe(0); // transferred to the worker
    expect(engine.recycledPending).toBe(0);
    expect(second.rects.length).toBe(240);
    expect(second.rects.buffer.byteLength).toBe(100 * 16);
    expect(second).toEqual({
      ...layoutSection(aspectsOf(60, 2), 1000, 180, 2, 8),
      rects: second.rects,
    });
    expect(Array.from(second.rects)).toEqual(
      Array.from(layoutSection(aspectsOf(60, 2), 1000, 180, 2, 8).rects),
    );
    expect(pool.size).toBe(0);
    engine.dispose();
  });

  it('rejects what is queued, and anything asked later, once disposed', async () => {
    const engine = engineOverChannel();
    const request = () =>
      engine.layout({ aspects: aspectsOf(5), width: 1000, metrics: DESKTOP_METRICS });
    const inFlight = request();
    const queued = request();
    engine.dispose();
    await expect(inFlight).rejects.toThrow(/disposed/);
    await expect(queued).rejects.toThrow(/disposed/);
    await expect(request()).rejects.toThrow(/disposed/);
  });
});

describe('RectsPool', () => {
  it('hands out the smallest buffer that fits, and fresh memory when none does', () => {
    const pool = new RectsPool();
    const big = new ArrayBuffer(1600);
    const small = new ArrayBuffer(400);
    pool.give(big);
    pool.give(small);
    pool.give(new ArrayBuffer(0)); // a detached buffer is not kept
    expect(pool.size).toBe(2);
    expect(pool.take(320).buffer).toBe(small);
    expect(pool.take(800).buffer).toBe(big);
    const fresh = pool.take(160);
    expect(fresh.length).toBe(40);
    expect(pool.size).toBe(0);
    expect(pool.take(0).length).toBe(0);
  });

  it('finds a buffer of the exact size among many, each once', () => {
    const pool = new RectsPool();
    const same = Array.from({ length: 200 }, () => new ArrayBuffer(8000));
    for (const buffer of same) pool.give(buffer);
    pool.give(new ArrayBuffer(16000));
    const taken = new Set(Array.from({ length: 200 }, () => pool.take(8000).buffer));
    expect(taken.size).toBe(200);
    expect(same.every((buffer) => taken.has(buffer))).toBe(true);
    expect(pool.size).toBe(1);
    expect(pool.take(8000).buffer.byteLength).toBe(16000); // the best fit that is left
    expect(pool.size).toBe(0);
  });
});
