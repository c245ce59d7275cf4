import { z } from 'zod';

/**
 * The one rule for text a user gives the server to store (names of users, albums, files and
 * devices, comments, email shares, card and legacy contacts…): well-formed Unicode without
 * control characters. C0 (U+0000–U+001F), DEL (U+007F) and C1 (U+0080–U+009F) break file
 * systems, zip entries, logs and terminals and have no place in a name; multi-line text (a
 * comment, a message) may hold `\n` and nothing else of them. An unpaired surrogate (half of an
 * emoji, U+D800–U+DFFF alone) is no character at all: UTF-8 cannot hold it, so it turns into
 * U+FFFD or an error wherever the text goes next (issue 33). Shared by the server's validation
 * and the client's checks, so both refuse the same text (issue 23).
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

export const CONTROL_CHARACTERS_MESSAGE = 'control characters are not allowed';
export const LONE_SURROGATE_MESSAGE = 'unpaired surrogates are not allowed';

export interface TextOptions {
  /** `\n` allowed (a comment, a message). */
  multiline?: boolean;
}

export function hasControlCharacters(text: string, options: TextOptions = {}): boolean {
  return (options.multiline ? CONTROL_BUT_NEWLINE : CONTROL).test(text);
}

/** Whether `text` holds a surrogate code unit not paired with its other half. */
export function hasLoneSurrogate(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0xd800 || unit > 0xdfff) continue;
    const next = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
    if (unit > 0xdbff || next < 0xdc00 || next > 0xdfff) return true;
    i++;
  }
  return false;
}

/** Why `text` cannot be stored (the message the server answers), or null when it can. */
export function storedTextProblem(text: string, options: TextOptions = {}): string | null {
  if (hasControlCharacters(text, options)) return CONTROL_CHARACTERS_MESSAGE;
  if (hasLoneSurrogate(text)) return LONE_SURROGATE_MESSAGE;
  return null;
}

export const isStorableText = (text: string, options: TextOptions = {}): boolean =>
  storedTextProblem(text, options) === null;

/** The rule added to a string schema (after its own trim, length and other checks). */
export const storedText = (schema: z.ZodString, options: TextOptions = {}): z.ZodString =>
  schema
    .refine((text) => !hasControlCharacters(text, options), CONTROL_CHARACTERS_MESSAGE)
    .refine((text) => !hasLoneSurrogate(text), LONE_SURROGATE_MESSAGE);

/** A single-line text field of at most `max` characters that may be stored. */
export const singleLineText = (max: number) => storedText(z.string().max(max));

/** Multi-line text: `\n` is allowed, every other control character is not. */
export const multiLineText = (max: number) => storedText(z.string().max(max), { multiline: true });
