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
