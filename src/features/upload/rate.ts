import { UPLOAD_RATE_WINDOW_MS } from '../../domain/constants';
import type { UploadRate } from './model';

/** The panel's speed and time left change at most this often (a reading a second). */
const READING_EVERY_MS = 1000;

/**
 * Issue 32: speed and time left of one upload, from its progress (bytes of the file sent, at a
 * time in ms). The speed is the bytes sent over the last `windowMs`, so a line that slows down
 * shows it within seconds; a reading needs a second of progress first. Bytes going back (a
 * resumed upload starts at the server's offset, below what was sent) start the window afresh.
 */
export class RateMeter {
  private readonly samples: { at: number; bytes: number }[] = [];
  private lastReadingAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly windowMs = UPLOAD_RATE_WINDOW_MS) {}

  add(at: number, bytes: number): void {
    const last = this.samples.at(-1);
    if (last && bytes < last.bytes) this.samples.length = 0;
    this.samples.push({ at, bytes });
    // Keep one sample at or before the window's start, so the window is always covered.
    while (this.samples.length > 2 && this.samples[1].at <= at - this.windowMs) {
      this.samples.shift();
    }
  }

  /** Bytes a second over the window, or null until a second of progress was seen. */
  bytesPerSecond(): number | null {
    const first = this.samples[0];
    const last = this.samples.at(-1);
    if (!first || !last || last.at - first.at < READING_EVERY_MS) return null;
    return ((last.bytes - first.bytes) * 1000) / (last.at - first.at);
  }

  /** A reading for the panel when one is due (at most once a second), else null. */
  reading(at: number, total: number): UploadRate | null {
    if (at - this.lastReadingAt < READING_EVERY_MS) return null;
    const speed = this.bytesPerSecond();
    const last = this.samples.at(-1);
    if (speed === null || !last || speed <= 0) return null;
    this.lastReadingAt = at;
    return {
      bytesPerSecond: speed,
      secondsLeft: Math.max(0, (total - last.bytes) / speed),
    };
  }
}
