import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SectionFiles } from '../../gallery';
import { PACKED_PER_TASK, packFilesInSlices, unpackFiles } from './persistedTimeline';

afterEach(() => vi.unstubAllGlobals());

function files(n: number, withPaths: boolean): SectionFiles {
  return {
    ids: Array.from({ length: n }, (_, i) => `id-${i}`),
    aspects: Float32Array.from({ length: n }, (_, i) => 1 + i / 10),
    times: Float64Array.from({ length: n }, (_, i) => 1_700_000_000 - i),
    kinds: Uint8Array.from({ length: n }, (_, i) => i % 3),
    durations: new Float32Array(n),
    sizes: Float64Array.from({ length: n }, (_, i) => 1000 * i),
    ...(withPaths ? { paths: Array.from({ length: n }, (_, i) => `dir\n"${i}".jpg`) } : {}),
  };
}

describe('the stored section files (issue 34.10: one copy a column, not one a string)', () => {
  it('packs the string columns into one string each and reads them back the same', async () => {
    const yields = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yields });
    const original = files(6000, true);
    const packed = await packFilesInSlices(original);
    // Each the JSON of its whole column, though written a slice a task.
    expect(packed.ids).toBe(JSON.stringify(original.ids));
    expect(packed.paths).toBe(JSON.stringify(original.paths));
    // Six slices of each column, a yield before each but its first.
    expect(yields).toHaveBeenCalledTimes(2 * (6000 / PACKED_PER_TASK - 1));
    expect(packed.aspects).toBe(original.aspects);
    expect(unpackFiles(structuredClone(packed))).toEqual(original);
  });

  it('keeps a section without paths without them, and reads a record stored before packing', async () => {
    const original = files(3, false);
    expect('paths' in unpackFiles(await packFilesInSlices(original))).toBe(false);
    expect(unpackFiles(await packFilesInSlices(files(0, true)))).toEqual(files(0, true));
    expect(unpackFiles(structuredClone(original))).toEqual(original);
  });
});

describe('the pending writes the revisit bench waits for (issue 35)', () => {
  /** A fake database whose puts land only when the test says so. */
  function fakeDb() {
    const puts: { store: string; key: string; land: () => void; fail: () => void }[] = [];
    const db = {
      get: () => Promise.resolve(undefined),
      put: (store: string, _value: unknown, key: string) =>
        new Promise<void>((resolve, reject) => {
          puts.push({ store, key, land: resolve, fail: () => reject(new Error('quota')) });
        }),
    };
    return { db, puts };
  }

  async function opened() {
    const { db, puts } = fakeDb();
    vi.resetModules();
    vi.doMock('../../platform/offlineData', () => ({
      SECTIONS_STORE: 'sections',
      TIMELINES_STORE: 'timelines',
      timelineDb: () => Promise.resolve(db),
    }));
    const module = await import('./persistedTimeline');
    const timeline = await module.PersistedTimeline.open({ user: 'u', job: 'j', variant: 'all' });
    return { timeline: timeline!, puts, pending: module.persistedTimelineWritesPending };
  }

  /** Lets the awaited steps of a write (yields, the put's promise) run. */
  const settle = async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  };

  afterEach(() => {
    vi.useRealTimers();
    vi.doUnmock('../../platform/offlineData');
  });

  it('counts a heights save from when it is scheduled until its put lands', async () => {
    vi.useFakeTimers();
    const { timeline, puts, pending } = await opened();
    expect(pending()).toBe(0);
    timeline.set('2024-05', 12, 'w1440', 800);
    timeline.set('2024-04', 30, 'w1440', 1600);
    // Two changes gather into one scheduled save.
    expect(pending()).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(puts).toHaveLength(0);
    expect(pending()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(puts.map((p) => p.store)).toEqual(['timelines']);
    // Being written: still pending.
    expect(pending()).toBe(1);
    puts[0].land();
    await settle();
    expect(pending()).toBe(0);
  });

  it('counts the months saved at once in place of a scheduled save, once', async () => {
    vi.useFakeTimers();
    const { timeline, puts, pending } = await opened();
    timeline.saveSerial(7);
    expect(pending()).toBe(1);
    timeline.saveMonths([]);
    expect(pending()).toBe(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(puts).toHaveLength(1);
    expect(pending()).toBe(1);
    // A failed put is not pending any more either (the next visit lists again).
    puts[0].fail();
    await settle();
    expect(pending()).toBe(0);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(puts).toHaveLength(1);
    expect(pending()).toBe(0);
  });

  it('counts a section from the call until its put lands, and a flush until written', async () => {
    const { timeline, puts, pending } = await opened();
    const saved = timeline.saveSection(
      '2024-05',
      { pictures: 3, videos: 0, screenshots: 0 },
      files(3, true),
    );
    expect(pending()).toBe(1);
    await vi.waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ store: 'sections', key: 'u/j/all\n2024-05' });
    const flushed = timeline.flush();
    expect(pending()).toBe(2);
    puts[0].land();
    await saved;
    expect(pending()).toBe(1);
    puts[1].land();
    await flushed;
    expect(pending()).toBe(0);
  });
});
