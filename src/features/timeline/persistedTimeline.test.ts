import { describe, expect, it } from 'vitest';
import type { SectionFiles } from '../../gallery';
import { packFiles, unpackFiles } from './persistedTimeline';

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
  it('packs the string columns into one string each and reads them back the same', () => {
    const original = files(6000, true);
    const packed = packFiles(original);
    expect(typeof packed.ids).toBe('string');
    expect(typeof packed.paths).toBe('string');
    expect(packed.aspects).toBe(original.aspects);
    expect(unpackFiles(structuredClone(packed))).toEqual(original);
  });

  it('keeps a section without paths without them, and reads a record stored before packing', () => {
    const original = files(3, false);
    expect('paths' in unpackFiles(packFiles(original))).toBe(false);
    expect(unpackFiles(structuredClone(original))).toEqual(original);
  });
});
