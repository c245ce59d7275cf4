import { VIDEO_PREVIEW_RANGE_BYTES } from '../../domain/constants';

export interface PreviewSource {
  src: string;
  /** Frees the blob URL (a no-op for the direct URL). */
  release(): void;
  /** True when the Range request failed and the video streams from the direct URL. */
  direct: boolean;
}

/**
 * SPEC §7 video preview: GET the video with a Range of its first 5,000,000 bytes into a blob
 * URL (a hover preview needs no more, and the blob plays without further requests); when the
 * range request fails, fall back to the direct URL. Aborting the signal rejects.
 */
export async function loadPreviewSource(
  url: string,
  signal: AbortSignal,
  fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init),
  urls: Pick<typeof URL, 'createObjectURL' | 'revokeObjectURL'> = URL,
): Promise<PreviewSource> {
  try {
    const response = await fetchImpl(url, {
      headers: { Range: `bytes=0-${VIDEO_PREVIEW_RANGE_BYTES - 1}` },
      signal,
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const blob = await response.blob();
    if (blob.size === 0) throw new Error('empty preview');
    const src = urls.createObjectURL(blob);
    return { src, release: () => urls.revokeObjectURL(src), direct: false };
  } catch (error) {
    if (signal.aborted) throw error;
    return { src: url, release: () => undefined, direct: true };
  }
}
