import type { TimelineIndex } from './FastScrollModel';
import { seededRandom } from '../layout/aspectMix';

export interface SyntheticSection {
  year: number;
  month: number;
  height: number;
}

/** A TimelineIndex over fixed sections, for tests: float64 prefix sums and binary search. */
export class SyntheticIndex implements TimelineIndex {
  private tops: Float64Array;

  constructor(public sections: SyntheticSection[]) {
    this.tops = new Float64Array(sections.length + 1);
    this.recompute();
  }

  get sectionCount(): number {
    return this.sections.length;
  }
  sectionTop(i: number): number {
    return this.tops[i];
  }
  sectionYear(i: number): number {
    return this.sections[i].year;
  }
  sectionMonth(i: number): number {
    return this.sections[i].month;
  }
  totalHeight(): number {
    return this.tops[this.sections.length];
  }
  sectionIndexAt(y: number): number {
    const n = this.sections.length;
    if (n === 0) return -1;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (this.tops[mid] <= y) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  setHeight(i: number, height: number): void {
    this.sections[i].height = height;
    this.recompute();
  }

  private recompute(): void {
    if (this.tops.length !== this.sections.length + 1) {
      this.tops = new Float64Array(this.sections.length + 1);
    }
    for (let i = 0; i < this.sections.length; i++) {
      this.tops[i + 1] = this.tops[i] + this.sections[i].height;
    }
  }
}

/** Estimated section height for `count` items: header and gaps, 6 items of 180 px a row. */
function heightFor(count: number): number {
  return 30 + 12 + Math.ceil(count / 6) * 182 + 44;
}

/**
 * 25 years (2000-01 … 2024-12), newest first, 2,000,000 items spread very unevenly: most months
 * hold a handful, a few hold hundreds of thousands (split into day-range sections, as the
 * server does for dense months), and some months are empty and absent.
 */
export function twentyFiveYearLibrary(total = 2_000_000): SyntheticIndex {
  const random = seededRandom(2019);
  const weights: { year: number; month: number; weight: number }[] = [];
  for (let year = 2024; year >= 2000; year--) {
    for (let month = 12; month >= 1; month--) {
      const roll = random();
      if (roll < 0.08) continue; // no photos that month
      // Heavy tail: weight spans six orders of magnitude.
      weights.push({ year, month, weight: Math.pow(10, random() * 6) * (roll > 0.97 ? 50 : 1) });
    }
  }
  const sum = weights.reduce((s, w) => s + w.weight, 0);
  const sections: SyntheticSection[] = [];
  let assigned = 0;
  weights.forEach((w, i) => {
    const count =
      i === weights.length - 1
        ? total - assigned
        : Math.max(1, Math.floor((w.weight / sum) * total));
    assigned += count;
    // Dense months come as up to three day-range sections.
    const parts = count > 50_000 ? 3 : 1;
    for (let p = 0; p < parts; p++) {
      sections.push({ year: w.year, month: w.month, height: heightFor(Math.ceil(count / parts)) });
    }
  });
  return new SyntheticIndex(sections);
}
