import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checksumWorkerApi } from './checksum.worker';

const sha1 = (data: Uint8Array) => createHash('sha1').update(data).digest('hex');

/** A Blob whose reads are counted, to prove the worker never asks for more than one chunk. */
class CountingBlob extends Blob {
  largestRead = 0;
  override slice(start?: number, end?: number, type?: string): Blob {
    const piece = super.slice(start, end, type);
    this.largestRead = Math.max(this.largestRead, piece.size);
    return piece;
  }
}

describe('checksum worker', () => {
  it('matches node:crypto SHA-1 across chunk boundaries', async () => {
    const data = randomBytes(1_000_003);
    for (const chunk of [4096, 65_536, 999_999, 2_000_000]) {
      await expect(checksumWorkerApi.sha1(new Blob([data]), chunk)).resolves.toBe(sha1(data));
    }
    const small = randomBytes(97);
    await expect(checksumWorkerApi.sha1(new Blob([small]), 1)).resolves.toBe(sha1(small));
  });

  it('hashes an empty file', async () => {
    await expect(checksumWorkerApi.sha1(new Blob([]))).resolves.toBe(
      'da39a3ee5e6b4b0d3255bfef95601890afd80709',
    );
  });

  it('reads one chunk at a time, never the whole file', async () => {
    const data = randomBytes(3 * 1024 * 1024 + 5);
    const blob = new CountingBlob([data]);
    await expect(checksumWorkerApi.sha1(blob, 1024 * 1024)).resolves.toBe(sha1(data));
    expect(blob.largestRead).toBe(1024 * 1024);
  });

  it('passes a read failure on', async () => {
    const broken = new Blob([randomBytes(10)]);
    broken.slice = () => {
      const failing = new Blob([]);
      failing.arrayBuffer = () => Promise.reject(new DOMException('gone', 'NotReadableError'));
      return failing;
    };
    await expect(checksumWorkerApi.sha1(broken, 4)).rejects.toMatchObject({
      name: 'NotReadableError',
    });
  });
});
