import { describe, expect, it } from 'vitest';
import { checkRatio, checkTarget, type Baselines } from './baselines';
import { target } from './env';

const baselines: Baselines = {
  accepted: { date: '2026-11-22', machine: 'test' },
  budgets: {},
  ratios: {},
  acceptedMisses: {
    'scroll: draw calls per frame (max)': { reason: 'test', quick: 6 },
  },
};

describe('checkTarget', () => {
  it('passes a met target and fails an unaccepted miss', () => {
    expect(checkTarget('scroll', target('heap', 100, 150, '<='), baselines, 'quick').status).toBe(
      'ok',
    );
    expect(checkTarget('scroll', target('heap', 200, 150, '<='), baselines, 'quick').status).toBe(
      'FAIL',
    );
  });

  it('lets an accepted miss through until it is more than 10% worse', () => {
    const at = (value: number) =>
      checkTarget(
        'scroll',
        target('draw calls per frame (max)', value, 5, '<='),
        baselines,
        'quick',
      ).status;
    expect(at(6.5)).toBe('accepted miss');
    expect(at(6.7)).toBe('FAIL');
  });

  it('reports a missed timing target in the quick (CI) run without failing, but judges it in full runs', () => {
    const slow = target('script time per frame p95 (ms)', 30, 4, '<=', { timing: true });
    expect(checkTarget('scroll', slow, baselines, 'quick').status).toBe('timing, not gated');
    expect(checkTarget('scroll', slow, baselines, 'full').status).toBe('FAIL');
  });
});

describe('checkRatio', () => {
  it('fails a side-by-side ratio that regressed past its tolerance', () => {
    const tracked = { better: 'lower' as const, quick: 0.2, tolerance: 0.5 };
    expect(checkRatio('scroll', 'r', 0.29, tracked, 'quick').status).toBe('ok');
    expect(checkRatio('scroll', 'r', 0.31, tracked, 'quick').status).toBe('FAIL');
    const higher = { better: 'higher' as const, quick: 40 };
    expect(checkRatio('layout', 'f', 35, higher, 'quick').status).toBe('FAIL');
  });
});
