import { describe, expect, it } from 'vitest';
import {
  DOWNLOAD_LIMITS,
  albumDownloadRefused,
  exceedsDownloadLimit,
  isHeicPath,
  pageName,
  presetFlags,
  splitIntoPages,
  yearRange,
  zipNameFor,
  type DownloadItem,
} from './downloads';

const GIB = 1024 ** 3;
const MIB = 1024 ** 2;

function items(count: number, size = MIB, ext = 'jpg'): DownloadItem[] {
  return Array.from({ length: count }, (_, i) => ({ id: `f-${i}`, size, path: `p/${i}.${ext}` }));
}

describe('download presets (SPEC §9)', () => {
  it('download: flattened, masters only, optional heic to jpeg', () => {
    expect(presetFlags('download')).toEqual({
      flattened: '1',
      master_only: '1',
      include_subrevisions: '0',
      heic_to_jpeg: '0',
    });
    expect(presetFlags('download', { heicToJpeg: true }).heic_to_jpeg).toBe('1');
  });

  it('export: flattened, all revisions of masters, no sub revisions', () => {
    expect(presetFlags('export')).toEqual({
      flattened: '1',
      master_only: '0',
      include_subrevisions: '0',
    });
  });

  it('takeout: flattened, sub revisions included', () => {
    expect(presetFlags('takeout')).toEqual({
      flattened: '1',
      master_only: '0',
      include_subrevisions: '1',
    });
  });
});

describe('download limit (SPEC §9: 500 items and 3.5 GB, base 1024)', () => {
  it('pins the SPEC values', () => {
    expect(DOWNLOAD_LIMITS.maxItems).toBe(500);
    expect(DOWNLOAD_LIMITS.maxBytes).toBe(3.5 * GIB);
  });

  it('is exceeded over 500 items or over 3.5 GB, not at them', () => {
    expect(exceedsDownloadLimit(items(500))).toBe(false);
    expect(exceedsDownloadLimit(items(501))).toBe(true);
    expect(exceedsDownloadLimit([{ size: 3.5 * GIB }])).toBe(false);
    expect(exceedsDownloadLimit([{ size: 3.5 * GIB + 1 }])).toBe(true);
  });

  it('refuses an album of more than 500 items or 3.5 GB', () => {
    expect(albumDownloadRefused(500, GIB)).toBe(false);
    expect(albumDownloadRefused(501, GIB)).toBe(true);
    expect(albumDownloadRefused(10, 4 * GIB)).toBe(true);
  });
});

describe('splitIntoPages', () => {
  it('keeps a selection within the limits as one page with the plain name', () => {
    const pages = splitIntoPages(items(3), 'Capture');
    expect(pages).toEqual([
      {
        name: 'Capture',
        fileIDs: ['f-0', 'f-1', 'f-2'],
        totalSize: 3 * MIB,
        clicked: false,
        hasHEIC: false,
      },
    ]);
  });

  it('returns no page for nothing', () => {
    expect(splitIntoPages([], 'Capture')).toEqual([]);
  });

  it('splits 1,200 files into 3 even pages named name(1)…name(3)', () => {
    const pages = splitIntoPages(items(1200), 'Capture');
    expect(pages.map((p) => p.name)).toEqual(['Capture(1)', 'Capture(2)', 'Capture(3)']);
    expect(pages.map((p) => p.fileIDs.length)).toEqual([400, 400, 400]);
    expect(pages.flatMap((p) => p.fileIDs)).toEqual(items(1200).map((i) => i.id));
    expect(pages.every((p) => p.totalSize === 400 * MIB)).toBe(true);
  });

  it('makes counts differ by at most one (501 → 251 + 250)', () => {
    expect(splitIntoPages(items(501), 'x').map((p) => p.fileIDs.length)).toEqual([251, 250]);
  });

  it('splits by bytes: 10 files of 1 GiB need 4 pages (no page over 3.5 GiB)', () => {
    const pages = splitIntoPages(items(10, GIB), 'y');
    expect(pages).toHaveLength(4);
    expect(pages.map((p) => p.fileIDs.length)).toEqual([3, 3, 2, 2]);
    for (const page of pages) expect(page.totalSize).toBeLessThanOrEqual(3.5 * GIB);
  });

  it('moves the cuts to balance bytes when even counts would break the byte limit', () => {
    // 4 big files first, then many small ones: 2 pages by count would put 4 GiB in the first.
    const list = [...items(4, GIB), ...items(96, MIB)].map((item, i) => ({ ...item, id: `g${i}` }));
    const pages = splitIntoPages(list, 'z');
    expect(pages).toHaveLength(2);
    for (const page of pages) expect(page.totalSize).toBeLessThanOrEqual(3.5 * GIB);
    expect(pages.flatMap((p) => p.fileIDs)).toEqual(list.map((i) => i.id));
    // The largest page is as small as it can be: 2 GiB | 2 GiB + 96 MiB.
    expect(pages.map((p) => p.fileIDs.length)).toEqual([2, 98]);
  });

  it('gives a file over the byte limit a page of its own', () => {
    const list: DownloadItem[] = [
      { id: 'a', size: MIB, path: 'a.jpg' },
      { id: 'huge', size: 5 * GIB, path: 'huge.mov' },
      { id: 'b', size: MIB, path: 'b.jpg' },
    ];
    const pages = splitIntoPages(list, 'v');
    expect(pages.map((p) => p.fileIDs)).toEqual([['a'], ['huge'], ['b']]);
    expect(pages[1].totalSize).toBe(5 * GIB);
  });

  it('never exceeds either limit on a mixed library', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const list = Array.from({ length: 5000 }, (_, i) => ({
      id: `r${i}`,
      size: Math.round(random() < 0.05 ? random() * 2 * GIB : random() * 8 * MIB),
      path: `r${i}.jpg`,
    }));
    const pages = splitIntoPages(list, 'mix');
    expect(pages.flatMap((p) => p.fileIDs)).toHaveLength(5000);
    for (const page of pages) {
      expect(page.fileIDs.length).toBeLessThanOrEqual(500);
      expect(page.totalSize).toBeLessThanOrEqual(3.5 * GIB);
    }
  });

  it('marks pages holding HEIC files', () => {
    const list = [...items(500), { id: 'h', size: 1, path: 'IMG_1.HEIC' }];
    const pages = splitIntoPages(list, 'h');
    expect(pages.map((p) => p.hasHEIC)).toEqual([false, true]);
  });
});

describe('names', () => {
  it('numbers pages from 1', () => {
    expect(pageName('Capture', 0)).toBe('Capture(1)');
  });

  it('defaults the zip name to the product name; a year download uses the year', () => {
    expect(zipNameFor('Min Sky')).toBe('Min Sky');
    expect(zipNameFor('Capture', 2019)).toBe('2019');
  });

  it('knows HEIC and HEIF paths', () => {
    expect(isHeicPath('a/b/IMG.heic')).toBe(true);
    expect(isHeicPath('x.HEIF')).toBe(true);
    expect(isHeicPath('x.jpg')).toBe(false);
  });

  it('bounds a year in UTC unix seconds', () => {
    expect(yearRange(2020)).toEqual({ start: 1577836800, end: 1609459200 });
  });
});
