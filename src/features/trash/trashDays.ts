import type { TFunction } from 'i18next';
import { TRASH_RETENTION_DAYS } from '../../domain/constants';

/** SPEC §3 daysRemaining: whole days left of the 90-day retention (0: deleted for good today). */
export function daysRemaining(dtime: number, now: number): number {
  const elapsed = Math.floor((now - dtime) / 86_400);
  return Math.max(0, TRASH_RETENTION_DAYS - elapsed);
}

/** What a trashed file or album says of its days left (SPEC §4: "deleted today" at 0). */
export function daysLeftText(t: TFunction, dtime: number, now: number): string {
  const days = daysRemaining(dtime, now);
  return days === 0 ? t('trash.deletedToday') : t('trash.daysLeft', { count: days });
}
