/**
 * SPEC §9 downloads: the archive presets, the download limit and how a selection over it is
 * split into pages, and the zip names.
 *
 * - "Download presets | download (flattened, masters only, optional heic to jpeg); export
 *   (flattened, all revisions of masters, no sub revisions); takeout (flattened, sub revisions
 *   included)".
 * - "Download limit | 500 items and 3.5 GB; larger selections split into even pages named
 *   name(n); same for whole years". The GB is base 1024 like every SPEC size (§9 "Size units …
 *   base 1024"), so the byte limit is 3.5 × 2^30 = 3,758,096,384 bytes (`DOWNLOAD_LIMIT_BYTES`).
 * - "Zip name defaults to the product name; a per-year name uses the year."
 */
import { fileExtension } from './classify';
import { DOWNLOAD_LIMIT_BYTES, DOWNLOAD_LIMIT_ITEMS } from './constants';

export type DownloadPreset = 'download' | 'export' | 'takeout';

/** Archive query flags as the server reads them ("1" / "0"), see api/contract/archive.ts. */
export interface PresetFlags {
  flattened: '0' | '1';
  master_only: '0' | '1';
  include_subrevisions: '0' | '1';
  heic_to_jpeg?: '0' | '1';
}

const bit = (on: boolean): '0' | '1' => (on ? '1' : '0');

/**
 * The flags of a preset. "Masters only" is `master_only=1` (companions of live and burst groups
 * are left out); export keeps every revision of the masters (`master_only=0`) without their sub
 * revisions; takeout adds the sub revisions. HEIC conversion is a choice of the download preset
 * only (the others are meant as faithful copies of the library).
 */
export function presetFlags(preset: DownloadPreset, options: { heicToJpeg?: boolean } = {}) {
  switch (preset) {
    case 'download':
      return {
        flattened: '1',
        master_only: '1',
        include_subrevisions: '0',
        heic_to_jpeg: bit(options.heicToJpeg === true),
      } satisfies PresetFlags;
    case 'export':
      return { flattened: '1', master_only: '0', include_subrevisions: '0' } satisfies PresetFlags;
    case 'takeout':
      return { flattened: '1', master_only: '0', include_subrevisions: '1' } satisfies PresetFlags;
  }
}

export interface DownloadLimits {
  maxItems: number;
  maxBytes: number;
}

export const DOWNLOAD_LIMITS: DownloadLimits = Object.freeze({
  maxItems: DOWNLOAD_LIMIT_ITEMS,
  maxBytes: DOWNLOAD_LIMIT_BYTES,
});

export interface DownloadItem {
  id: string;
  size: number;
  path: string;
}

/** SPEC §3 "Download page: name, fileIDs, totalSize, clicked, hasHEIC". */
export interface DownloadPage {
  name: string;
  fileIDs: string[];
  totalSize: number;
  clicked: boolean;
  hasHEIC: boolean;
}

export function isHeicPath(path: string): boolean {
  const extension = fileExtension(path);
  return extension === 'heic' || extension === 'heif';
}

/** Over either limit (SPEC §5: "over 500 items or 3.5 GB is refused or split into parts"). */
export function exceedsDownloadLimit(
  items: readonly Pick<DownloadItem, 'size'>[],
  limits: DownloadLimits = DOWNLOAD_LIMITS,
): boolean {
  if (items.length > limits.maxItems) return true;
  return totalSize(items) > limits.maxBytes;
}

/**
 * SPEC §5 "an album of more than 500 items cannot be downloaded whole": albums are not split,
 * the user gets the album alert instead. True when the album download must be refused.
 */
export function albumDownloadRefused(
  itemCount: number,
  totalBytes: number,
  limits: DownloadLimits = DOWNLOAD_LIMITS,
): boolean {
  return itemCount > limits.maxItems || totalBytes > limits.maxBytes;
}

export function totalSize(items: readonly Pick<DownloadItem, 'size'>[]): number {
  let sum = 0;
  for (const item of items) sum += item.size;
  return sum;
}

/** "name(n)", n from 1 (SPEC §9: pages "named name(n)"). */
export function pageName(name: string, index: number): string {
  return `${name}(${index + 1})`;
}

