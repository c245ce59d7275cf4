/** Loads the given sections; resolves once their files are known. Should honour the signal. */
export type LoadSections = (sections: number[], signal: AbortSignal) => Promise<void>;

/**
 * At most one range select waiting for its sections to load: starting another, `cancel()` or
 * the caller's signal abandons the one before. `onBusyChange` is called whenever `busy` flips.
 */
export class RangeLoader {
  private pending: AbortController | null = null;

  constructor(
    private readonly load: LoadSections,
    private readonly onBusyChange: () => void,
  ) {}

  get busy(): boolean {
    return this.pending !== null;
  }

  cancel(): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = null;
    pending.abort();
    this.onBusyChange();
  }

  /**
   * Loads `sections`, then runs `apply` in the same task if this request is still the current
   * one, so nothing can slip in between the load and the apply. Resolves 'cancelled' as soon as
   * it is cancelled, even if the loader ignores the signal; rejects with the loader's error.
   */
  async run<T>(
    sections: number[],
    signal: AbortSignal | undefined,
    apply: () => T,
  ): Promise<T | 'cancelled'> {
    this.cancel();
    if (signal?.aborted) return 'cancelled';
    const controller = new AbortController();
    this.pending = controller;
    const forward = () => {
      if (this.pending === controller) this.cancel();
    };
    signal?.addEventListener('abort', forward, { once: true });
    this.onBusyChange();
    const cancelled = new Promise<void>((resolve) =>
      controller.signal.addEventListener('abort', () => resolve(), { once: true }),
    );
    try {
      await Promise.race([this.load(sections, controller.signal), cancelled]);
    } catch (error) {
      if (this.pending !== controller) return 'cancelled';
      this.pending = null;
      this.onBusyChange();
      throw error;
    } finally {
      signal?.removeEventListener('abort', forward);
    }
    if (this.pending !== controller) return 'cancelled';
    // Not busy any more; `apply` reports its own change, so no separate notification here.
    this.pending = null;
    return apply();
  }
}
