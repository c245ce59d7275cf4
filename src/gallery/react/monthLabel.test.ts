import { afterEach, describe, expect, it, vi } from 'vitest';
import { monthFormatter } from './monthLabel';

describe('monthFormatter', () => {
  afterEach(() => vi.restoreAllMocks());

  it('makes no Intl format while it is created (a render), only at its first label', () => {
    const Real = Intl.DateTimeFormat;
    const made = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (
      ...args: ConstructorParameters<typeof Intl.DateTimeFormat>
    ) {
      return new Real(...args);
    });
    const format = monthFormatter('bg_BG');
    expect(made).not.toHaveBeenCalled();
    expect(format(2020, 12)).toBe(
      new Real('bg-BG', { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
        Date.UTC(2020, 11, 1),
      ),
    );
    expect(made).toHaveBeenCalledTimes(1);
    expect(format(2021, 1)).toContain('2021');
    // The language's format is kept: a second formatter (another component) makes none.
    expect(monthFormatter('bg_BG')(2021, 2)).toContain('2021');
    expect(made).toHaveBeenCalledTimes(1);
  });
});
