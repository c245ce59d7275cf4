import { describe, expect, it } from 'vitest';
import { nameProblem, nameProblemKey } from './ProfileName';

describe('nameProblem (SPEC §5 text max, issue 23 control characters)', () => {
  it('requires a name of at most 255 characters without control characters', () => {
    expect(nameProblem('')).toBe('required');
    expect(nameProblem('  \t ')).toBe('required');
    expect(nameProblem('x'.repeat(255))).toBeNull();
    expect(nameProblem('x'.repeat(256))).toBe('tooLong');
    expect(nameProblem('Ann\u0000')).toBe('invalid');
    expect(nameProblem('Ann\ud83d')).toBe('invalid');
    expect(nameProblem('Åse <b>"Ølstad"</b>')).toBeNull();
  });
});

describe('nameProblemKey (SPEC §5 generic texts)', () => {
  it('a blank name says the generic "Field is required"; the rest their own reason', () => {
    expect(nameProblemKey('required')).toBe('common.fieldRequired');
    expect(nameProblemKey('tooLong')).toBe('settings.profile.problem.tooLong');
    expect(nameProblemKey('invalid')).toBe('settings.profile.problem.invalid');
  });
});
