import { describe, expect, it } from 'vitest';
import { FastScrollModel, MIN_MONTH_TRACK_PX, YEAR_LABEL_MIN_GAP_PX } from './FastScrollModel';
import { seededRandom } from '../layout/aspectMix';
import { SyntheticIndex, twentyFiveYearLibrary } from './testIndex';

const TRACK_PX = 600;

function library() {
  const index = twentyFiveYearLibrary();
  return { index, model: new FastScrollModel(index, TRACK_PX) };
}

function monthSizes(model: FastScrollModel): number[] {
  const sizes: number[] = [];
  for (let m = 0; m < model.monthCount; m++) {
    sizes.push(model.monthTop(m + 1) - model.monthTop(m));
  }
  return sizes;
}

describe('FastScrollModel over 25 years and 2,000,000 files', () => {
  it('groups day-range sections into months, newest first', () => {
    const { index, model } = library();
    expect(index.sectionCount).toBeGreaterThan(model.monthCount);
    expect(model.monthCount).toBeGreaterThan(250);
    expect(model.monthDate(0)).toEqual({ year: 2024, month: 12 });
    expect(model.monthDate(model.monthCount - 1).year).toBe(2000);
    expect(index.totalHeight()).toBeGreaterThan(50_000_000);
  });

  it('is very uneven: the densest month is millions of px, the sparsest a few hundred', () => {
    const sizes = monthSizes(library().model).slice(0, -1);
    expect(Math.max(...sizes)).toBeGreaterThan(1_000_000);
    expect(Math.min(...sizes)).toBeLessThan(300);
  });

  it('reaches every month from some whole-pixel track position', () => {
    const { model } = library();
    const reached = new Set<number>();
    for (let px = 0; px <= TRACK_PX; px++) {
      reached.add(model.monthIndexAt(model.trackToPosition(px / TRACK_PX)));
    }
    expect(reached.size).toBe(model.monthCount);
  });

  it('gives every month at least MIN_MONTH_TRACK_PX of track', () => {
    const { model } = library();
    for (let m = 0; m < model.monthCount; m++) {
      const px = (model.monthTrackStart(m + 1) - model.monthTrackStart(m)) * TRACK_PX;
      expect(px).toBeGreaterThanOrEqual(MIN_MONTH_TRACK_PX - 1e-9);
    }
  });

  it('lands a jump to a month start on that month', () => {
    const { model } = library();
    for (let m = 0; m < model.monthCount; m++) {
      const y = model.trackToPosition(model.monthTrackStart(m));
      expect(y).toBe(model.monthTop(m));
      expect(model.monthIndexAt(y)).toBe(m);
      expect(model.monthIndexAtTrack(model.monthTrackStart(m))).toBe(m);
    }
  });

  it('round-trips position -> track -> position, monotonically', () => {
    const { index, model } = library();
    const random = seededRandom(7);
    const total = index.totalHeight();
    let previous = -1;
    for (let i = 0; i < 2000; i++) {
      const y = (i / 2000) * total;
      const fraction = model.positionToTrack(y);
      expect(fraction).toBeGreaterThanOrEqual(previous);
      previous = fraction;
      expect(model.trackToPosition(fraction)).toBeCloseTo(y, 4);
      const z = random() * total;
      expect(model.trackToPosition(model.positionToTrack(z))).toBeCloseTo(z, 4);
      const f = random();
      expect(model.positionToTrack(model.trackToPosition(f))).toBeCloseTo(f, 12);
    }
    expect(model.positionToTrack(0)).toBe(0);
    expect(model.positionToTrack(total)).toBe(1);
    expect(model.trackToPosition(1)).toBe(total);
  });

  it('thins year labels so they never overlap', () => {
    const { model } = library();
    for (const height of [TRACK_PX, 300, 120]) {
      const markers = model.yearMarkers(height);
      expect(markers[0]).toMatchObject({ year: 2024, offset: 0 });
      for (let i = 1; i < markers.length; i++) {
        expect(markers[i].offset - markers[i - 1].offset).toBeGreaterThanOrEqual(
          YEAR_LABEL_MIN_GAP_PX,
        );
        expect(markers[i].year).toBeLessThan(markers[i - 1].year);
      }
    }
    expect(model.yearMarkers(TRACK_PX).length).toBeGreaterThan(20);
    expect(model.yearMarkers(120).length).toBeLessThanOrEqual(8);
  });

  it('tells the date at a position', () => {
    const { model } = library();
    const m = 40;
    const y = (model.monthTop(m) + model.monthTop(m + 1)) / 2;
    expect(model.dateAt(y)).toEqual(model.monthDate(m));
  });

  it('steps a year by calendar, not by month slots', () => {
    const index = new SyntheticIndex([
      { year: 2020, month: 5, height: 100 },
      { year: 2020, month: 3, height: 100 },
      { year: 2019, month: 6, height: 100 },
      { year: 2019, month: 3, height: 100 },
      { year: 2017, month: 1, height: 100 },
    ]);
    const model = new FastScrollModel(index);
    expect(model.monthOneYearFrom(1, 1)).toBe(3); // 2020-03 -> 2019-03
    expect(model.monthOneYearFrom(0, 1)).toBe(3); // 2020-05 -> first at least 12 months older
    expect(model.monthOneYearFrom(3, 1)).toBe(4);
    expect(model.monthOneYearFrom(4, 1)).toBe(4);
    expect(model.monthOneYearFrom(3, -1)).toBe(1);
    expect(model.monthOneYearFrom(1, -1)).toBe(0); // nothing a year newer: the top
  });

  it('follows height changes and a track too short for 2 px a month', () => {
    const { index, model } = library();
    const before = model.monthTrackStart(10);
    expect(model.refresh()).toBe(false);
    index.setHeight(0, index.sectionTop(1) + 5_000_000);
    expect(model.refresh()).toBe(true);
    expect(model.monthTrackStart(10)).toBeGreaterThan(before);

    model.setTrackHeight(model.monthCount); // one pixel a month at best: fully even
    const share = model.monthTrackStart(1) - model.monthTrackStart(0);
    expect(share).toBeCloseTo(1 / model.monthCount, 12);
  });

  it('copes with an empty timeline', () => {
    const model = new FastScrollModel(new SyntheticIndex([]));
    expect(model.monthCount).toBe(0);
    expect(model.trackToPosition(0.5)).toBe(0);
    expect(model.positionToTrack(100)).toBe(0);
    expect(model.dateAt(0)).toBeUndefined();
    expect(model.yearMarkers(TRACK_PX)).toEqual([]);
  });
});
