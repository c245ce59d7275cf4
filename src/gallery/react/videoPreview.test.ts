import { describe, expect, it, vi } from 'vitest';
import { VIDEO_PREVIEW_RANGE_BYTES } from '../../domain/constants';
import { formatDuration } from './formatDuration';
import { loadPreviewSource } from './videoPreview';

const urls = () => ({
  createObjectURL: vi.fn(() => 'blob:preview'),
  revokeObjectURL: vi.fn(),
});

describe('loadPreviewSource', () => {
  it('fetches the first 5,000,000 bytes into a blob URL, released on demand', async () => {
    expect(VIDEO_PREVIEW_RANGE_BYTES).toBe(5_000_000);
    const fetchImpl = vi.fn(() =>
      Promise.resolve(new Response(new Uint8Array([1, 2, 3]), { status: 206 })),
    );
    const objectUrls = urls();
    const source = await loadPreviewSource(
      'https://video/st/4/jobs/j/files_by_id/f?token=t',
      new AbortController().signal,
      fetchImpl,
      objectUrls,
    );
    const [, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).toEqual({ Range: 'bytes=0-4999999' });
    expect(source).toMatchObject({ src: 'blob:preview', direct: false });
    source.release();
    expect(objectUrls.revokeObjectURL).toHaveBeenCalledWith('blob:preview');
  });

  it('falls back to the direct URL when the range request fails', async () => {
    const url = 'https://video/st/4/jobs/j/files_by_id/f?token=t';
    for (const fetchImpl of [
      () => Promise.reject(new TypeError('network')),
      () => Promise.resolve(new Response('no', { status: 416 })),
    ]) {
      const source = await loadPreviewSource(url, new AbortController().signal, fetchImpl, urls());
      expect(source).toMatchObject({ src: url, direct: true });
    }
  });

  it('rejects when aborted instead of falling back', async () => {
    const controller = new AbortController();
    controller.abort();
    const fetchImpl = () => Promise.reject(new DOMException('aborted', 'AbortError'));
    await expect(loadPreviewSource('u', controller.signal, fetchImpl, urls())).rejects.toThrow();
  });
});

describe('formatDuration', () => {
  it('shows m:ss, and h:mm:ss from an hour on', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(75.4)).toBe('1:15');
    expect(formatDuration(3600 + 62)).toBe('1:01:02');
    expect(formatDuration(Number.NaN)).toBe('0:00');
  });
});
