import { displayAspect } from '../layout/justified';
import type { GridMetrics } from '../types';

/*
 * Sparse months share rows (issue 20 fault 3). A library with one photo a year for twenty years
 * would otherwise show twenty full-width rows each holding one tile. Consecutive small sections
 * are placed side by side in a band, each in a box of its own under its own header, the way
 * the best photo apps show sparse years.
 *
 * Packing is decided from the sections' counts alone, never from their files: the box of a
 * section of `count` files is as wide as that many 16:9 tiles at the target height (at least
 * wide enough for its header), and a packed section is one row inside its box at the target
 * height, scaled down only when its files are wider than the box. So a band's height and every
 * section's place are known before any file loads and do not move when the files arrive: the
 * fast scroller, jumps and the scroll anchor stay exact.
 */

/** The aspect a box is sized for, per file: a 16:9 video or landscape photo fits whole. */
const BOX_ASPECT = 16 / 9;

/** The narrowest box: room for the longest month name of the four locales and its check box. */
export const MIN_BOX_WIDTH = 200;

/** Width of the box of a packed section of `count` files. */
export function boxWidth(count: number, metrics: GridMetrics): number {
  const { targetRowHeight, spacing } = metrics;
  const aspect = metrics.squareTiles ? 1 : BOX_ASPECT;
  return Math.max(MIN_BOX_WIDTH, count * targetRowHeight * aspect + (count - 1) * spacing);
}

/** The horizontal gap between the boxes of one band. */
export function boxGap(metrics: GridMetrics): number {
  return metrics.groupGap;
}

/** Where each section goes: bands of boxes side by side, or alone across the width. */
export interface Packing {
  /** Left edge of each section's box within the grid (0 for a section alone). */
  lefts: Float64Array;
  /** Width of each section's box (the grid's width for a section alone). */
  widths: Float64Array;
  /** The first section of each section's band (itself for a section alone). */
  bandFirst: Int32Array;
  /** Whether the section is in a band of two or more (one row in its box). */
  packed: Uint8Array;
}

/**
 * Packs `counts` (in timeline order) greedily into bands across `width`: a section small
 * enough that two boxes fit the width joins the open band while its box fits, else opens one.
 * A band of one is no band: that section lays out across the width like any other.
 */
export function packSections(
  counts: ArrayLike<number>,
  width: number,
  metrics: GridMetrics,
): Packing {
  const n = counts.length;
  const packing: Packing = {
    lefts: new Float64Array(n),
    widths: new Float64Array(n).fill(width),
    bandFirst: new Int32Array(n),
    packed: new Uint8Array(n),
  };
  const gap = boxGap(metrics);
  let open = -1;
  let used = 0;
  const close = (end: number) => {
    if (open >= 0 && end - open >= 2) for (let i = open; i < end; i++) packing.packed[i] = 1;
    if (open >= 0 && end - open < 2) {
      for (let i = open; i < end; i++) {
        packing.lefts[i] = 0;
        packing.widths[i] = width;
        packing.bandFirst[i] = i;
      }
    }
    open = -1;
    used = 0;
  };
  for (let i = 0; i < n; i++) {
    const count = counts[i];
    const box = boxWidth(count, metrics);
    const small = count > 0 && box * 2 + gap <= width;
    if (!small) {
      close(i);
      packing.bandFirst[i] = i;
      continue;
    }
    if (open >= 0 && used + gap + box <= width) {
      packing.lefts[i] = used + gap;
      used += gap + box;
    } else {
      close(i);
      open = i;
      packing.lefts[i] = 0;
      used = box;
    }
    packing.widths[i] = box;
    packing.bandFirst[i] = open;
  }
  close(n);
  return packing;
}

/**
 * A packed section's rects: one row from the box's left at the target height, every tile
 * scaled by the same factor when the row would be wider than the box.
 */
export function packedRowRects(
  aspects: Float32Array,
  box: number,
  metrics: GridMetrics,
): Float32Array {
  const { targetRowHeight, spacing } = metrics;
  const count = aspects.length;
  const rects = new Float32Array(count * 4);
  let sum = 0;
  for (let i = 0; i < count; i++) sum += metrics.squareTiles ? 1 : displayAspect(aspects[i]);
  const room = box - (count - 1) * spacing;
  const height = sum > 0 ? Math.min(targetRowHeight, room / sum) : targetRowHeight;
  let x = 0;
  for (let i = 0; i < count; i++) {
    const w = (metrics.squareTiles ? 1 : displayAspect(aspects[i])) * height;
    rects[i * 4] = x;
    rects[i * 4 + 1] = 0;
    rects[i * 4 + 2] = w;
    rects[i * 4 + 3] = height;
    x += w + spacing;
  }
  return rects;
}
