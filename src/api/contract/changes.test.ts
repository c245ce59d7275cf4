import { describe, expect, it } from 'vitest';
import { CHANGE_TYPE, JobChangeSchema } from './changes';

describe('job change types (SPEC §3)', () => {
  it('are "0 file added, 1 file removed, 10 comment, 11 event, 12 reaction"', () => {
    expect(CHANGE_TYPE).toEqual({
      fileAdded: 0,
      fileRemoved: 1,
      comment: 10,
      event: 11,
      reaction: 12,
    });
  });

  it('the schema takes exactly those numbers', () => {
    for (const type of Object.values(CHANGE_TYPE)) {
      expect(JobChangeSchema.safeParse({ serial: 1, type, id: 'a-1' }).success).toBe(true);
    }
    expect(JobChangeSchema.safeParse({ serial: 1, type: 2, id: 'a-1' }).success).toBe(false);
  });
});
