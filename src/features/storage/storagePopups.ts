/** SPEC §8 storage popups, each with close and buy more storage (to Settings storage). */
export const STORAGE_POPUPS = {
  /** A batch does not fit, or an upload answered out_of_storage. */
  addedMoreThanAvailable: 'AddedMoreFilesThanAvailableStorage',
  /** An upload took usage above 80% / 95% (SPEC §9 storage warnings). */
  above80: 'StorageUsageAbove80',
  above95: 'StorageUsageAbove95',
  /** A restore (undo of a delete, trash restore) hit the quota: quota_exceeded_error. */
  restoredMoreThanAvailable: 'RestoredMoreFilesThanAvailableStorage',
} as const;

export type StoragePopupKind = (typeof STORAGE_POPUPS)[keyof typeof STORAGE_POPUPS];
