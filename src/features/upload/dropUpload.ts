import { isReadOnlyUser } from '../../platform/queries';
import { uploadOfferFor } from '../../state/uploadOffer';
import type { IncomingFile, UploadTarget } from './model';
import { isIgnoredDrop } from './rules';
import { startUpload } from './startUpload';

export interface DropDeps {
  /** How the page asks before uploading into a job (state/uploadOffer.ts), or null. */
  offerFor: typeof uploadOfferFor;
  readOnly: () => boolean;
  upload: typeof startUpload;
}

const live: DropDeps = { offerFor: uploadOfferFor, readOnly: isReadOnlyUser, upload: startUpload };

/**
 * Files dropped on a page: into a job whose page asks first (a shared album, SPEC §2 "also copy
 * to my timeline"), they go to its upload overlay, which queues them once confirmed; anywhere
 * else (the timeline, a private album) they are queued at once. A read-only user is not asked:
 * the queue says why nothing uploads (SPEC §6). SPEC §5: .DS_Store is never offered.
 */
export function uploadDropped(
  dropped: readonly IncomingFile[],
  target: UploadTarget,
  deps: DropDeps = live,
): void {
  const files = dropped.filter((entry) => !isIgnoredDrop(entry.file.name));
  if (files.length === 0) return;
  const ask = target.kind === 'job' && !deps.readOnly() ? deps.offerFor(target.jobId) : null;
  if (ask) ask(files);
  else void deps.upload(files, target);
}
