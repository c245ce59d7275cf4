import { describe, expect, it } from 'vitest';
import { formatSize, gbToBytes, splitSize } from './sizes';

const KB = 1024;
const MB = 1024 ** 2;
const GB = 1024 ** 3;

describe('splitSize', () => {
  it('steps through Bytes, KB, MB, GB at 1024', () => {
    // SPEC §9: "Size units | Bytes, KB, MB, GB, base 1024"
    expect(splitSize(0)).toEqual({ amount: 0, unit: 'Bytes' });
    expect(splitSize(1023)).toEqual({ amount: 1023, unit: 'Bytes' });
    expect(splitSize(KB)).toEqual({ amount: 1, unit: 'KB' });
    expect(splitSize(1.5 * KB)).toEqual({ amount: 1.5, unit: 'KB' });
    expect(splitSize(MB)).toEqual({ amount: 1, unit: 'MB' });
    expect(splitSize(GB)).toEqual({ amount: 1, unit: 'GB' });
  });

  it('keeps values of 1024 GB and more in GB', () => {
    // SPEC §9: "Size units | Bytes, KB, MB, GB" — there is no TB unit
    expect(splitSize(1024 * GB)).toEqual({ amount: 1024, unit: 'GB' });
    expect(splitSize(5000 * GB)).toEqual({ amount: 5000, unit: 'GB' });
  });

  it('moves up a unit when the displayed amount would round to 1024', () => {
    expect(splitSize(MB - 1).unit).toBe('MB');
    expect(splitSize(1023.94 * KB).unit).toBe('KB');
  });

  it('keeps the sign of negative sizes and treats non-finite input as zero', () => {
    expect(splitSize(-2 * MB)).toEqual({ amount: -2, unit: 'MB' });
    expect(splitSize(Number.NaN)).toEqual({ amount: 0, unit: 'Bytes' });
  });
});

describe('formatSize', () => {
  it('shows at most one decimal for KB/MB/GB and none for bytes', () => {
    expect(formatSize(500, 'en_US')).toBe('500 Bytes');
    expect(formatSize(1.25 * MB, 'en_US')).toBe('1.3 MB');
    expect(formatSize(2 * GB, 'en_US')).toBe('2 GB');
  });

  it('formats numbers for the locale, accepting locale keys and BCP 47 tags', () => {
    expect(formatSize(1.5 * GB, 'nb_NO')).toBe('1,5 GB');
    expect(formatSize(1.5 * GB, 'sv-SE')).toBe('1,5 GB');
    expect(formatSize(1500 * GB, 'en_US')).toBe('1,500 GB');
  });

  it('uses unit labels given by the UI', () => {
    expect(formatSize(3 * MB, 'bg_BG', { Bytes: 'байта', KB: 'КБ', MB: 'МБ', GB: 'ГБ' })).toBe(
      '3 МБ',
    );
  });
});

describe('gbToBytes', () => {
  it('converts plan sizes by 2^30', () => {
    // SPEC §9: "plan sizes in GB converted by 2^30"
    expect(gbToBytes(1)).toBe(1_073_741_824);
    expect(gbToBytes(100)).toBe(100 * 2 ** 30);
  });
});
