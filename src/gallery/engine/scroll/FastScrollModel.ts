/**
 * What the fast scroller needs of a timeline. Sections are contiguous in layout space
 * (`sectionTop(i + 1) === sectionTop(i) + height of i`, gaps included) and ordered as drawn, top
 * first. A month may span several consecutive sections (day ranges of a dense month).
 * Every call must be O(1) or O(log n): the scroller asks on every frame.
 */
export interface TimelineIndex {
  readonly sectionCount: number;
  /** Layout-space top of section i (float64). */
  sectionTop(i: number): number;
  sectionYear(i: number): number;
  /** 1..12 */
  sectionMonth(i: number): number;
  totalHeight(): number;
  /** The last section whose top is <= y (0 above the first); -1 when there are no sections. */
  sectionIndexAt(y: number): number;
}

export interface MonthDate {
  year: number;
  /** 1..12 */
  month: number;
}

export interface YearMarker {
  year: number;
  /** The month (from the top) where the year's label sits: its first month in track order. */
  monthIndex: number;
  /** Offset from the top of the track's usable height, px. */
  offset: number;
}

/** Every month keeps at least this many track pixels whenever the track is tall enough. */
export const MIN_MONTH_TRACK_PX = 2;
/** At least this share of the track is split evenly between months (see `FastScrollModel`). */
export const MIN_EVEN_SHARE = 0.5;
export const YEAR_LABEL_MIN_GAP_PX = 16;

/**
 * Maps the fast scroller's track (a fraction 0..1 of its usable height) to layout space.
 *
 * A track proportional to pixels alone loses small months: in a 2,000,000-file library 60
 * million px tall, one track pixel spans ~75,000 px, and a month of ten photos (~400 px) owns no
 * pixel at all. A track split evenly per month reaches every month, but makes the thumb crawl
 * through dense months and leap across sparse ones while the wheel scrolls at a steady speed.
 *
 * So each month m gets the share  a / M + (1 - a) * height(m) / totalHeight  of the track (M
 * months), and within its share the track is linear in the month's pixels. The even part
 * a = clamp(MIN_MONTH_TRACK_PX * M / trackHeight, MIN_EVEN_SHARE, 1) is raised just enough that
 * every month keeps MIN_MONTH_TRACK_PX pixels (whole-pixel pointers can hit it); when even that
 * cannot be had, the track is fully even, which is the most any month can get. The mapping is
 * monotonic and continuous, so position -> track -> position round-trips exactly.
 */
export class FastScrollModel {
  private monthOfSection = new Int32Array(0);
  /** First section of each month, plus sectionCount at the end. */
  private monthFirstSection = new Int32Array(1);
  private monthYears = new Int32Array(0);
  private monthMonths = new Int8Array(0);
  private months = 0;
  /** Track fraction where each month starts, plus 1 at the end. */
  private trackStarts = new Float64Array(1);
  private trackHeight: number;
  private builtSectionCount = -1;
  private builtTotal = Number.NaN;
  private builtTrackHeight = Number.NaN;
  private monthsStale = true;
  private recomputed = 0;

  constructor(
    private readonly index: TimelineIndex,
    trackHeight = 600,
  ) {
    this.trackHeight = Math.max(1, trackHeight);
  }

  /** The usable track height in px: it decides how much of the track is split evenly. */
  setTrackHeight(height: number): void {
    this.trackHeight = Math.max(1, height);
  }

  /** Sections were replaced with the same count (e.g. expired months reloaded): regroup. */
  sectionsChanged(): void {
    this.monthsStale = true;
  }

  /**
   * Brings months and track shares up to date with the index (count, total height, track
   * height). Cheap when nothing changed; returns true when something was recomputed.
   */
  refresh(): boolean {
    const sectionCount = this.index.sectionCount;
    const total = this.index.totalHeight();
    if (this.monthsStale || sectionCount !== this.builtSectionCount) {
      this.groupMonths(sectionCount);
    } else if (total === this.builtTotal && this.trackHeight === this.builtTrackHeight) {
      return false;
    }
    this.computeShares(total);
    this.recomputed++;
    return true;
  }

  /** Grows with every recompute of months or shares: views compare it to know when to redraw. */
  get version(): number {
    this.refresh();
    return this.recomputed;
  }

  get monthCount(): number {
    this.refresh();
    return this.months;
  }

  monthDate(monthIndex: number, out: MonthDate = { year: 0, month: 1 }): MonthDate {
    this.refresh();
    out.year = this.monthYears[monthIndex] ?? 0;
    out.month = this.monthMonths[monthIndex] ?? 1;
    return out;
  }

  /** Layout-space top of a month: its first section's top. */
  monthTop(monthIndex: number): number {
    this.refresh();
    if (this.months === 0) return 0;
    const m = Math.max(0, Math.min(this.months - 1, monthIndex));
    return this.index.sectionTop(this.monthFirstSection[m]);
  }

  /** Track fraction where a month starts; `trackToPosition` of it is the month's top. */
  monthTrackStart(monthIndex: number): number {
    this.refresh();
    return this.trackStarts[Math.max(0, Math.min(this.months, monthIndex))];
  }

