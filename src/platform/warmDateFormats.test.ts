import { afterEach, describe, expect, it, vi } from 'vitest';
import { dateFormat, LONG_DATE, MONTH_YEAR } from '../domain/dateFormats';
import { warmDateFormats } from './warmDateFormats';

describe('warmDateFormats', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('makes the month and long-date formats later, each in a timer task of its own, and they are kept', () => {
    vi.useFakeTimers();
    const Real = Intl.DateTimeFormat;
    const made = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (
      ...args: ConstructorParameters<typeof Intl.DateTimeFormat>
    ) {
      return new Real(...args);
    });
    warmDateFormats('sv_SE');
    expect(made).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(2);
    vi.runOnlyPendingTimers();
    expect(made).toHaveBeenCalledTimes(2);
    dateFormat('sv_SE', MONTH_YEAR);
    dateFormat('sv-SE', LONG_DATE);
    expect(made).toHaveBeenCalledTimes(2);
  });
});
