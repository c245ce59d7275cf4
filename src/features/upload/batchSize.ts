import { yieldToEventLoop } from '../../platform/yieldToEventLoop';
import type { IncomingFile } from './model';

/**
 * The first read of a picked file's size makes Chrome stat the file on the main thread (about
 * 0.1 ms each: a thousand files held the page for 100 ms in the upload bench), so a big batch is
 * read in slices with a yield to the event loop between them.
 */
export const SIZE_READS_PER_TASK = 100;

export async function totalSize(files: readonly IncomingFile[]): Promise<number> {
  let sum = 0;
  for (let i = 0; i < files.length; i++) {
    if (i > 0 && i % SIZE_READS_PER_TASK === 0) await yieldToEventLoop();
    const entry = files[i];
    sum += entry.folder ? 0 : entry.file.size;
  }
  return sum;
}
