import { STORAGE_METER_MIN_FILL, STORAGE_WARNING_RATIOS } from './constants';

/** SPEC §3: max_space is "unlimited at or above 1024^3 times 1e6". */
export const UNLIMITED_STORAGE_BYTES = 1024 ** 3 * 1e6;

export function isUnlimited(maxSpace: number): boolean {
  return maxSpace >= UNLIMITED_STORAGE_BYTES;
}

export type StorageWarning = 'none' | 'above80' | 'above95';

/** `unlimited` and `empty` are the two cases the SPEC wants shown specially instead of a meter. */
export type StorageMeterKind = 'unlimited' | 'empty' | 'metered';

export interface StorageUsage {
  kind: StorageMeterKind;
  /** used / max, not clamped: it exceeds 1 after a downgrade below current usage. */
  ratio: number;
  warning: StorageWarning;
  /** Share of the meter to fill, 0..1. */
  meterFill: number;
}

export function storageWarning(ratio: number): StorageWarning {
  const [warnAbove, criticalAbove] = STORAGE_WARNING_RATIOS;
  // "above 80%" is strict: exactly 80% does not warn yet.
  if (ratio > criticalAbove) return 'above95';
  if (ratio > warnAbove) return 'above80';
  return 'none';
}

export function storageUsage(used: number, max: number): StorageUsage {
  if (isUnlimited(max)) return { kind: 'unlimited', ratio: 0, warning: 'none', meterFill: 0 };
  if (used <= 0) return { kind: 'empty', ratio: 0, warning: 'none', meterFill: 0 };
  // No quota at all while holding data means the account is full, not divide-by-zero.
  const ratio = max > 0 ? used / max : 1;
  // A tiny non-zero usage still shows a visible sliver, so the user sees the meter is live.
  const meterFill = Math.min(1, Math.max(STORAGE_METER_MIN_FILL, ratio));
  return { kind: 'metered', ratio, warning: storageWarning(ratio), meterFill };
}
