import type { CallTarget } from '../../api/contract/callTarget';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import type { ApiClient } from '../../api/http';
import type { NavigationTarget } from './browserDownload';
import { longTaskStore } from '../../state/longTasks';
import { downloadPanelStore } from './downloadPanelStore';
import { belongsToYearDownload, createDownloader } from './downloader';

const MIB = 1024 ** 2;

interface Call {
  method: string;
  path: string;
  host?: string;
  query?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, string>;
}

function setup(
  options: {
    fail?: ApiError;
    files?: unknown[];
    /** The stored token (default 'tok'); null: signed out. */
    token?: string | null;
    /** Every job is read through its link, with this visitor auth (SPEC §6). */
    linkAuth?: { basic: string | null; foreignAuth: string | null };
  } = {},
) {
  const calls: Call[] = [];
  const navigations: { target: NavigationTarget; onFailure: () => void }[] = [];
  const toasts: { kind: string; key: string }[] = [];
  const dismissed: number[] = [];
  const alerts: string[] = [];
  const client = {
    request: async (request: { call: CallTarget; signal?: AbortSignal }) => {
      // Recorded flat (method, host, path, query of the call's target) for the assertions.
      const { method, host, path, query } = request.call;
      const opts = { ...request, method, host, path, query } as Call & { signal?: AbortSignal };
      calls.push(opts);
      if (opts.path.endsWith('/files')) {
        return { data: { files: options.files ?? [] }, headers: new Headers(), status: 200 };
      }
      // Answers a moment later, like a network, so double clicks overlap.
      await new Promise<void>((resolve) => queueMicrotask(resolve));
      if (options.fail) throw options.fail;
      return { data: undefined, headers: new Headers(), status: 200 };
    },
    url: ({
      call: { host, path, query },
      linkAuth,
    }: {
      call: CallTarget;
      linkAuth?: { foreignAuth: string | null };
    }) =>
      `https://${host}.test${path}?${new URLSearchParams(
        Object.entries({ ...query, foreign_auth: linkAuth?.foreignAuth ?? undefined }).filter(
          ([, v]) => v !== undefined,
        ) as [string, string][],
      ).toString()}`,
  } as unknown as ApiClient;
  const report = vi.fn();
  const handedOver = vi.fn();
  const downloader = createDownloader({
    client: () => client,
    token: () => (options.token === undefined ? 'tok' : options.token),
    productName: () => 'Capture',
    navigate: (target, onFailure) => navigations.push({ target, onFailure }),
    showToast: (toast) => toasts.push({ kind: toast.kind, key: toast.message.key }),
    dismissToast: (id) => dismissed.push(id),
    alert: (request) => {
      alerts.push(request.body.key);
      return Promise.resolve();
    },
    report,
    handedOver,
    ...(options.linkAuth === undefined ? {} : { linkAccess: () => options.linkAuth }),
  });
  return {
    downloader,
    calls,
    navigations,
    toasts,
    dismissed,
    alerts,
    report,
    handedOver,
  };
}

const files = (n: number, size = MIB, ext = 'jpg') =>
  Array.from({ length: n }, (_, i) => ({ id: `f-${i}`, size, path: `dir/IMG_${i}.${ext}` }));

afterEach(() => downloadPanelStore.getState().close());

