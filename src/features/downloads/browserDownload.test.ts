import { callFor } from '../../api/contract/calls';
// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import type { ApiClient } from '../../api/http';
import { FAILURE_WATCH_MS, checkDownload, navigateHiddenFrame } from './browserDownload';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('navigateHiddenFrame', () => {
  it('posts the form into a fresh hidden iframe and leaves the page alone', () => {
    const submit = vi
      .spyOn(HTMLFormElement.prototype, 'submit')
      .mockImplementation(() => undefined);
    const onFailure = vi.fn();
    navigateHiddenFrame(
      {
        url: 'https://dl.test/st/4/jobs/j/files_as_archive?zip_filename=x',
        form: { auth_token: 't', file_ids: 'a,b' },
      },
      onFailure,
    );
    const frame = document.querySelector('iframe');
    expect(frame?.hidden).toBe(true);
    const form = submit.mock.contexts[0] as HTMLFormElement | undefined;
    expect(form?.method).toBe('post');
    expect(form?.action).toBe('https://dl.test/st/4/jobs/j/files_as_archive?zip_filename=x');
    expect(form?.target).toBe(frame?.name);
    expect(Object.fromEntries(new FormData(form))).toEqual({ auth_token: 't', file_ids: 'a,b' });
    // The form is gone once submitted; nothing failed.
    expect(document.querySelector('form')).toBeNull();
    expect(onFailure).not.toHaveBeenCalled();
  });

  it('reports a page loading in the frame (an error answer) once, and removes the frame', () => {
    const onFailure = vi.fn();
    navigateHiddenFrame({ url: 'about:blank#file' }, onFailure);
    const frame = document.querySelector('iframe')!;
    frame.dispatchEvent(new Event('load'));
    frame.dispatchEvent(new Event('load'));
    expect(onFailure).toHaveBeenCalledTimes(1);
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('stops watching after FAILURE_WATCH_MS and drops the frame', () => {
    vi.useFakeTimers();
    const onFailure = vi.fn();
    navigateHiddenFrame({ url: 'about:blank#file' }, onFailure);
    const frame = document.querySelector('iframe')!;
    vi.advanceTimersByTime(FAILURE_WATCH_MS);
    expect(document.querySelector('iframe')).toBeNull();
    frame.dispatchEvent(new Event('load'));
    expect(onFailure).not.toHaveBeenCalled();
  });
});

describe('checkDownload', () => {
  it('resolves on a 2xx answer and aborts the body it does not read', async () => {
    let signal: AbortSignal | undefined;
    const client = {
      request: (opts: { signal?: AbortSignal }) => {
        signal = opts.signal;
        return Promise.resolve({ data: undefined, headers: new Headers(), status: 200 });
      },
    } as unknown as ApiClient;
    await checkDownload(client, { call: callFor('GET', '/account_info'), responseType: 'none' });
    expect(signal?.aborted).toBe(true);
  });

  it('rejects with the api error of a refused download', async () => {
    const error = new ApiError({ kind: 'notFound', status: 404, method: 'POST', path: '/x' });
    const client = { request: () => Promise.reject(error) } as unknown as ApiClient;
    await expect(
      checkDownload(client, { call: callFor('POST', '/logout'), responseType: 'none' }),
    ).rejects.toBe(error);
  });
});
