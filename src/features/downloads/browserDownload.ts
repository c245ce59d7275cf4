import type { ApiClient } from '../../api/http';

/**
 * How a file or an archive reaches the browser's own download manager without the app being
 * replaced, and how a failure is still noticed.
 *
 * 1. A check call first (`fetch` through the api client, answer read only up to its headers,
 *    then aborted): the server validates everything before it streams (contract/archive.ts), so
 *    its status says whether the real download will work — 401 runs the unauthorised handlers, a
 *    network failure marks the app offline, like every other call.
 * 2. Then the real request as a navigation of a hidden iframe (a form post for archives, since a
 *    form cannot send the Authorization header the token goes in the body; a GET with `?token=`
 *    for one file). An `attachment` answer becomes a download and the iframe never loads; an
 *    error page (or a blocked navigation) does load it, which is reported as a failure. The app's
 *    page is never navigated, so nothing is lost whatever the server answers.
 */

export interface NavigationTarget {
  url: string;
  /** Present: a form post of these fields; absent: a GET. */
  form?: Readonly<Record<string, string>>;
}

/** How long a late error page in the iframe still counts as this download's failure. */
export const FAILURE_WATCH_MS = 60_000;

/**
 * Checks that the server accepts the request: resolves when it answered 2xx, rejects with the
 * client's ApiError otherwise. The body (the zip or the file) is not read.
 */
export async function checkDownload(
  client: ApiClient,
  request: Parameters<ApiClient['request']>[0] & { responseType: 'none' },
): Promise<void> {
  const controller = new AbortController();
  try {
    await client.request({ ...request, signal: controller.signal });
  } finally {
    // Stops the stream the server began: only the status was wanted.
    controller.abort();
  }
}

let frameCount = 0;

/**
 * Starts the browser download in a fresh hidden iframe. `onFailure` runs at most once, when the
 * iframe loads a page instead of downloading (an error answer) within FAILURE_WATCH_MS.
 */
export function navigateHiddenFrame(
  target: NavigationTarget,
  onFailure: () => void,
  doc: Document = document,
): void {
  const name = `capture-download-${++frameCount}`;
  const frame = doc.createElement('iframe');
  frame.name = name;
  frame.title = name;
  frame.hidden = true;
  frame.tabIndex = -1;
  frame.setAttribute('aria-hidden', 'true');
  frame.dataset.testid = 'download-frame';
  doc.body.append(frame);

  let done = false;
  const finish = () => {
    done = true;
    frame.removeEventListener('load', onLoad);
    clearTimeout(timer);
  };
  // Attached after the iframe's initial about:blank load (synchronous on insertion).
  const onLoad = () => {
    if (done) return;
    finish();
    frame.remove();
    onFailure();
  };
  frame.addEventListener('load', onLoad);
  // The download keeps going in the browser's download manager after the frame is removed.
  const timer = setTimeout(() => {
    finish();
    frame.remove();
  }, FAILURE_WATCH_MS);

  if (!target.form) {
    frame.src = target.url;
    return;
  }
  const form = doc.createElement('form');
  form.method = 'POST';
  form.action = target.url;
  form.target = name;
  form.enctype = 'application/x-www-form-urlencoded';
  form.hidden = true;
  for (const [field, value] of Object.entries(target.form)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = field;
    input.value = value;
    form.append(input);
  }
  doc.body.append(form);
  form.submit();
  form.remove();
}
