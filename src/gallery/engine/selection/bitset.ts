/**
 * Bit ranges over Uint32Array words. A range is [from, to) in bits, counted from word `base`.
 * Whole words are filled at once and only the two end words are masked, so selecting 100,000
 * items touches about 3,125 words.
 */

const ALL_ONES = 0xffffffff;

/** Bits set in a 32-bit word (SWAR popcount). */
export function popcount32(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** Bits [from, to) of one word, 0 <= from < to <= 32, as an unsigned number. */
export function wordMask(from: number, to: number): number {
  // `(1 << 31) - 1` leaves int32 range; the `&` brings it back to 0x7fffffff.
  const upper = to >= 32 ? -1 : (1 << to) - 1;
  const lower = (1 << from) - 1;
  return (upper & ~lower) >>> 0;
}

/** Words needed for `bits` bits. */
export function wordsFor(bits: number): number {
  return (bits + 31) >>> 5;
}

export function testBit(words: Uint32Array, base: number, bit: number): boolean {
  return ((words[base + (bit >>> 5)] >>> (bit & 31)) & 1) === 1;
}

/** Sets or clears one bit; returns true when it changed. */
export function writeBit(words: Uint32Array, base: number, bit: number, on: boolean): boolean {
  const w = base + (bit >>> 5);
  const m = 1 << (bit & 31);
  const old = words[w];
  const next = on ? (old | m) >>> 0 : (old & ~m) >>> 0;
  words[w] = next;
  return next !== old;
}

export function fillBits(
  words: Uint32Array,
  base: number,
  from: number,
  to: number,
  on: boolean,
): void {
  if (from >= to) return;
  const first = base + (from >>> 5);
  const last = base + ((to - 1) >>> 5);
  const fromBit = from & 31;
  const toBit = ((to - 1) & 31) + 1;
  if (first === last) {
    applyMask(words, first, wordMask(fromBit, toBit), on);
    return;
  }
  applyMask(words, first, wordMask(fromBit, 32), on);
  if (last > first + 1) words.fill(on ? ALL_ONES : 0, first + 1, last);
  applyMask(words, last, wordMask(0, toBit), on);
}

export function countBits(words: Uint32Array, base: number, from: number, to: number): number {
  if (from >= to) return 0;
  const first = base + (from >>> 5);
  const last = base + ((to - 1) >>> 5);
  const fromBit = from & 31;
  const toBit = ((to - 1) & 31) + 1;
  if (first === last) return popcount32(words[first] & wordMask(fromBit, toBit));
  let count = popcount32(words[first] & wordMask(fromBit, 32));
  for (let w = first + 1; w < last; w++) count += popcount32(words[w]);
  return count + popcount32(words[last] & wordMask(0, toBit));
}

/** Calls `visit` with every set bit below `size`, in increasing order. */
export function forEachSetBit(
  words: Uint32Array,
  base: number,
  size: number,
  visit: (bit: number) => void,
): void {
  const count = wordsFor(size);
  for (let w = 0; w < count; w++) {
    let x = words[base + w] | 0;
    while (x !== 0) {
      const lowest = x & -x;
      const bit = (w << 5) + 31 - Math.clz32(lowest);
      if (bit >= size) return;
      visit(bit);
      x ^= lowest;
    }
  }
}

function applyMask(words: Uint32Array, w: number, mask: number, on: boolean): void {
  words[w] = on ? (words[w] | mask) >>> 0 : (words[w] & ~mask) >>> 0;
}
