/*
 * SPEC §4 "Upload states as shown to users" and the row messages per reason (§8), plus the
 * panel's header, as i18n messages: the store holds facts, the UI translates at render time.
 */
import type { Message } from '../../state/message';
import type { PanelMode, UploadItem, UploaderConnection } from './model';
import type { PanelCounts } from './rules';

export interface RowContext {
  connection: UploaderConnection;
  countdown: number;
  outOfStorage: boolean;
  paused: boolean;
  /** The app is offline: no countdown runs until the connection is back (issue 34.8). */
  waiting?: boolean;
}

export function rowMessage(item: UploadItem, context: RowContext): Message {
  switch (item.status) {
    case 'Pending':
      return { key: 'upload.state.preparing' };
    case 'Enqueued':
      if (context.connection === 'Offline') {
        return item.retrying && !context.waiting
          ? { key: 'upload.state.retryingIn', values: { seconds: context.countdown } }
          : { key: 'upload.state.offline' };
      }
      if (context.outOfStorage) return { key: 'upload.state.outOfStorage' };
      if (context.paused) return { key: 'upload.state.paused' };
      if (item.resuming) return resumingMessage(item);
      return { key: 'upload.state.preparing' };
    case 'Uploading':
      if (item.resuming) return resumingMessage(item);
      return {
        key: 'upload.state.uploading',
        values: { percent: Math.floor(item.uploadedPercent * 100) },
      };
    case 'BackendSucceeded':
      return { key: 'upload.state.processing' };
    case 'Succeeded':
      return { key: 'upload.state.complete' };
    case 'Cancelled':
      return { key: 'upload.state.cancelled' };
    case 'Rejected':
      if (item.statusReason === 'FileIsFolder' && item.safariFolder) {
        return { key: 'upload.reason.safariFolder' };
      }
      // The read-only text the upload button already shows (SPEC §6).
      if (item.statusReason === 'ReadOnly') return { key: 'upload.readOnlyTooltip' };
      return { key: `upload.reason.${item.statusReason ?? 'Unknown'}` };
  }
}

/** Issue 32: going on from the bytes the server holds (its offset not yet confirmed). */
const resumingMessage = (item: UploadItem): Message => ({
  key: 'upload.state.resuming',
  values: { percent: Math.floor(item.uploadedPercent * 100) },
});

/**
 * Issue 32: the time left of a large upload, rounded up to what a person reads: seconds under
 * a minute, minutes under 90 minutes, then hours.
 */
export function timeLeftMessage(seconds: number): Message {
  if (seconds < 60) {
    return { key: 'upload.rate.secondsLeft', values: { count: Math.max(1, Math.ceil(seconds)) } };
  }
  if (seconds < 90 * 60) {
    return { key: 'upload.rate.minutesLeft', values: { count: Math.ceil(seconds / 60) } };
  }
  return { key: 'upload.rate.hoursLeft', values: { count: Math.round(seconds / 3600) } };
}

export function headerMessage(
  mode: PanelMode,
  counts: PanelCounts,
  context: { countdown: number; paused: boolean; waiting?: boolean },
): Message {
  const done = counts.succeeded;
  const total = counts.total - counts.cancelled;
  switch (mode) {
    case 'offline':
      // SPEC §8 "No Internet connection" until it is back, then the SPEC §9 countdown.
      return context.waiting
        ? { key: 'upload.mode.noConnection' }
        : { key: 'upload.mode.offline', values: { seconds: context.countdown } };
    case 'retrying':
      return { key: 'upload.mode.retrying' };
    case 'outOfStorage':
      return { key: 'upload.mode.outOfStorage' };
    case 'uploading':
      return context.paused
        ? { key: 'upload.mode.paused', values: { done, total } }
        : { key: 'upload.mode.uploading', values: { done, total } };
    case 'someFailed':
      return { key: 'upload.mode.someFailed', values: { failed: counts.rejected, total } };
    case 'allUploaded':
      return { key: 'upload.mode.allUploaded', values: { total: done } };
  }
}
