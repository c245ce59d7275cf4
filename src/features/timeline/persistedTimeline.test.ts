import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SectionFiles } from '../../gallery';
import {
  PACKED_PER_TASK,
  SECTION_CHUNK_FILES,
  packFilesInSlices,
  unpackFiles,
} from './persistedSectionFiles';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.doUnmock('../../platform/offlineData');
});

/** The persisted timeline of user u, job j, variant all, over `db` in place of IndexedDB's. */
async function openedOver(db: object) {
  vi.resetModules();
  vi.doMock('../../platform/offlineData', () => ({
    SECTIONS_STORE: 'sections',
    TIMELINES_STORE: 'timelines',
    timelineDb: () => Promise.resolve(db),
  }));
  const module = await import('./persistedTimeline');
  const timeline = await module.PersistedTimeline.open({ user: 'u', job: 'j', variant: 'all' });
  return { timeline: timeline!, pending: module.persistedTimelineWritesPending };
}

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
      delete: () => Promise.resolve(),
      put: (store: string, _value: unknown, key: string) =>
        new Promise<void>((resolve, reject) => {
          puts.push({ store, key, land: resolve, fail: () => reject(new Error('quota')) });
        }),
    };
    return { db, puts };
  }

  async function opened() {
    const { db, puts } = fakeDb();
    return { ...(await openedOver(db)), puts };
  }

  /** Lets the awaited steps of a write (yields, the put's promise) run. */
  const settle = async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  };

  afterEach(() => vi.useRealTimers());

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

  it('counts a large section until its head is written, after its chunks', async () => {
    vi.stubGlobal('scheduler', { yield: () => Promise.resolve() });
    const { timeline, puts, pending } = await opened();
    const saved = timeline.saveSection(
      '2024-5-1',
      COUNTS,
      files(SECTION_CHUNK_FILES * 2 + 7, true),
    );
    for (let landed = 0; landed < 3; landed++) {
      await vi.waitFor(() => expect(puts).toHaveLength(landed + 1));
      expect(puts[landed].key).toBe(`u/j/all\n2024-5-1\n#${landed}`);
      puts[landed].land();
      expect(pending()).toBe(1);
    }
    await vi.waitFor(() => expect(puts).toHaveLength(4));
    expect(puts[3].key).toBe('u/j/all\n2024-5-1');
    await settle();
    expect(pending()).toBe(1);
    puts[3].land();
    await saved;
    expect(pending()).toBe(0);
  });
});

const COUNTS = { pictures: SECTION_CHUNK_FILES * 2 + 7, videos: 0, screenshots: 0 };