  /** The month at layout position y, from the top; -1 without months. */
  monthIndexAt(y: number): number {
    this.refresh();
    const section = this.index.sectionIndexAt(y);
    return section < 0 ? -1 : this.monthOfSection[section];
  }

  /** The month at a track fraction, from the top; -1 without months. */
  monthIndexAtTrack(fraction: number): number {
    this.refresh();
    if (this.months === 0) return -1;
    // Binary search: the last month whose track start is <= fraction.
    let lo = 0;
    let hi = this.months - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (this.trackStarts[mid] <= fraction) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  trackToPosition(fraction: number): number {
    const m = this.monthIndexAtTrack(fraction);
    if (m < 0) return 0;
    const f = Math.max(0, Math.min(1, fraction));
    const start = this.trackStarts[m];
    const share = this.trackStarts[m + 1] - start;
    const within = share > 0 ? Math.min(1, (f - start) / share) : 0;
    const top = this.monthTop(m);
    return top + within * (this.monthBottom(m) - top);
  }

  positionToTrack(y: number): number {
    const m = this.monthIndexAt(y);
    if (m < 0) return 0;
    const top = this.monthTop(m);
    const height = this.monthBottom(m) - top;
    const within = height > 0 ? Math.max(0, Math.min(1, (y - top) / height)) : 0;
    const start = this.trackStarts[m];
    return start + within * (this.trackStarts[m + 1] - start);
  }

  dateAt(y: number, out?: MonthDate): MonthDate | undefined {
    const m = this.monthIndexAt(y);
    return m < 0 ? undefined : this.monthDate(m, out);
  }

  /**
   * The month reached by moving one year from `monthIndex` towards the bottom (direction 1) or
   * the top (-1): the first month at least twelve calendar months away, else the last one there.
   */
  monthOneYearFrom(monthIndex: number, direction: 1 | -1): number {
    this.refresh();
    if (this.months === 0) return -1;
    const from = this.calendarMonth(monthIndex);
    let m = monthIndex;
    while (m + direction >= 0 && m + direction < this.months) {
      m += direction;
      if (Math.abs(this.calendarMonth(m) - from) >= 12) break;
    }
    return m;
  }

  /**
   * Year labels along a track of `trackHeight` px, at each year's first month, thinned from the
   * top so no two are closer than `minGap` px. Allocates: call it when the layout changes.
   */
  yearMarkers(trackHeight: number, minGap = YEAR_LABEL_MIN_GAP_PX): YearMarker[] {
    this.refresh();
    const markers: YearMarker[] = [];
    let lastOffset = Number.NEGATIVE_INFINITY;
    for (let m = 0; m < this.months; m++) {
      const year = this.monthYears[m];
      if (m > 0 && year === this.monthYears[m - 1]) continue;
      const offset = this.trackStarts[m] * trackHeight;
      if (offset - lastOffset < minGap) continue;
      markers.push({ year, monthIndex: m, offset });
      lastOffset = offset;
    }
    return markers;
  }

  private monthBottom(m: number): number {
    return m + 1 < this.months
      ? this.index.sectionTop(this.monthFirstSection[m + 1])
      : this.index.totalHeight();
  }

  private calendarMonth(m: number): number {
    return this.monthYears[m] * 12 + this.monthMonths[m] - 1;
  }

  private groupMonths(sectionCount: number): void {
    const index = this.index;
    this.monthOfSection = new Int32Array(sectionCount);
    const firsts = new Int32Array(sectionCount + 1);
    const years = new Int32Array(sectionCount);
    const months = new Int8Array(sectionCount);
    let count = 0;
    for (let s = 0; s < sectionCount; s++) {
      const year = index.sectionYear(s);
      const month = index.sectionMonth(s);
      if (count === 0 || year !== years[count - 1] || month !== months[count - 1]) {
        firsts[count] = s;
        years[count] = year;
        months[count] = month;
        count++;
      }
      this.monthOfSection[s] = count - 1;
    }
    firsts[count] = sectionCount;
    this.months = count;
    this.monthFirstSection = firsts.slice(0, count + 1);
    this.monthYears = years.slice(0, count);
    this.monthMonths = months.slice(0, count);
    this.builtSectionCount = sectionCount;
    this.monthsStale = false;
  }

  private computeShares(total: number): void {
    const months = this.months;
    if (this.trackStarts.length !== months + 1) this.trackStarts = new Float64Array(months + 1);
    const even =
      total > 0
        ? Math.max(MIN_EVEN_SHARE, Math.min(1, (MIN_MONTH_TRACK_PX * months) / this.trackHeight))
        : 1;
    let start = 0;
    for (let m = 0; m < months; m++) {
      this.trackStarts[m] = start;
      const top = this.index.sectionTop(this.monthFirstSection[m]);
      const bottom = m + 1 < months ? this.index.sectionTop(this.monthFirstSection[m + 1]) : total;
      start += even / months + (total > 0 ? ((1 - even) * Math.max(0, bottom - top)) / total : 0);
    }
    // Pin the end so rounding can never leave a sliver of track beyond the last month.
    this.trackStarts[months] = 1;
    this.builtTotal = total;
    this.builtTrackHeight = this.trackHeight;
  }
}
