import { describe, expect, it } from 'vitest';
import {
  countBits,
  fillBits,
  forEachSetBit,
  popcount32,
  testBit,
  wordMask,
  wordsFor,
  writeBit,
} from './bitset';

/** Deterministic PRNG so failures replay. */
function random(seed: number): () => number {
  return () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
}

describe('bitset', () => {
  it('counts bits of any word', () => {
    expect(popcount32(0)).toBe(0);
    expect(popcount32(0xffffffff)).toBe(32);
    expect(popcount32(0x80000000)).toBe(1);
    expect(popcount32(-1)).toBe(32);
    expect(popcount32(0b1011)).toBe(3);
  });

  it('masks bit ranges within a word, as unsigned numbers', () => {
    expect(wordMask(0, 32)).toBe(0xffffffff);
    expect(wordMask(0, 1)).toBe(1);
    expect(wordMask(31, 32)).toBe(0x80000000);
    expect(wordMask(0, 31)).toBe(0x7fffffff);
    expect(wordMask(4, 8)).toBe(0xf0);
  });

  it('sizes words by rounding up', () => {
    expect([0, 1, 31, 32, 33, 64, 500].map(wordsFor)).toEqual([0, 1, 1, 1, 2, 2, 16]);
  });

  it('writes single bits and reports whether they changed', () => {
    const words = new Uint32Array(3);
    expect(writeBit(words, 1, 33, true)).toBe(true);
    expect(writeBit(words, 1, 33, true)).toBe(false);
    expect(testBit(words, 1, 33)).toBe(true);
    expect(words[2]).toBe(2);
    expect(writeBit(words, 1, 63, true)).toBe(true);
    expect(words[2]).toBe(0x80000002);
    expect(writeBit(words, 1, 33, false)).toBe(true);
    expect(testBit(words, 1, 33)).toBe(false);
    expect(words[0]).toBe(0);
  });

  it('fills and counts any range like a bit-by-bit reference', () => {
    const next = random(7);
    const bits = 200;
    const base = 2;
    const words = new Uint32Array(base + wordsFor(bits) + 1);
    const reference = new Array<boolean>(bits).fill(false);
    for (let round = 0; round < 2000; round++) {
      const a = Math.floor(next() * (bits + 1));
      const b = Math.floor(next() * (bits + 1));
      const from = Math.min(a, b);
      const to = Math.max(a, b);
      const on = next() < 0.6;
      fillBits(words, base, from, to, on);
      for (let i = from; i < to; i++) reference[i] = on;
      const c = Math.floor(next() * (bits + 1));
      const d = Math.floor(next() * (bits + 1));
      const lo = Math.min(c, d);
      const hi = Math.max(c, d);
      const expected = reference.slice(lo, hi).filter(Boolean).length;
      expect(countBits(words, base, lo, hi)).toBe(expected);
    }
    for (let i = 0; i < bits; i++) expect(testBit(words, base, i)).toBe(reference[i]);
    // Words outside [base, base + wordsFor(bits)) are never touched.
    expect(words[0]).toBe(0);
    expect(words[1]).toBe(0);
    expect(words[words.length - 1]).toBe(0);
  });

  it('visits set bits in order, stopping at the size', () => {
    const words = new Uint32Array(3);
    for (const bit of [0, 5, 31, 32, 63, 64, 70]) writeBit(words, 0, bit, true);
    const seen: number[] = [];
    forEachSetBit(words, 0, 65, (bit) => seen.push(bit));
    expect(seen).toEqual([0, 5, 31, 32, 63, 64]);
  });
});