describe('a day holding a whole import (issue 34.10: a put or a get of it is a long task)', () => {
  const SECTION = 'u/j/all\n2024-5-1';

  /**
   * IndexedDB in memory, its records cloned in and out as IndexedDB does; `log` lists its puts,
   * gets and deletes, and the yields to the event loop between them.
   */
  function memoryDb() {
    const log: string[] = [];
    const stores = new Map<string, Map<string, unknown>>();
    const store = (name: string) => {
      if (!stores.has(name)) stores.set(name, new Map());
      return stores.get(name)!;
    };
    const db = {
      get: (name: string, key: string) => {
        log.push(`get ${key}`);
        return Promise.resolve(structuredClone(store(name).get(key)));
      },
      put: (name: string, value: unknown, key: string) => {
        log.push(`put ${key}`);
        store(name).set(key, structuredClone(value));
        return Promise.resolve(key);
      },
      delete: (name: string, range: { lower: string; upper: string }) => {
        log.push('delete');
        for (const key of [...store(name).keys()])
          if (key >= range.lower && key <= range.upper) store(name).delete(key);
        return Promise.resolve();
      },
    };
    vi.stubGlobal('IDBKeyRange', { bound: (lower: string, upper: string) => ({ lower, upper }) });
    vi.stubGlobal('scheduler', {
      yield: () => {
        log.push('yield');
        return Promise.resolve();
      },
    });
    return { db, log, sections: store('sections') };
  }

  /** The puts (or gets) of `log`, each checked to come in a task after the one before. */
  function eachInATaskOfItsOwn(log: readonly string[], kind: 'put' | 'get'): string[] {
    const steps = log.filter((entry) => entry === 'yield' || entry.startsWith(`${kind} `));
    steps.forEach((step, i) => {
      if (step !== 'yield' && i > 0) expect(steps[i - 1]).toBe('yield');
    });
    return steps.filter((step) => step !== 'yield').map((step) => step.slice(kind.length + 1));
  }

  it('is written as chunk records and a head, a put a task, and read back the same', async () => {
    const { db, log, sections } = memoryDb();
    const { timeline } = await openedOver(db);
    const original = files(SECTION_CHUNK_FILES * 2 + 7, true);
    await timeline.saveSection('2024-5-1', COUNTS, original);
    const chunkKeys = [0, 1, 2].map((i) => `${SECTION}\n#${i}`);
    expect(eachInATaskOfItsOwn(log, 'put')).toEqual([...chunkKeys, SECTION]);
    expect([...sections.keys()].sort()).toEqual([SECTION, ...chunkKeys]);
    expect(sections.get(SECTION)).toMatchObject({ counts: COUNTS, chunks: 3 });

    log.length = 0;
    const loaded = await timeline.loadSection('2024-5-1');
    expect(eachInATaskOfItsOwn(log, 'get')).toEqual([SECTION, ...chunkKeys]);
    expect(loaded?.counts).toEqual(COUNTS);
    // Every column, typed arrays of their own types.
    expect(loaded?.files).toStrictEqual(original);
  });

  it('joins a large section without paths without them', async () => {
    const { db } = memoryDb();
    const { timeline } = await openedOver(db);
    const original = files(SECTION_CHUNK_FILES + 1, false);
    await timeline.saveSection('2024-5-1', COUNTS, original);
    const loaded = await timeline.loadSection('2024-5-1');
    expect(loaded?.files).toStrictEqual(original);
    expect('paths' in loaded!.files).toBe(false);
  });

  it('is not read where a chunk is missing or of another write', async () => {
    const { db, sections } = memoryDb();
    const { timeline } = await openedOver(db);
    await timeline.saveSection('2024-5-1', COUNTS, files(SECTION_CHUNK_FILES * 2 + 7, true));
    const chunk = sections.get(`${SECTION}\n#1`) as { stamp: number };
    sections.set(`${SECTION}\n#1`, { ...chunk, stamp: chunk.stamp + 1 });
    expect(await timeline.loadSection('2024-5-1')).toBeUndefined();
    sections.delete(`${SECTION}\n#1`);
    expect(await timeline.loadSection('2024-5-1')).toBeUndefined();
    sections.set(`${SECTION}\n#1`, chunk);
    expect(await timeline.loadSection('2024-5-1')).toBeDefined();
  });

  it('still reads a section of one record, packed or stored before packing', async () => {
    const { db, sections } = memoryDb();
    const { timeline } = await openedOver(db);
    const counts = { pictures: 10, videos: 0, screenshots: 0 };
    sections.set(SECTION, { counts, files: files(10, true) });
    expect(await timeline.loadSection('2024-5-1')).toStrictEqual({
      counts,
      files: files(10, true),
    });
    sections.set(SECTION, { counts, files: await packFilesInSlices(files(10, false)) });
    expect(await timeline.loadSection('2024-5-1')).toStrictEqual({
      counts,
      files: files(10, false),
    });
  });

  it('keeps a section of up to SECTION_CHUNK_FILES in one record, as before', async () => {
    const { db, log, sections } = memoryDb();
    const { timeline } = await openedOver(db);
    const original = files(SECTION_CHUNK_FILES, true);
    await timeline.saveSection('2024-5-1', COUNTS, original);
    expect(eachInATaskOfItsOwn(log, 'put')).toEqual([SECTION]);
    expect([...sections.keys()]).toEqual([SECTION]);
    expect(unpackFiles((sections.get(SECTION) as { files: SectionFiles }).files)).toStrictEqual(
      original,
    );
  });

  it('drops the chunks a rewrite does not use', async () => {
    const { db, sections } = memoryDb();
    const { timeline } = await openedOver(db);
    await timeline.saveSection('2024-5-1', COUNTS, files(SECTION_CHUNK_FILES * 2 + 7, true));
    // Another section's chunks stay.
    await timeline.saveSection('2024-5-11', COUNTS, files(SECTION_CHUNK_FILES + 1, true));
    await timeline.saveSection('2024-5-1', COUNTS, files(SECTION_CHUNK_FILES + 1, true));
    expect([...sections.keys()].filter((key) => key.startsWith(`${SECTION}\n`)).sort()).toEqual([
      `${SECTION}\n#0`,
      `${SECTION}\n#1`,
    ]);
    expect(sections.get(SECTION)).toMatchObject({ chunks: 2 });

    const small = files(12, true);
    await timeline.saveSection('2024-5-1', COUNTS, small);
    expect([...sections.keys()].sort()).toEqual([
      SECTION,
      `${SECTION}1`,
      `${SECTION}1\n#0`,
      `${SECTION}1\n#1`,
    ]);
    expect((await timeline.loadSection('2024-5-1'))?.files).toStrictEqual(small);
    expect((await timeline.loadSection('2024-5-11'))?.files).toStrictEqual(
      files(SECTION_CHUNK_FILES + 1, true),
    );
  });
});
