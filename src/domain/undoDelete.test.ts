import { describe, expect, it } from 'vitest';
import { mayUndoDelete } from './undoDelete';

describe('mayUndoDelete (SPEC §6)', () => {
  it('"Undo of deletion only for the job owner"', () => {
    expect(mayUndoDelete({ ownsJob: true, readOnly: false })).toBe(true);
    expect(mayUndoDelete({ ownsJob: false, readOnly: false })).toBe(false);
  });

  it('a read-only user has "restore disabled": no undo even in their own timeline', () => {
    expect(mayUndoDelete({ ownsJob: true, readOnly: true })).toBe(false);
    expect(mayUndoDelete({ ownsJob: false, readOnly: true })).toBe(false);
  });
});
