import { linkAuthOf } from '../../platform/linkAccess';
import { loadStoredAuth } from '../../api/authStore';
import { trackEngaged } from '../../platform/analytics';
import { api } from '../../platform/api';
import { reportError } from '../../platform/reportError';
import { exposeForTests } from '../../platform/testHooks';
import { brandForHost } from '../../domain/brand';
import type { DownloadItem, DownloadPreset } from '../../domain/downloads';
import { alertDialog } from '../../state/dialogs';
import { dismissToast, showToast } from '../../state/toasts';
import { navigateHiddenFrame } from './browserDownload';
import { downloadPanelStore } from './downloadPanelStore';
import { createDownloader, type DownloadRequest } from './downloader';

/**
 * The app's downloads (SPEC §7 archive download, §9 presets and limits). Every entry point
 * handles its own failures (toast with the SPEC §8 text), so callers just `void` the promise.
 */
const downloader = createDownloader({
  client: api,
  token: () => loadStoredAuth()?.token ?? null,
  productName: () => brandForHost(location.hostname).name,
  navigate: (target, onFailure) => navigateHiddenFrame(target, onFailure),
  showToast: (toast) => showToast(toast),
  dismissToast,
  alert: alertDialog,
  report: (error) => reportError(error),
  linkAccess: linkAuthOf,
  handedOver: () => trackEngaged('file_download_finish'),
});

/**
 * Downloads files of a job (or of its trash): one file directly, a selection within the limit of
 * SPEC §9 as one zip, a bigger one as pages name(1)…name(n) in the download panel.
 */
export function downloadFiles(request: {
  jobId: string;
  files: { id: string; size: number; path: string }[];
  zipName?: string;
  source?: 'job' | 'trash';
}): Promise<void> {
  return downloader.download(request);
}

/** Every photo and video of a timeline year, named after the year (split like a selection). */
export function downloadYear(request: {
  jobId: string;
  year: number;
  /** Takeout (SPEC §9 preset: sub revisions included); the plain download preset by default. */
  preset?: DownloadPreset;
}): Promise<void> {
  return downloader.downloadYear(request);
}

/** The export and takeout presets of SPEC §9 (flattened; revisions as the preset says). */
export function downloadWithPreset(
  request: DownloadRequest & { preset: Exclude<DownloadPreset, 'download'> },
): Promise<void> {
  return downloader.download(request);
}

/** An album as one zip named after it, or the album alert when it is over the limit. */
export function downloadAlbum(request: {
  jobId: string;
  files: readonly DownloadItem[];
  albumName: string;
  preset?: DownloadPreset;
}): Promise<void> {
  return downloader.downloadAlbum(request);
}

/** A selection that may not be split: the limit alert when over it. Resolves false if refused. */
export function downloadWithinLimit(request: DownloadRequest): Promise<boolean> {
  return downloader.downloadWithinLimit(request);
}

/** One HEIC file converted to JPEG (SPEC §6 export), as a one-file zip. */
export function exportAsJpeg(request: { jobId: string; fileId: string; name: string }) {
  return downloader.exportAsJpeg(request);
}

/** Used by the download panel's page buttons. */
export function downloadPage(sessionId: number, index: number): Promise<void> {
  return downloader.downloadPage(sessionId, index);
}

declare module '../../platform/testHooks' {
  interface CaptureHooks {
    /** Once the downloads module is loaded (the timeline and documents pages load it). */
    downloads?: {
      downloadFiles: typeof downloadFiles;
      downloadYear: typeof downloadYear;
      downloadWithPreset: typeof downloadWithPreset;
      downloadAlbum: typeof downloadAlbum;
      panel: typeof downloadPanelStore;
    };
  }
}

exposeForTests('downloads', {
  downloadFiles,
  downloadYear,
  downloadWithPreset,
  downloadAlbum,
  panel: downloadPanelStore,
});
