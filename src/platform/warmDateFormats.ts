import { dateFormat, LONG_DATE, MONTH_YEAR } from '../domain/dateFormats';
import type { WarmRequest } from './warmDateFormats.shared';

/** A worker that makes the date formats of a WarmRequest, then posts 'ready'. */
export type MakeWarmWorker = () => Worker;

const warmWorker: MakeWarmWorker = () =>
  new Worker(new URL('./warmDateFormats.worker.ts', import.meta.url), { type: 'module' });

/**
 * Makes the grid's date formats of `language` ahead, while the page's code and data are on their
 * way. The first Intl.DateTimeFormat of a page loads ICU's calendar data: 59 ms in a task of its
 * own on the main thread (bench/hugeMonth, issue 34.10). That data is loaded once per process, so
 * a worker makes the same formats first, on the other core; the page's formats, made afterwards
 * each in a timer task of its own, then take about a millisecond. Without a worker (none, or it
 * failed) the page makes them in those timer tasks at once, as before.
 */
export function warmDateFormats(language: string, makeWorker: MakeWarmWorker = warmWorker): void {
  let made = false;
  const makeHere = () => {
    if (made) return;
    made = true;
    setTimeout(() => dateFormat(language, MONTH_YEAR), 0);
    setTimeout(() => dateFormat(language, LONG_DATE), 0);
  };
  let worker: Worker;
  try {
    worker = makeWorker();
  } catch {
    makeHere();
    return;
  }
  const done = () => {
    worker.terminate();
    makeHere();
  };
  worker.addEventListener('message', done);
  worker.addEventListener('error', done);
  const request: WarmRequest = {
    locale: language.replace('_', '-'),
    formats: [MONTH_YEAR, LONG_DATE],
  };
  worker.postMessage(request);
}
