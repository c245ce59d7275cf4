/** What the viewer shows when a key comes: the file, and its neighbours once known. */
export interface StepView {
  id: string;
  next: { id: string } | null;
  previous: { id: string } | null;
  /** The neighbours are known (null then means an end of the list). */
  neighboursKnown: boolean;
}

export interface StepQueueDeps {
  /** The file one step from `fromId` (the source's neighbour), or null at an end. */
  walk: (fromId: string, direction: 1 | -1, signal: AbortSignal) => Promise<{ id: string } | null>;
  /** Shows a file (the viewer's URL step). */
  go: (id: string) => void;
}

/**
 * The viewer's manual steps, so that every press counts (issue 34.9: 60 fast ArrowRight presses
 * made 22 steps). A press is counted from where the last press went, not from the file the last
 * render showed: until the URL's new file has rendered and its neighbours are known, the presses
 * wait in order and are walked one by one through the source, and the viewer then goes once to
 * where they lead. With the neighbour known and nothing waiting, a press goes at once.
 */
export class StepQueue {
  /** Where the last press went (ahead of the file on screen until it renders). */
  private target: string | null = null;
  /** Files gone to and not yet shown, oldest first (a render may skip some). */
  private readonly sent: string[] = [];
  private readonly waiting: (1 | -1)[] = [];
  private walking = false;
  private readonly abort = new AbortController();

  constructor(private readonly deps: StepQueueDeps) {}

  /**
   * The viewer shows `fileId`: a step of ours landing (steps sent after it still count), or the
   * slideshow, a delete or a link moving it (steps count from there).
   */
  shown(fileId: string): void {
    const at = this.sent.indexOf(fileId);
    if (at >= 0) {
      this.sent.splice(0, at + 1);
      return;
    }
    if (this.walking || this.waiting.length > 0) return;
    this.sent.length = 0;
    this.target = fileId;
  }

  press(direction: 1 | -1, view: StepView): void {
    const from = this.target ?? view.id;
    if (!this.walking && this.waiting.length === 0 && from === view.id) {
      const known = direction > 0 ? view.next : view.previous;
      if (known) return this.goTo(known.id);
      // The end of the list: nothing to step to.
      if (view.neighboursKnown) return;
    }
    this.waiting.push(direction);
    void this.walk(from);
  }

  /** The viewer closed: what is still walking is dropped. */
  dispose(): void {
    this.abort.abort();
    this.waiting.length = 0;
  }

  private async walk(from: string): Promise<void> {
    if (this.walking) return;
    this.walking = true;
    const { signal } = this.abort;
    let at = from;
    try {
      while (this.waiting.length > 0) {
        const direction = this.waiting.shift()!;
        const found = await this.deps.walk(at, direction, signal).catch(() => null);
        if (signal.aborted) return;
        // At an end of the list the press does nothing; the next ones still count.
        if (found) at = found.id;
      }
    } finally {
      this.walking = false;
    }
    if (at !== from) this.goTo(at);
  }

  private goTo(id: string): void {
    this.target = id;
    this.sent.push(id);
    this.deps.go(id);
  }
}