describe('downloader', () => {
  it('preparing is a pending long-running task until it settles (SPEC §8 "Changes might be lost")', async () => {
    for (const fail of [undefined, new ApiError({ kind: 'offline', method: 'GET', path: '/x' })]) {
      const t = setup(fail ? { fail } : {});
      const done = t.downloader.download({ jobId: 'job-1', files: files(1) });
      await vi.waitFor(() => expect(t.calls).toHaveLength(1));
      expect(longTaskStore.getState().running.download).toBe(1);
      await done;
      expect(longTaskStore.getState().running.download).toBe(0);
    }
  });

  it('fetches one file directly: checks it, then navigates to the content URL with the token', async () => {
    const t = setup();
    await t.downloader.download({ jobId: 'job-1', files: files(1) });
    expect(t.calls[0]).toMatchObject({
      host: 'download',
      method: 'GET',
      path: '/st/4/jobs/job-1/files_by_id/f-0',
      headers: { Range: 'bytes=0-0' },
    });
    expect(t.navigations).toHaveLength(1);
    const url = new URL(t.navigations[0].target.url);
    expect(url.pathname).toBe('/st/4/jobs/job-1/files_by_id/f-0');
    expect(url.searchParams.get('token')).toBe('tok');
    expect(url.searchParams.get('download')).toBe('1');
    expect(t.navigations[0].target.form).toBeUndefined();
    // "preparing download" showed while checking and is gone.
    expect(t.toasts[0]).toEqual({ kind: 'progress', key: 'downloads.preparing' });
    expect(t.dismissed).toHaveLength(1);
    // Handed to the browser: the SPEC §9 file_download_finish moment, and said (issue 34.11).
    expect(t.handedOver).toHaveBeenCalledTimes(1);
    expect(t.toasts.at(-1)).toEqual({ kind: 'success', key: 'downloads.started' });
  });

  it('posts a selection within the limit as one archive with the download preset', async () => {
    const t = setup();
    await t.downloader.download({ jobId: 'job-1', files: files(3) });
    expect(t.calls[0]).toMatchObject({
      host: 'download',
      method: 'POST',
      path: '/st/4/jobs/job-1/files_as_archive',
      query: { flattened: '1', master_only: '1', heic_to_jpeg: '0', zip_filename: 'Capture' },
    });
    expect(String(t.calls[0].body)).toBe('auth_token=tok&file_ids=f-0%2Cf-1%2Cf-2');
    const { target } = t.navigations[0];
    expect(target.form).toEqual({ auth_token: 'tok', file_ids: 'f-0,f-1,f-2' });
    expect(new URL(target.url).searchParams.get('zip_filename')).toBe('Capture');
    expect(new URL(target.url).searchParams.has('auth_token')).toBe(false);
    expect(t.handedOver).toHaveBeenCalledTimes(1);
  });

  it('uses the trash archive for trash files, even for one file', async () => {
    const t = setup();
    await t.downloader.download({
      jobId: 'j',
      files: files(1),
      source: 'trash',
      zipName: 'deleted items',
    });
    expect(t.calls[0].path).toBe('/st/4/jobs/j/files_from_trash_as_archive');
    expect(t.calls[0].query?.zip_filename).toBe('deleted items');
  });

  it('offers 1,200 files as 3 even pages in the panel, and downloads a page from it', async () => {
    const t = setup();
    await t.downloader.download({ jobId: 'j', files: files(1200) });
    expect(t.calls).toHaveLength(0);
    const { mode, session } = downloadPanelStore.getState();
    expect(mode).toBe('max');
    expect(session?.split).toBe(true);
    expect(session?.pages.map((p) => [p.name, p.fileIDs.length])).toEqual([
      ['Capture(1)', 400],
      ['Capture(2)', 400],
      ['Capture(3)', 400],
    ]);

    await t.downloader.downloadPage(session!.id, 1);
    expect(t.calls[0].query?.zip_filename).toBe('Capture(2)');
    expect(t.navigations[0].target.form?.file_ids.split(',')).toEqual(session!.pages[1].fileIDs);
    expect(downloadPanelStore.getState().session?.pages.map((p) => p.clicked)).toEqual([
      false,
      true,
      false,
    ]);
  });

  it('ignores a second click while the first is still being checked', async () => {
    const t = setup();
    const first = t.downloader.download({ jobId: 'j', files: files(2) });
    const second = t.downloader.download({ jobId: 'j', files: files(2) });
    await Promise.all([first, second]);
    expect(t.calls).toHaveLength(1);
    expect(t.navigations).toHaveLength(1);
  });

  it('offers the HEIC choice in the panel and sends heic_to_jpeg when chosen', async () => {
    const t = setup();
    await t.downloader.download({
      jobId: 'j',
      files: [...files(2), ...files(1, MIB, 'HEIC').map((f) => ({ ...f, id: 'h' }))],
    });
    const { session } = downloadPanelStore.getState();
    expect(session?.split).toBe(false);
    expect(session?.pages).toHaveLength(1);
    expect(session?.pages[0].name).toBe('Capture');
    downloadPanelStore.getState().setHeicToJpeg(true);
    await t.downloader.downloadPage(session!.id, 0);
    expect(t.calls[0].query?.heic_to_jpeg).toBe('1');
  });

  it('shows the SPEC §8 failure text when the server refuses, and navigates nowhere', async () => {
    const t = setup({
      fail: new ApiError({ kind: 'notFound', status: 404, method: 'POST', path: '/x' }),
    });
    await t.downloader.download({ jobId: 'j', files: files(2) });
    expect(t.navigations).toHaveLength(0);
    expect(t.handedOver).not.toHaveBeenCalled();
    expect(t.toasts.at(-1)).toEqual({ kind: 'error', key: 'downloads.failed' });
    expect(t.report).toHaveBeenCalled();
    expect(t.dismissed).toHaveLength(1);
  });

  it('says it needs the network when the check could not reach the server (issue 19)', async () => {
    const t = setup({ fail: new ApiError({ kind: 'network', method: 'POST', path: '/x' }) });
    await t.downloader.download({ jobId: 'j', files: files(2) });
    expect(t.navigations).toHaveLength(0);
    expect(t.toasts.at(-1)).toEqual({ kind: 'error', key: 'errors.api.offline' });
  });

  it('reports a page that failed in the frame and unmarks it', async () => {
    const t = setup();
    await t.downloader.download({ jobId: 'j', files: files(600) });
    const { session } = downloadPanelStore.getState();
    await t.downloader.downloadPage(session!.id, 0);
    expect(downloadPanelStore.getState().session?.pages[0].clicked).toBe(true);
    t.navigations[0].onFailure();
    expect(downloadPanelStore.getState().session?.pages[0].clicked).toBe(false);
    expect(t.toasts.at(-1)).toEqual({ kind: 'error', key: 'downloads.failed' });
  });

  it('downloads a year named after it, without documents, folders, empty paths or group companions', async () => {
    const year = [
      { id: 'a', path: 'a.jpg', mtime: 1, size: 10, type: 'picture' },
      { id: 'd', path: 'd.pdf', mtime: 1, size: 10, type: 'document' },
      // SPEC §5: "Empty file or directory paths are ignored in takeout grouping."
      { id: 'e', path: '', mtime: 1, size: 10, type: 'picture' },
      { id: 'f', path: 'Camera/', mtime: 1, size: 0, type: 'picture' },
      {
        id: 'm',
        path: 'm.mov',
        mtime: 1,
        size: 10,
        type: 'movie',
        group: { type: 'live', id: 'g', master: false },
      },
      {
        id: 'p',
        path: 'p.jpg',
        mtime: 1,
        size: 10,
        type: 'picture',
        group: { type: 'live', id: 'g', master: true },
      },
    ];
    const t = setup({ files: year });
    await t.downloader.downloadYear({ jobId: 'j', year: 2020 });
    expect(t.calls[0]).toMatchObject({
      method: 'GET',
      path: '/jobs/j/files',
      query: { start: 1577836800, end: 1609459200 },
    });
    expect(t.calls[1].query?.zip_filename).toBe('2020');
    expect(t.navigations[0].target.form?.file_ids).toBe('a,p');
  });

  it('says so when a year has nothing to download', async () => {
    const t = setup({ files: [] });
    await t.downloader.downloadYear({ jobId: 'j', year: 1999 });
    expect(t.toasts.at(-1)).toEqual({ kind: 'info', key: 'downloads.yearEmpty' });
    expect(t.navigations).toHaveLength(0);
  });

  it('refuses an album over the limit with the album alert', async () => {
    const t = setup();
    await t.downloader.downloadAlbum({ jobId: 'j', files: files(501), albumName: 'Summer' });
    expect(t.alerts).toEqual(['downloads.albumLimit']);
    expect(t.calls).toHaveLength(0);
    await t.downloader.downloadAlbum({ jobId: 'j', files: files(5), albumName: 'Summer' });
    expect(t.calls[0].query?.zip_filename).toBe('Summer');
  });

  it('refuses a selection over the limit where splitting is not wanted', async () => {
    const t = setup();
    expect(
      await t.downloader.downloadWithinLimit({ jobId: 'j', files: files(2, 2 * 1024 * MIB) }),
    ).toBe(false);
    expect(t.alerts).toEqual(['downloads.filesLimit']);
  });

  it('does nothing for an empty selection', async () => {
    const t = setup();
    await t.downloader.download({ jobId: 'j', files: [] });
    expect(t.calls).toHaveLength(0);
    expect(t.toasts).toHaveLength(0);
  });
});

