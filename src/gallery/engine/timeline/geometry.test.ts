import { describe, expect, it } from 'vitest';
import {
  firstItemBelow,
  itemAtPoint,
  nearestInRow,
  rowCountOf,
  rowOf,
  rowStarts,
} from './geometry';

/** Rows: [0,1,2] at y 0 (h 100), [3,4] at y 102 (h 80), [5] at y 184 (h 120). */
const rects = new Float32Array([
  0, 0, 150, 100, 152, 0, 100, 100, 254, 0, 200, 100, 0, 102, 300, 80, 302, 102, 100, 80, 0, 184,
  120, 120,
]);

describe('section geometry', () => {
  it('finds the first item whose row reaches below y', () => {
    expect(firstItemBelow(rects, -5)).toBe(0);
    expect(firstItemBelow(rects, 99)).toBe(0);
    expect(firstItemBelow(rects, 100)).toBe(3);
    expect(firstItemBelow(rects, 400)).toBe(6);
  });

  it('hit-tests items, and misses gaps between tiles and rows', () => {
    expect(itemAtPoint(rects, 10, 10)).toBe(0);
    expect(itemAtPoint(rects, 160, 50)).toBe(1);
    expect(itemAtPoint(rects, 151, 50)).toBe(-1); // the 2 px gap between 0 and 1
    expect(itemAtPoint(rects, 10, 101)).toBe(-1); // the gap between rows
    expect(itemAtPoint(rects, 350, 150)).toBe(4);
    expect(itemAtPoint(rects, 500, 150)).toBe(-1); // right of the row's last tile
    expect(itemAtPoint(rects, 10, 300)).toBe(5);
    expect(itemAtPoint(rects, 10, 305)).toBe(-1); // below the last row
  });

  it('knows rows: their starts, the row of an item and the nearest item of a row', () => {
    expect([...rowStarts(rects)]).toEqual([0, 3, 5, 6]);
    expect(rowStarts(rects)).toBe(rowStarts(rects)); // cached per rects array
    expect(rowCountOf(rects)).toBe(3);
    expect([0, 1, 2, 3, 4, 5].map((i) => rowOf(rects, i))).toEqual([0, 0, 0, 1, 1, 2]);
    expect(nearestInRow(rects, 1, 200)).toBe(3); // centre 150 is nearer than 352
    expect(nearestInRow(rects, 1, 340)).toBe(4);
    expect(nearestInRow(rects, 0, 400)).toBe(2);
    expect(nearestInRow(rects, 3, 0)).toBe(-1);
  });
});
