import { describe, expect, it } from 'vitest';
import { albumTitleProblem, userNameProblem } from './albumTitle';

describe('albumTitleProblem (SPEC §5)', () => {
  it('requires a title that is not blank for shared albums only', () => {
    expect(albumTitleProblem('   ', true)).toBe('required');
    expect(albumTitleProblem('', true)).toBe('required');
    expect(albumTitleProblem('   ', false)).toBeNull();
    expect(albumTitleProblem('Summer', true)).toBeNull();
  });
  it('allows 255 UTF-16 units, as the server counts them', () => {
    expect(albumTitleProblem('a'.repeat(255), true)).toBeNull();
    expect(albumTitleProblem('a'.repeat(256), false)).toBe('tooLong');
    expect(albumTitleProblem('😀'.repeat(128), true)).toBe('tooLong');
  });
  it('refuses control characters, and takes hostile but printable text as it is', () => {
    expect(albumTitleProblem('a\nb', false)).toBe('invalid');
    expect(albumTitleProblem('a\u0000', false)).toBe('invalid');
    // Issue 33: half an emoji is refused as the server refuses it.
    expect(albumTitleProblem('a\ud83d', false)).toBe('invalid');
    expect(userNameProblem('Ada\ude00')).toBe('invalid');
    expect(albumTitleProblem('<img src=x onerror=alert(1)> "\'; DROP TABLE', true)).toBeNull();
  });
  it('asks a user name that is not blank', () => {
    expect(userNameProblem(' ')).toBe('required');
    expect(userNameProblem('Ada')).toBeNull();
    expect(userNameProblem('x'.repeat(256))).toBe('tooLong');
  });
});
