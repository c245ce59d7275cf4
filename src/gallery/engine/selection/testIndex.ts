import type { CalendarIndex, SelectableIndex } from './types';

/**
 * A SelectableIndex over fixed section sizes, for tests and the bench: ids are "s:i", and
 * `load` marks sections loaded the way TimelineModel would once their files arrive.
 */
export class TestSelectableIndex implements SelectableIndex, CalendarIndex {
  readonly sizes: number[];
  readonly loaded: boolean[];
  /** Year and month per section; by default one month per section, newest first from 2024-12. */
  readonly months: { year: number; month: number }[];

  constructor(sizes: number[], loaded: boolean | boolean[] = true) {
    this.sizes = [...sizes];
    this.loaded = Array.isArray(loaded) ? [...loaded] : sizes.map(() => loaded);
    this.months = sizes.map((_, s) => ({
      year: 2024 - Math.floor(s / 12),
      month: 12 - (s % 12),
    }));
  }

  /** `count` sections of `size` items each. */
  static uniform(count: number, size: number, loaded: boolean | boolean[] = true) {
    return new TestSelectableIndex(new Array<number>(count).fill(size), loaded);
  }

  get sectionCount(): number {
    return this.sizes.length;
  }
  sectionSize(section: number): number {
    return this.sizes[section] ?? 0;
  }
  isLoaded(section: number): boolean {
    return this.loaded[section] ?? false;
  }
  fileId(section: number, item: number): string {
    if (!this.isLoaded(section)) throw new Error(`fileId of unloaded section ${section}`);
    return `${section}:${item}`;
  }
  sectionYear(section: number): number {
    return this.months[section]?.year ?? 0;
  }
  sectionMonth(section: number): number {
    return this.months[section]?.month ?? 1;
  }

  load(sections: readonly number[]): void {
    for (const s of sections) this.loaded[s] = true;
  }
}
