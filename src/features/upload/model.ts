import type { UploadPolicy } from '../../api/contract/uploads';

/** SPEC §4 Upload item states. */
export type UploadStatus =
  | 'Pending'
  | 'Enqueued'
  | 'Uploading'
  | 'BackendSucceeded'
  | 'Succeeded'
  | 'Rejected'
  | 'Cancelled';

/**
 * SPEC §4 rejection reasons, plus two refusals the server states (shown as such instead of
 * "Unsupported file"): ReadOnly (403 read_only_user, SPEC §6: saving files needs a
 * subscription) and InvalidName (400 invalid_file_name: control characters in the name).
 */
export type RejectReason =
  | 'FileIsFolder'
  | 'LocalFileUnavailable'
  | 'NoStorage'
  | 'UnSupported'
  | 'FileWasDeleted'
  | 'TooLargeFile'
  | 'ReadOnly'
  | 'InvalidName'
  | 'Unknown';

/** The uploader's connection state: SPEC §4 "Retry moves Offline to Retrying; progress above 0 sets Online". */
export type UploaderConnection = 'Online' | 'Offline' | 'Retrying';

/** SPEC §3 Upload item, plus what the queue needs to resume it after a reload. */
export interface UploadItem {
  id: string;
  /** A job id, or the tempID of a pending album until it is created. */
  targetJob: string;
  targetFolder: string;
  alsoTargetTimeline: boolean;
  name: string;
  size: number;
  status: UploadStatus;
  /** 0..1 (SPEC: "progress under 1"). */
  uploadedPercent: number;
  fileUUID: string | null;
  statusReason: RejectReason | null;
  uploadIndex: number;
  /** File.lastModified in ms (sent as unix seconds). */
  mtimeMs: number;
  policy: UploadPolicy;
  /** SHA-1 hex once computed (kept so a resumed item does not read the file again). */
  checksum: string | null;
  /** The last attempt failed and it waits for the offline countdown. */
  retrying: boolean;
  /** A folder dropped in Safari gets Safari's own message (SPEC §8). */
  safariFolder?: boolean;
  /** Issue 32: the resumable upload on the server this file's bytes go to, once there is one. */
  resumable?: ResumableState | null;
  /**
   * Issue 32: the item goes on from bytes the server holds (after a lost connection or a
   * reload) and the server has not yet said from where: the panel says "resuming".
   */
  resuming?: boolean;
  /** Times the item started again from its file (upload gone, file changed): see `restart`. */
  restarts?: number;
}

/**
 * Issue 32: where a resumable upload stands, kept with the item (IndexedDB) so a reload goes on
 * from the server's offset. `size` and `mtimeMs` are the file's when the upload began: a file
 * that changed on disk starts again instead of being stitched.
 */
export interface ResumableState {
  /** The tus upload URL. */
  url: string;
  /** Bytes sent as last seen (the server's HEAD has the last word). */
  offset: number;
  size: number;
  mtimeMs: number;
}

/** Issue 32: speed and time left of a large file's upload, for the panel (not persisted). */
export interface UploadRate {
  bytesPerSecond: number;
  secondsLeft: number;
}

/** SPEC §3 "Pending album: tempID, targetJob": created for real on its first upload. */
export interface PendingAlbum {
  tempID: string;
  name: string;
  /** The real job id once created. */
  targetJob: string | null;
}

/** SPEC §4 panel modes, in order of precedence. */
export type PanelMode =
  'offline' | 'retrying' | 'outOfStorage' | 'uploading' | 'someFailed' | 'allUploaded';

export const ACTIVE_STATUSES: ReadonlySet<UploadStatus> = new Set([
  'Pending',
  'Enqueued',
  'Uploading',
  'BackendSucceeded',
]);

export const isActive = (item: UploadItem): boolean => ACTIVE_STATUSES.has(item.status);

export type UploadTarget =
  | { kind: 'timeline' }
  /**
   * An existing job. `alsoTargetTimeline` (SPEC §2 album create/edit, §3 upload item): a signed-in
   * user adding to a shared album chose to also copy the files to their timeline.
   */
  | { kind: 'job'; jobId: string; alsoTargetTimeline?: boolean }
  /** SPEC: an album with a temporary id, created on its first upload. */
  | { kind: 'pendingAlbum'; tempID: string; name: string };

/** One file of a batch; `folder` marks a dropped directory (SPEC §5: folders cannot be uploaded). */
export interface IncomingFile {
  file: File;
  folder?: boolean;
  /** The folder came from Safari, which cannot read folders at all. */
  safari?: boolean;
}
