import { describe, expect, it } from 'vitest';
import { isUnlimited, storageUsage, storageWarning, UNLIMITED_STORAGE_BYTES } from './storage';

const GB = 1024 ** 3;

describe('isUnlimited', () => {
  it('is unlimited at or above 1024^3 * 1e6 bytes', () => {
    // SPEC §9: "unlimited at or above 1024^3 times 1e6 bytes"
    expect(UNLIMITED_STORAGE_BYTES).toBe(1024 ** 3 * 1e6);
    expect(isUnlimited(UNLIMITED_STORAGE_BYTES)).toBe(true);
    expect(isUnlimited(UNLIMITED_STORAGE_BYTES * 2)).toBe(true);
    expect(isUnlimited(UNLIMITED_STORAGE_BYTES - 1)).toBe(false);
    expect(isUnlimited(15 * GB)).toBe(false);
  });
});

describe('storageWarning', () => {
  it('warns strictly above 80% and above 95%', () => {
    // SPEC §9: "Storage warnings | above 80% and above 95% usage"
    expect(storageWarning(0.8)).toBe('none');
    expect(storageWarning(0.8001)).toBe('above80');
    expect(storageWarning(0.95)).toBe('above80');
    expect(storageWarning(0.9501)).toBe('above95');
    expect(storageWarning(1.2)).toBe('above95');
  });
});

describe('storageUsage', () => {
  it('fills at least 5% of the meter when usage is non-zero', () => {
    // SPEC §9: "Storage meter | minimum 5% fill when nonzero"
    const usage = storageUsage(1, 100 * GB);
    expect(usage.kind).toBe('metered');
    expect(usage.meterFill).toBe(0.05);
    expect(usage.ratio).toBeCloseTo(1 / (100 * GB));
  });

  it('fills proportionally above the minimum and caps at full', () => {
    expect(storageUsage(50 * GB, 100 * GB)).toEqual({
      kind: 'metered',
      ratio: 0.5,
      warning: 'none',
      meterFill: 0.5,
    });
    expect(storageUsage(90 * GB, 100 * GB).warning).toBe('above80');
    expect(storageUsage(120 * GB, 100 * GB)).toEqual({
      kind: 'metered',
      ratio: 1.2,
      warning: 'above95',
      meterFill: 1,
    });
  });

  it('shows 0 and unlimited specially', () => {
    // SPEC §9: "0 and unlimited shown specially"
    expect(storageUsage(0, 15 * GB)).toEqual({
      kind: 'empty',
      ratio: 0,
      warning: 'none',
      meterFill: 0,
    });
    expect(storageUsage(500 * GB, UNLIMITED_STORAGE_BYTES)).toEqual({
      kind: 'unlimited',
      ratio: 0,
      warning: 'none',
      meterFill: 0,
    });
  });

  it('treats a zero quota with data as full', () => {
    expect(storageUsage(GB, 0)).toMatchObject({ ratio: 1, warning: 'above95', meterFill: 1 });
  });
});
