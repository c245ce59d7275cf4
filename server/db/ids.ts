/**
 * Public file ids: base-36 row id, a dash, and a 16-bit random tag in hex ("00a3kz-1f0c"). Short,
 * so the client can hold a million; the dash is what its log masking recognises; the tag makes
 * ids unguessable enough that a sequential scan does not hit real rows.
 */
const FILE_ID = /^([0-9a-z]{1,11})-([0-9a-f]{4})$/;

export function fileIdOf(rowId: number, tag: number): string {
  return `${rowId.toString(36).padStart(6, '0')}-${tag.toString(16).padStart(4, '0')}`;
}

/** The row id and tag of a public id, or null when it cannot be one. */
export function parseFileId(id: string): { rowId: number; tag: number } | null {
  const match = FILE_ID.exec(id);
  if (!match) return null;
  const rowId = parseInt(match[1], 36);
  if (!Number.isSafeInteger(rowId) || rowId <= 0) return null;
  return { rowId, tag: parseInt(match[2], 16) };
}

/** yyyymmdd of a unix time, in UTC (the timeline's day). */
export function utcDay(unixSeconds: number): number {
  const d = new Date(unixSeconds * 1000);
  return d.getUTCFullYear() * 10000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
}
