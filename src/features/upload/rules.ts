/*
 * The upload rules of SPEC §4, §5 and §9 as pure functions: what a file is rejected for, whether
 * a batch fits the storage, the status box height, the panel mode and the 1% progress throttle.
 */
import type { ResumableUploads } from '../../api/contract/account';
import type { UploadPolicy } from '../../api/contract/uploads';
import { isMediaPath } from '../../domain/classify';
import {
  MAX_UPLOAD_BYTES,
  RESUMABLE_UPLOAD_MIN_BYTES,
  STORAGE_WARNING_RATIOS,
  UPLOAD_PROGRESS_STEP,
  UPLOAD_STATUS_BOX,
} from '../../domain/constants';
import { isUnlimited } from '../../domain/storage';
import type {
  PanelMode,
  RejectReason,
  ResumableState,
  UploadItem,
  UploaderConnection,
} from './model';

/** SPEC §5 per-file checks, in the SPEC's order. `readable`: the first 64 bytes could be read. */
export function fileRejection(file: {
  name: string;
  size: number;
  readable: boolean;
}): RejectReason | null {
  if (!file.readable) return 'FileIsFolder';
  if (!isMediaPath(file.name)) return 'UnSupported';
  if (file.size > MAX_UPLOAD_BYTES) return 'TooLargeFile';
  return null;
}

/** SPEC §5: "Drop ignores .DS_Store files." */
export function isIgnoredDrop(name: string): boolean {
  return name === '.DS_Store';
}

/**
 * SPEC §5 batch rule: the added files must fit in max − used − queued, unless the target is a
 * story album (the album owner's storage is charged, not ours). Unknown or unlimited quota fits.
 */
export function batchFits(input: {
  batchBytes: number;
  usedSpace: number | null;
  maxSpace: number | null;
  queuedBytes: number;
  targetIsStory: boolean;
}): boolean {
  const { batchBytes, usedSpace, maxSpace, queuedBytes, targetIsStory } = input;
  if (targetIsStory || usedSpace == null || maxSpace == null || isUnlimited(maxSpace)) return true;
  return batchBytes <= maxSpace - usedSpace - queuedBytes;
}

/**
 * SPEC §9 status box: 136 collapsed; expanded = min(75% of the window, 48 px a row + 126), plus
 * an 8 px margin.
 */
export function statusBoxHeightPx(rows: number, windowHeight: number, expanded: boolean): number {
  const box = UPLOAD_STATUS_BOX;
  if (!expanded) return box.collapsedPx;
  return (
    Math.min(box.maxWindowRatio * windowHeight, box.rowPx * rows + box.chromePx) + box.marginPx
  );
}

/**
 * SPEC §9: progress events are throttled to 1% changes. Whole percents are compared, so a run
 * of tiny steps still moves the bar once each percent; reaching 1 always counts.
 */
export function progressChanged(previous: number, next: number): boolean {
  if (next >= 1) return previous < 1;
  const step = UPLOAD_PROGRESS_STEP;
  return Math.floor(next / step) !== Math.floor(previous / step);
}

/**
 * Timeline uploads are once_only: content deleted before is refused (SPEC §8 FileWasDeleted)
 * instead of coming back from the trash behind the user's back. An album takes no_duplicates:
 * the same photo twice is one file, and re-adding a photo removed from an album is allowed.
 */
export function policyFor(targetIsStory: boolean): UploadPolicy {
  return targetIsStory ? 'no_duplicates' : 'once_only';
}

export interface PanelCounts {
  total: number;
  active: number;
  succeeded: number;
  rejected: number;
  cancelled: number;
}

export function countItems(items: readonly UploadItem[]): PanelCounts {
  const counts: PanelCounts = {
    total: items.length,
    active: 0,
    succeeded: 0,
    rejected: 0,
    cancelled: 0,
  };
  for (const item of items) {
    if (item.status === 'Succeeded') counts.succeeded++;
    else if (item.status === 'Rejected') counts.rejected++;
    else if (item.status === 'Cancelled') counts.cancelled++;
    else counts.active++;
  }
  return counts;
}

/** SPEC §4 panel modes: offline, retrying, out of storage, uploading, some failed, all uploaded. */
export function panelMode(input: {
  counts: PanelCounts;
  connection: UploaderConnection;
  outOfStorage: boolean;
}): PanelMode {
  const { counts, connection, outOfStorage } = input;
  if (counts.active > 0) {
    if (connection === 'Offline') return 'offline';
    if (connection === 'Retrying') return 'retrying';
    if (outOfStorage) return 'outOfStorage';
    return 'uploading';
  }
  return counts.rejected > 0 ? 'someFailed' : 'allUploaded';
}

export type StorageThreshold = 'above80' | 'above95';

/** SPEC §8/§9: the storage popup after an upload takes usage above 80% or 95%. */
export function crossedThreshold(
  usedBefore: number,
  usedAfter: number,
  maxSpace: number,
): StorageThreshold | null {
  if (maxSpace <= 0 || isUnlimited(maxSpace)) return null;
  const [warn, critical] = STORAGE_WARNING_RATIOS;
  const before = usedBefore / maxSpace;
  const after = usedAfter / maxSpace;
  if (before <= critical && after > critical) return 'above95';
  if (before <= warn && after > warn) return 'above80';
  return null;
}

/**
 * Issue 32: a file goes up resumably when the service says it takes resumable uploads
 * (account_info `resumable_uploads`, never guessed) and the file is at least
 * RESUMABLE_UPLOAD_MIN_BYTES (and within the service's own maximum); otherwise by the SPEC's
 * multipart call.
 */
export function usesResumable(size: number, offered: ResumableUploads | null): boolean {
  return offered !== null && size >= RESUMABLE_UPLOAD_MIN_BYTES && size <= offered.max_size;
}

/** Issue 32: the file is still the one its resumable upload began with (same size and mtime). */
export function sameFile(
  resumable: Pick<ResumableState, 'size' | 'mtimeMs'>,
  file: { size: number; lastModified?: number },
): boolean {
  return (
    resumable.size === file.size && (file.lastModified ?? resumable.mtimeMs) === resumable.mtimeMs
  );
}

/**
 * Issue 32: where an item that stops sending (a failure, a reload) stands: a resumable one keeps
 * the offset it reached and says "resuming" until the server confirms it; others start at 0.
 */
export function heldProgress(item: UploadItem): Pick<UploadItem, 'uploadedPercent' | 'resuming'> {
  const offset = item.resumable?.offset ?? 0;
  if (offset <= 0 || item.size <= 0) return { uploadedPercent: 0, resuming: false };
  return { uploadedPercent: Math.min(1, offset / item.size), resuming: true };
}
