import { describe, expect, it } from 'vitest';
import { SIZE_READS_PER_TASK, totalSize } from './batchSize';

function picked(count: number, reads: { n: number }) {
  return Array.from({ length: count }, (_, i) => ({
    get file() {
      return {
        get size() {
          reads.n++;
          return i + 1;
        },
      } as File;
    },
    ...(i === 0 ? { folder: true } : {}),
  }));
}

/** Resolves `ran()` true once a message posted now has been delivered (one event-loop task). */
function macrotaskProbe(): () => boolean {
  let ran = false;
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    ran = true;
    channel.port1.close();
  };
  channel.port2.postMessage(null);
  return () => ran;
}

describe('totalSize', () => {
  it('sums the sizes (folders count 0), reading each file once', async () => {
    const reads = { n: 0 };
    const count = SIZE_READS_PER_TASK * 2 + 50;
    // 1 + 2 + … + count, minus the folder's 1.
    expect(await totalSize(picked(count, reads))).toBe((count * (count + 1)) / 2 - 1);
    expect(reads.n).toBe(count - 1);
  });

  it('lets the event loop run between slices of a big batch, and not for a small one', async () => {
    const small = macrotaskProbe();
    await totalSize(picked(SIZE_READS_PER_TASK, { n: 0 }));
    expect(small()).toBe(false);

    const big = macrotaskProbe();
    await totalSize(picked(SIZE_READS_PER_TASK + 1, { n: 0 }));
    expect(big()).toBe(true);
  });
});
