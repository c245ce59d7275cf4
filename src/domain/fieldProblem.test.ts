import { describe, expect, it } from 'vitest';
import { fieldProblem } from './fieldProblem';

describe('fieldProblem (SPEC §5 "Field is required" / "Value is invalid")', () => {
  it('a required field left blank or only spaces is required, whatever else its check says', () => {
    expect(fieldProblem('', { required: true, invalid: true })).toBe('required');
    expect(fieldProblem('   ', { required: true, invalid: false })).toBe('required');
  });

  it('a value its check refuses is invalid; an optional blank field says nothing', () => {
    expect(fieldProblem('12', { required: true, invalid: true })).toBe('invalid');
    expect(fieldProblem('', { required: false, invalid: false })).toBeNull();
    expect(fieldProblem('Ada', { required: true, invalid: false })).toBeNull();
  });
});
