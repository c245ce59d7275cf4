/**
 * In-process notifier for the long poll: a waiter is a resolver in a per-job set, so a waiting
 * request costs a closure and a timer, never a busy loop or a database poll. One process owns
 * the database, so in-process is enough.
 */
export class JobEvents {
  private readonly waiters = new Map<number, Set<(serial: number | null) => void>>();
  private count = 0;

  constructor(private readonly maxWaiters = 10_000) {}

  /** Wakes every waiter of the job; call after the transaction that raised the serial commits. */
  notify(job: number, serial: number): void {
    const set = this.waiters.get(job);
    if (!set) return;
    for (const wake of [...set]) wake(serial);
  }

  /**
   * Resolves with the first notified serial above `after`, or null after `timeoutMs` or when
   * `signal` aborts (the client went away). Null at once when too many requests already wait.
   */
  wait(
    job: number,
    after: number,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<number | null> {
    if (this.count >= this.maxWaiters || signal?.aborted) return Promise.resolve(null);
    return new Promise((resolve) => {
      let set = this.waiters.get(job);
      if (!set) {
        set = new Set();
        this.waiters.set(job, set);
      }
      const finish = (serial: number | null) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        set.delete(wake);
        this.count--;
        if (set.size === 0) this.waiters.delete(job);
        resolve(serial);
      };
      // null: released (shutdown); a serial wakes only when it is past the client's.
      const wake = (serial: number | null) => {
        if (serial === null || serial > after) finish(serial);
      };
      const onAbort = () => finish(null);
      const timer = setTimeout(() => finish(null), timeoutMs);
      signal?.addEventListener('abort', onAbort, { once: true });
      set.add(wake);
      this.count++;
    });
  }

  /** Answers every waiter now (shutdown: a long poll must not hold the close for its timeout). */
  releaseAll(): void {
    for (const set of [...this.waiters.values()]) for (const wake of [...set]) wake(null);
  }

  /** Requests waiting now (tests and stats). */
  get waiting(): number {
    return this.count;
  }
}
