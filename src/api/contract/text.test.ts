import { describe, expect, it } from 'vitest';
import {
  CONTROL_CHARACTERS_MESSAGE,
  hasControlCharacters,
  hasLoneSurrogate,
  isStorableText,
  LONE_SURROGATE_MESSAGE,
  multiLineText,
  singleLineText,
  storedTextProblem,
} from './text';

// Issue 23: names with control characters were accepted. One validator, reused by every text
// the server stores: C0 (U+0000–U+001F), DEL and C1 (U+0080–U+009F); \n only in multi-line text.
describe('control characters in user text', () => {
  const controls = [
    '\u0000',
    '\u0001',
    '\t',
    '\r',
    '\u001b',
    '\u001f',
    '\u007f',
    '\u0080',
    '\u0085',
    '\u009f',
  ];

  it('finds every C0 and C1 control character and DEL, in single-line text also \\n', () => {
    for (const c of [...controls, '\n'])
      expect(hasControlCharacters(`a${c}b`), JSON.stringify(c)).toBe(true);
  });

  it('allows \\n in multi-line text only', () => {
    expect(hasControlCharacters('line 1\nline 2', { multiline: true })).toBe(false);
    for (const c of controls) {
      expect(hasControlCharacters(`a${c}b`, { multiline: true }), JSON.stringify(c)).toBe(true);
    }
  });

  it('leaves ordinary text alone: accents, RTL, emoji, zero-width joiners, U+00A0', () => {
    for (const text of [
      'Ærø 2024',
      'مرحبا',
      'שלום',
      '👨‍👩‍👧',
      'a\u00a0b',
      '\u202ename',
      'C:holiday.jpg',
    ]) {
      expect(hasControlCharacters(text), text).toBe(false);
    }
  });

  it('builds zod schemas that refuse them with one clear message', () => {
    const name = singleLineText(10);
    expect(name.safeParse('Holiday').success).toBe(true);
    const bad = name.safeParse('Holi\u0007day');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('control characters are not allowed');
    expect(name.safeParse('x'.repeat(11)).success).toBe(false);
    expect(multiLineText(20).safeParse('one\ntwo').success).toBe(true);
    expect(multiLineText(20).safeParse('one\r\ntwo').success).toBe(false);
  });
});

// Issue 33: unpaired surrogates were stored; every stored text is well-formed Unicode too.
describe('unpaired surrogates in user text', () => {
  it('finds a lone high or low surrogate anywhere, and leaves pairs (emoji) alone', () => {
    for (const text of [
      '\ud83d',
      'a\ud83db',
      '\ude00',
      'a\ude00',
      'x\ud83d\ud83d\ude00',
      '📷\udc00',
    ])
      expect(hasLoneSurrogate(text), JSON.stringify(text)).toBe(true);
    for (const text of ['📷', 'a📷b', '👨‍👩‍👧', '\ud83d\ude00\ud83d\ude00', ''])
      expect(hasLoneSurrogate(text), text).toBe(false);
  });

  it('is refused by both schemas with its own message; storedTextProblem says which rule', () => {
    const bad = singleLineText(10).safeParse('a\ud83d');
    expect(bad.error?.issues[0]?.message).toBe(LONE_SURROGATE_MESSAGE);
    expect(multiLineText(10).safeParse('a\ude00\nb').success).toBe(false);
    expect(storedTextProblem('a\nb')).toBe(CONTROL_CHARACTERS_MESSAGE);
    expect(storedTextProblem('a\nb', { multiline: true })).toBeNull();
    expect(storedTextProblem('a\ud83d')).toBe(LONE_SURROGATE_MESSAGE);
    expect(isStorableText('Holiday 📷')).toBe(true);
  });
});
