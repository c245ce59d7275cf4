import { CALLS } from '../../api/contract/calls';
import { callTo } from '../../api/contract/callTarget';
import { actionFailure } from '../../api/errors';
import { fileName, isFolderPath } from '../../domain/classify';
import { FilesResponseSchema, type FileInfo } from '../../api/contract/files';
import type { ApiClient } from '../../api/http';
import type { VisitorAuth } from '../../domain/visitorAuth';
import {
  albumDownloadRefused,
  exceedsDownloadLimit,
  presetFlags,
  splitIntoPages,
  totalSize,
  yearRange,
  zipNameFor,
  type DownloadItem,
  type DownloadPreset,
} from '../../domain/downloads';
import type { alertDialog } from '../../state/dialogs';
import { longTaskStore } from '../../state/longTasks';
import type { Message } from '../../state/message';
import { checkDownload, type NavigationTarget } from './browserDownload';
import { downloadPanelStore, type DownloadSource } from './downloadPanelStore';

export interface DownloadRequest {
  jobId: string;
  files: readonly DownloadItem[];
  /** Defaults to the product name (SPEC §9). */
  zipName?: string;
  source?: DownloadSource;
}

export interface DownloaderDeps {
  client: () => ApiClient;
  /** The signed-in user's token (forms cannot send the Authorization header). */
  token: () => string | null;
  productName: () => string;
  navigate: (target: NavigationTarget, onFailure: () => void) => void;
  showToast: (toast: {
    kind: 'progress' | 'error' | 'info' | 'success';
    message: Message;
  }) => number;
  dismissToast: (id: number) => void;
  alert: typeof alertDialog;
  report: (error: unknown) => void;
  /**
   * SPEC §6 visitor auth of a job read through its link (a share, platform/linkAccess);
   * undefined for the user's own jobs. Its single files download without the user's token.
   */
  linkAccess?: (jobId: string) => VisitorAuth | undefined;
  /**
   * A download was checked and handed to the browser: as far as the app can follow it (the
   * browser's own download is out of its sight), it finished (SPEC §9 file_download_finish).
   */
  handedOver?: () => void;
}

/** SPEC §8 download failure text (downloads.failed), shown for every failed download. */
const FAILED: Message = { key: 'downloads.failed' };
const PREPARING: Message = { key: 'downloads.preparing' };

/**
 * Said once the browser has the download (issue 34.11: the takeout's buttons gave no word after
 * "preparing", the browser's own download being out of the page's sight).
 */
const started = (name: string): Message => ({ key: 'downloads.started', values: { name } });

/**
 * The download flows of SPEC §7/§9 over injectable dependencies (the app wires the real ones in
 * downloadFiles.ts; tests pass fakes): one file fetched directly, a selection within the limit
 * as one archive, a bigger one (or one with HEIC files, for the conversion choice) offered as
 * pages in the download panel.
 */
