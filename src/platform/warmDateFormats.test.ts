import { afterEach, describe, expect, it, vi } from 'vitest';
import { dateFormat, LONG_DATE, MONTH_YEAR } from '../domain/dateFormats';
import type { WarmRequest } from './warmDateFormats.shared';
import { warmDateFormats } from './warmDateFormats';
import { makeFormats } from './warmDateFormats.worker';

/** A worker that keeps what it is sent; the test answers for it. */
class FakeWorker extends EventTarget {
  sent: unknown[] = [];
  terminated = false;
  postMessage(message: unknown) {
    this.sent.push(message);
  }
  terminate() {
    this.terminated = true;
  }
}

function spyOnFormats() {
  const Real = Intl.DateTimeFormat;
  return vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (
    ...args: ConstructorParameters<typeof Intl.DateTimeFormat>
  ) {
    return new Real(...args);
  });
}

/** The page's two formats are waiting in two timer tasks; run, they are made once and kept. */
function expectMadeInTimersAndKept(made: ReturnType<typeof spyOnFormats>, language: string) {
  expect(made).not.toHaveBeenCalled();
  expect(vi.getTimerCount()).toBe(2);
  vi.runOnlyPendingTimers();
  expect(made).toHaveBeenCalledTimes(2);
  dateFormat(language, MONTH_YEAR);
  dateFormat(language.replace('_', '-'), LONG_DATE);
  expect(made).toHaveBeenCalledTimes(2);
}

describe('warmDateFormats', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('has a worker make the formats first, then makes its own in two timer tasks, and keeps them', () => {
    vi.useFakeTimers();
    const made = spyOnFormats();
    const worker = new FakeWorker();
    warmDateFormats('nb_NO', () => worker as unknown as Worker);
    // Nothing on this thread until the worker is done.
    expect(worker.sent).toEqual([{ locale: 'nb-NO', formats: [MONTH_YEAR, LONG_DATE] }]);
    expect(made).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);

    worker.dispatchEvent(new MessageEvent('message', { data: 'ready' }));
    expect(worker.terminated).toBe(true);
    expectMadeInTimersAndKept(made, 'nb_NO');
  });

  it('makes the formats itself in two timer tasks when no worker can be made', () => {
    vi.useFakeTimers();
    const made = spyOnFormats();
    warmDateFormats('sv_SE', () => {
      throw new ReferenceError('Worker is not defined');
    });
    expectMadeInTimersAndKept(made, 'sv_SE');
  });

  it('makes them itself, once, when the worker fails', () => {
    vi.useFakeTimers();
    const worker = new FakeWorker();
    warmDateFormats('bg_BG', () => worker as unknown as Worker);
    worker.dispatchEvent(new Event('error'));
    worker.dispatchEvent(new MessageEvent('message', { data: 'ready' }));
    expect(worker.terminated).toBe(true);
    expect(vi.getTimerCount()).toBe(2);
  });
});

describe('the warm-up worker', () => {
  afterEach(() => vi.restoreAllMocks());

  it('makes each format it is sent, in en-US for a locale Intl does not take', () => {
    const made = spyOnFormats();
    const request: WarmRequest = { locale: 'not a locale', formats: [MONTH_YEAR, LONG_DATE] };
    makeFormats(request);
    expect(made.mock.calls.map((call) => call[0])).toEqual([
      'not a locale',
      'en-US',
      'not a locale',
      'en-US',
    ]);
    makeFormats({ locale: 'sv-SE', formats: [MONTH_YEAR] });
    expect(made).toHaveBeenLastCalledWith('sv-SE', MONTH_YEAR);
  });
});