/**
 * Splits a selection into pages that each keep both limits, in the order given (so a page of a
 * timeline selection is a run of neighbouring days). Pages are as even as possible: the fewest
 * pages the limits allow, with item counts differing by at most one; only when such a split
 * would break the byte limit are the cuts moved to balance the bytes instead (fewest pages whose
 * largest page is smallest). A single file bigger than the byte limit cannot be split: it gets a
 * page of its own (the server streams it anyway). One page keeps the plain name; several are
 * named name(1)…name(n).
 */
export function splitIntoPages(
  items: readonly DownloadItem[],
  name: string,
  limits: DownloadLimits = DOWNLOAD_LIMITS,
): DownloadPage[] {
  const n = items.length;
  if (n === 0) return [];
  // A file over the byte limit counts as exactly the limit: it then fills a page alone.
  const sizes = items.map((item) => Math.min(Math.max(item.size, 0), limits.maxBytes));
  const bytes = sizes.reduce((a, b) => a + b, 0);
  const minPages = Math.max(1, Math.ceil(n / limits.maxItems), Math.ceil(bytes / limits.maxBytes));

  let cuts: number[] | null = null;
  for (let pages = minPages; pages <= n && cuts === null; pages++) {
    cuts = evenCountCuts(sizes, pages, limits) ?? balancedByteCuts(sizes, pages, limits);
  }
  // Unreachable (n pages of one file each always fit), kept as a guard against a bad limit.
  cuts ??= items.map((_, i) => i + 1);

  const pages: DownloadPage[] = [];
  let start = 0;
  for (const end of cuts) {
    const slice = items.slice(start, end);
    pages.push({
      name: cuts.length === 1 ? name : pageName(name, pages.length),
      fileIDs: slice.map((item) => item.id),
      totalSize: totalSize(slice),
      clicked: false,
      hasHEIC: slice.some((item) => isHeicPath(item.path)),
    });
    start = end;
  }
  return pages;
}

/** End indexes of `pages` runs whose lengths differ by at most one, or null if one is too big. */
function evenCountCuts(sizes: number[], pages: number, limits: DownloadLimits): number[] | null {
  const n = sizes.length;
  const base = Math.floor(n / pages);
  const extra = n % pages;
  const cuts: number[] = [];
  let start = 0;
  for (let p = 0; p < pages; p++) {
    const end = start + base + (p < extra ? 1 : 0);
    if (end - start > limits.maxItems) return null;
    let sum = 0;
    for (let i = start; i < end; i++) sum += sizes[i];
    if (sum > limits.maxBytes) return null;
    cuts.push(end);
    start = end;
  }
  return cuts;
}

/**
 * At most `pages` runs within the item limit whose largest byte total is as small as possible
 * (binary search on that total, greedy fill), or null if even that is over the byte limit.
 */
function balancedByteCuts(sizes: number[], pages: number, limits: DownloadLimits): number[] | null {
  let largest = 0;
  for (const size of sizes) largest = Math.max(largest, size);
  const fits = (maxBytes: number) => greedyCuts(sizes, maxBytes, limits.maxItems, pages);
  let low = largest;
  let high = limits.maxBytes;
  if (fits(low)) return fits(low);
  if (low > high || !fits(high)) return null;
  // Invariant: `low` does not fit, `high` does.
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (fits(mid)) high = mid;
    else low = mid;
  }
  return fits(high);
}

function greedyCuts(
  sizes: number[],
  maxBytes: number,
  maxItems: number,
  pages: number,
): number[] | null {
  const cuts: number[] = [];
  let sum = 0;
  let count = 0;
  for (let i = 0; i < sizes.length; i++) {
    if (count > 0 && (count === maxItems || sum + sizes[i] > maxBytes)) {
      cuts.push(i);
      if (cuts.length >= pages) return null;
      sum = 0;
      count = 0;
    }
    sum += sizes[i];
    count += 1;
  }
  cuts.push(sizes.length);
  return cuts;
}

/** SPEC §9: the zip name defaults to the product name; a per-year download uses the year. */
export function zipNameFor(productName: string, year?: number): string {
  return year === undefined ? productName : String(year);
}

/** The UTC bounds (unix seconds) of a calendar year, as the timeline's sections use them. */
export function yearRange(year: number): { start: number; end: number } {
  return { start: Date.UTC(year, 0, 1) / 1000, end: Date.UTC(year + 1, 0, 1) / 1000 };
}
