/**
 * SPEC §6 "Undo of deletion only for the job owner", and a read-only user has "restore
 * disabled". An undo is a restore (SPEC §7 multi_rollback), which the server refuses to anyone
 * else, so the deleted toast offers Undo only when both hold: an Undo that cannot work is not
 * offered at all.
 */
export function mayUndoDelete(role: {
  /** The signed-in user owns the job the files were deleted from (the timeline is always theirs). */
  ownsJob: boolean;
  /** SPEC §6 isReadOnlyUser: signed in without a subscription. */
  readOnly: boolean;
}): boolean {
  return role.ownsJob && !role.readOnly;
}