describe('belongsToYearDownload', () => {
  it('keeps pictures and movies that show on their own', () => {
    const base = { id: 'x', mtime: 0, size: 1 };
    expect(belongsToYearDownload({ ...base, path: 'a.jpg', type: 'picture' })).toBe(true);
    expect(belongsToYearDownload({ ...base, path: 'f/', type: 'document' })).toBe(false);
  });
});

describe('a share’s file (read through its link)', () => {
  it('downloads directly with the share’s password and no user token when signed out', async () => {
    const linkAuth = { basic: 'pbkdf2', foreignAuth: null };
    const { downloader, calls, navigations } = setup({ token: null, linkAuth });
    await downloader.download({
      jobId: 'share-1',
      files: [{ id: 'f-1', size: 10, path: 'a.jpg' }],
    });
    expect((calls[0] as Call & { linkAuth?: unknown }).linkAuth).toEqual(linkAuth);
    const url = (navigations[0].target as { url: string }).url;
    expect(url).toContain('token=pbkdf2');
    expect(url).toContain('download=1');
    expect(url).not.toContain('foreign_auth');
  });

  it('names a signed-in visitor by foreign_auth beside the password', async () => {
    const linkAuth = { basic: 'pbkdf2', foreignAuth: 'tok' };
    const { downloader, navigations } = setup({ linkAuth });
    await downloader.download({
      jobId: 'share-1',
      files: [{ id: 'f-1', size: 10, path: 'a.jpg' }],
    });
    const url = new URL((navigations[0].target as { url: string }).url);
    expect(url.searchParams.get('token')).toBe('pbkdf2');
    expect(url.searchParams.get('foreign_auth')).toBe('tok');
  });
});
