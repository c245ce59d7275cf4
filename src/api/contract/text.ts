import { z } from 'zod';

/**
 * The one rule for text a user gives the server to store (names of users, albums and files;
 * comments later): no control characters. C0 (U+0000–U+001F), DEL (U+007F) and C1
 * (U+0080–U+009F) break file systems, zip entries, logs and terminals and have no place in a
 * name; multi-line text (a comment, a message) may hold `\n` and nothing else of them. Shared by
 * the server's validation and any client check, so both refuse the same text (issue 23).
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

export const CONTROL_CHARACTERS_MESSAGE = 'control characters are not allowed';

export function hasControlCharacters(text: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? CONTROL_BUT_NEWLINE : CONTROL).test(text);
}

/** A single-line text field of at most `max` characters without control characters. */
export const singleLineText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((text) => !hasControlCharacters(text), CONTROL_CHARACTERS_MESSAGE);

/** Multi-line text: `\n` is allowed, every other control character is not. */
export const multiLineText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((text) => !hasControlCharacters(text, { multiline: true }), CONTROL_CHARACTERS_MESSAGE);
