import { ERROR_REPORT_SAMPLE_RATE } from '../domain/constants';

/** SPEC §8: error reports are sampled at ERROR_REPORT_SAMPLE_RATE (0.5). */

export function shouldReport(random: () => number = Math.random): boolean {
  return random() < ERROR_REPORT_SAMPLE_RATE;
}

export function reportError(error: unknown, random: () => number = Math.random): void {
  if (!shouldReport(random)) return;
  console.error('[capture] unhandled error', error);
}
