import { describe, expect, it, vi } from 'vitest';
import { ERROR_REPORT_SAMPLE_RATE } from '../domain/constants';
import { reportError, shouldReport } from './reportError';

describe('error reports', () => {
  it('are sampled at 0.5 (SPEC §8)', () => {
    expect(ERROR_REPORT_SAMPLE_RATE).toBe(0.5);
    expect(shouldReport(() => 0.49)).toBe(true);
    expect(shouldReport(() => 0.5)).toBe(false);
  });

  it('reach the console only when sampled', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    reportError(new Error('a'), () => 0.9);
    expect(log).not.toHaveBeenCalled();
    reportError(new Error('b'), () => 0.1);
    expect(log).toHaveBeenCalledOnce();
  });
});