export function createDownloader(deps: DownloaderDeps) {
  /** Requests whose check call is running, so a double click starts one download. */
  const running = new Set<string>();

  async function guarded(key: string, work: () => Promise<void>): Promise<void> {
    if (running.has(key)) return;
    running.add(key);
    const end = longTaskStore.getState().begin('download');
    const toast = deps.showToast({ kind: 'progress', message: PREPARING });
    try {
      await work();
    } catch (error) {
      fail(error);
    } finally {
      deps.dismissToast(toast);
      running.delete(key);
      end();
    }
  }

  function fail(error: unknown) {
    deps.report(error);
    deps.showToast({ kind: 'error', message: actionFailure(error, FAILED) });
  }

  function requireToken(): string {
    const token = deps.token();
    if (!token) throw new Error('Download without a signed-in user');
    return token;
  }

  async function startSingle(jobId: string, file: DownloadItem, onFailure: () => void) {
    const client = deps.client();
    const ids = { id: jobId, fileId: file.id };
    const link = deps.linkAccess?.(jobId);
    // A share's file: its link's visitor auth opens it, signed in or not; else the user's token.
    const token = link ? link.basic : requireToken();
    await checkDownload(client, {
      call: callTo(CALLS.fileDownload, ids),
      headers: { Range: 'bytes=0-0' },
      responseType: 'none',
      ...(link ? { linkAuth: link } : {}),
    });
    const url = client.url({
      call: callTo(CALLS.fileDownload, ids, { download: '1', token: token ?? undefined }),
      linkAuth: link,
    });
    deps.navigate({ url }, onFailure);
    deps.handedOver?.();
    deps.showToast({ kind: 'success', message: started(fileName(file.path)) });
  }

  async function startArchive(args: {
    jobId: string;
    source: DownloadSource;
    preset: DownloadPreset;
    fileIds: readonly string[];
    zipName: string;
    heicToJpeg: boolean;
    onFailure: () => void;
  }) {
    const client = deps.client();
    const entry = args.source === 'trash' ? CALLS.trashArchive : CALLS.archive;
    const call = () => callTo(entry, { id: args.jobId }, query);
    const query = {
      ...presetFlags(args.preset, { heicToJpeg: args.heicToJpeg }),
      zip_filename: args.zipName,
    };
    const form = { auth_token: requireToken(), file_ids: args.fileIds.join(',') };
    await checkDownload(client, {
      call: call(),
      body: new URLSearchParams(form),
      responseType: 'none',
    });
    deps.navigate({ url: client.url({ call: call() }), form }, args.onFailure);
    deps.handedOver?.();
    deps.showToast({ kind: 'success', message: started(`${args.zipName}.zip`) });
  }

  /** Any download: direct, one archive, or the panel. */
  async function download(request: DownloadRequest & { preset?: DownloadPreset }): Promise<void> {
    const preset = request.preset ?? 'download';
    const source = request.source ?? 'job';
    const files = uniqueById(request.files);
    if (files.length === 0) return;
    const zipName = request.zipName?.trim() || zipNameFor(deps.productName());

    // The content route serves live files only: a trashed file goes as a one-file archive.
    if (files.length === 1 && source === 'job') {
      const [file] = files;
      await guarded(`single:${request.jobId}:${file.id}`, () =>
        startSingle(request.jobId, file, () => fail(new Error('Download answered with a page'))),
      );
      return;
    }

    const pages = splitIntoPages(files, zipName);
    const split = pages.length > 1;
    const heicChoice = preset === 'download' && pages.some((page) => page.hasHEIC);
    if (split || heicChoice) {
      downloadPanelStore.getState().open({
        jobId: request.jobId,
        source,
        preset,
        zipName,
        pages,
        split,
      });
      return;
    }
    await guarded(`archive:${request.jobId}:${source}:${pages[0].fileIDs.join(',')}`, () =>
      startArchive({
        jobId: request.jobId,
        source,
        preset,
        fileIds: pages[0].fileIDs,
        zipName,
        heicToJpeg: false,
        onFailure: () => fail(new Error('Archive answered with a page')),
      }),
    );
  }

  /** A page of the panel's current selection (its button). */
  async function downloadPage(sessionId: number, index: number): Promise<void> {
    const panel = downloadPanelStore.getState();
    const session = panel.session;
    const page = session?.id === sessionId ? session.pages[index] : undefined;
    if (!session || !page || panel.starting.has(index)) return;
    panel.setStarting(sessionId, index, true);
    try {
      await guarded(`page:${sessionId}:${index}`, async () => {
        await startArchive({
          jobId: session.jobId,
          source: session.source,
          preset: session.preset,
          fileIds: page.fileIDs,
          zipName: page.name,
          heicToJpeg: session.heicToJpeg && page.hasHEIC,
          onFailure: () => {
            downloadPanelStore.getState().setClicked(sessionId, index, false);
            fail(new Error('Archive answered with a page'));
          },
        });
        downloadPanelStore.getState().setClicked(sessionId, index, true);
      });
    } finally {
      downloadPanelStore.getState().setStarting(sessionId, index, false);
    }
  }

  /**
   * SPEC §9 "same for whole years": every photo and video of a timeline year (UTC, like the
   * timeline's sections), split like a selection, named after the year.
   */
  async function downloadYear(request: {
    jobId: string;
    year: number;
    preset?: DownloadPreset;
  }): Promise<void> {
    let files: DownloadItem[] = [];
    let loaded = false;
    await guarded(`year:${request.jobId}:${request.year}`, async () => {
      const { data } = await deps.client().request({
        call: callTo(CALLS.jobFiles, { id: request.jobId }, yearRange(request.year)),
        schema: FilesResponseSchema,
      });
      files = data.files.filter(belongsToYearDownload).map(({ id, size, path }) => ({
        id,
        size,
        path,
      }));
      loaded = true;
    });
    if (!loaded) return;
    if (files.length === 0) {
      deps.showToast({
        kind: 'info',
        message: { key: 'downloads.yearEmpty', values: { year: request.year } },
      });
      return;
    }
    await download({
      jobId: request.jobId,
      files,
      zipName: zipNameFor(deps.productName(), request.year),
      preset: request.preset,
    });
  }

  /**
   * SPEC §5 "an album of more than 500 items cannot be downloaded whole": the album alert of
   * SPEC §8 instead of pages. Within the limit the album downloads as one archive named after it.
   */
  async function downloadAlbum(request: {
    jobId: string;
    files: readonly DownloadItem[];
    albumName: string;
    preset?: DownloadPreset;
  }): Promise<void> {
    const files = uniqueById(request.files);
    if (albumDownloadRefused(files.length, totalSize(files))) {
      await deps.alert({
        title: { key: 'downloads.limitTitle' },
        body: { key: 'downloads.albumLimit' },
      });
      return;
    }
    await download({
      jobId: request.jobId,
      files,
      zipName: request.albumName,
      preset: request.preset,
    });
  }

  /**
   * For callers that may not split (SPEC §5 "refused"): the file-count-or-size alert of SPEC §8
   * when the selection is over the limit, else the download. Resolves false when refused.
   */
  async function downloadWithinLimit(request: DownloadRequest): Promise<boolean> {
    if (exceedsDownloadLimit(uniqueById(request.files))) {
      await deps.alert({
        title: { key: 'downloads.limitTitle' },
        body: { key: 'downloads.filesLimit' },
      });
      return false;
    }
    await download(request);
    return true;
  }

  /**
   * SPEC §6 "Export shown for HEIC": one HEIC file as a JPEG, converted by the archive route
   * (heic_to_jpeg), in a zip named after the file.
   */
  async function exportAsJpeg(request: { jobId: string; fileId: string; name: string }) {
    await guarded(`jpeg:${request.jobId}:${request.fileId}`, () =>
      startArchive({
        jobId: request.jobId,
        source: 'job',
        preset: 'download',
        fileIds: [request.fileId],
        zipName: request.name.replace(/\.[^.]*$/, '') || zipNameFor(deps.productName()),
        heicToJpeg: true,
        onFailure: () => fail(new Error('Archive answered with a page')),
      }),
    );
  }

  return { download, downloadPage, downloadYear, downloadAlbum, downloadWithinLimit, exportAsJpeg };
}

export type Downloader = ReturnType<typeof createDownloader>;

function uniqueById(files: readonly DownloadItem[]): DownloadItem[] {
  const seen = new Set<string>();
  return files.filter((file) => !seen.has(file.id) && seen.add(file.id));
}

/**
 * A year download holds what the timeline shows of that year: no documents or folders (SPEC §2
 * keeps documents in their own area), no file without a path (SPEC §5: "Empty file or directory
 * paths are ignored in takeout grouping"), and of a live or burst group only the master, as the
 * download preset's "masters only" would leave the others out of the zip anyway.
 */
export function belongsToYearDownload(file: FileInfo): boolean {
  if (file.type === 'document' || file.path === '' || isFolderPath(file.path)) return false;
  return !file.group || file.group.master;
}
