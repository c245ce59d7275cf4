/**
 * Decodes of pictures users gave us (uploads, their thumbnails, HEIC conversions, profile
 * pictures) are bounded (issue 23: four 16000² PNGs decoded at once took +290 MiB): at most
 * MAX_CONCURRENT_DECODES run at a time, the rest wait in order, and each is opened with
 * LIMIT_INPUT_PIXELS so one crafted header cannot make libvips allocate gigabytes. Synthetic
 * drawings of seeded files (small SVGs) do not count.
 */

/** One per core of the 2-core server. */
export const MAX_CONCURRENT_DECODES = 2;

/**
 * sharp's limitInputPixels for users' pictures: 200 MP keeps the largest phone sensors
 * (16320×12240) and refuses decompression bombs like 16000² (256 MP, just under sharp's own
 * default of 0x3FFF²). A picture over it is still stored; its thumbnails are drawn synthetically.
 */
export const LIMIT_INPUT_PIXELS = 200_000_000;

export class DecodeLimiter {
  private active = 0;
  private peak = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly limit: number = MAX_CONCURRENT_DECODES) {}

  /** Runs `work` when a slot is free; the slot is freed when it settles, failed or not. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  /** What runs, what waits, and the most that ever ran at once. */
  stats(): { active: number; waiting: number; peak: number } {
    return { active: this.active, waiting: this.waiting.length, peak: this.peak };
  }

  private async acquire(): Promise<void> {
    if (this.active < this.limit) this.active++;
    // A freed slot is handed straight to the next waiter (active stays the same).
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.peak = Math.max(this.peak, this.active);
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }
}
