import type { UploadTransport } from './transport';

/**
 * SPEC §2 "also copy to the timeline" (an upload item's alsoTargetTimeline), after the album
 * upload succeeded: files_dedup into the timeline job, and, since it finds only the caller's own
 * content (a member's upload now sits in someone else's album), the file sent there otherwise.
 * A failed copy is not worth failing the album upload for: it is logged.
 */
export async function copyToTimeline(
  transport: UploadTransport,
  fields: { job: string; path: string; mtime: number },
  file: Blob,
  checksum: string,
): Promise<void> {
  const policy = 'once_only';
  try {
    const copied = await transport.dedup({ ...fields, checksum, policy });
    if (copied !== null) return;
    await transport.send({
      ...fields,
      policy,
      file,
      signal: new AbortController().signal,
      onProgress: () => undefined,
      onSent: () => undefined,
    });
  } catch (error) {
    console.warn('[upload] the timeline copy failed', error);
  }
}
