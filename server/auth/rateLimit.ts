/**
 * A fixed-window request counter: at most `limit` uses of a key per `windowSeconds`. Used where
 * anyone without an account may write (visitor names and visitor comments, issue 14), so one
 * address or one visitor cannot flood an album. In memory like the login throttle: a restart
 * forgets the counts.
 */
export interface RateRule {
  limit: number;
  windowSeconds: number;
}

interface Window {
  start: number;
  used: number;
}

/** Bounds memory under a flood of keys: the oldest windows are dropped first. */
const MAX_KEYS = 50_000;

export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly rule: RateRule,
    private readonly now: () => number,
  ) {}

  /**
   * Counts one use of `key`: 0 when it is allowed, else the seconds until its window ends (the
   * use is not counted then, so a refused caller does not extend its own wait).
   */
  take(key: string): number {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || now >= window.start + this.rule.windowSeconds) {
      window = { start: now, used: 0 };
      this.windows.delete(key);
      this.windows.set(key, window);
      this.prune();
    }
    if (window.used >= this.rule.limit) {
      return Math.max(1, window.start + this.rule.windowSeconds - now);
    }
    window.used += 1;
    return 0;
  }

  private prune(): void {
    // A Map iterates in insertion order, and a new window is re-inserted: the first is oldest.
    while (this.windows.size > MAX_KEYS) {
      const oldest = this.windows.keys().next().value;
      if (oldest === undefined) return;
      this.windows.delete(oldest);
    }
  }
}
