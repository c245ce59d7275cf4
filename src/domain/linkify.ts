/**
 * Comments are plain text with line breaks (issue 14 "Safety"): the only markup a comment gets is
 * a clickable link, and only for an http(s) address written out with its scheme. Everything else
 * stays text — `javascript:`, `data:`, `vbscript:`, `file:`, a bare `www.` — and so does an
 * address carrying a user name or password (`https://bank.example@evil.example` shows one host and
 * opens another). The UI renders `text` as text nodes and `href` only on an anchor with
 * `rel="noopener noreferrer"`.
 */
export type TextPart =
  { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** Longer addresses stay text: nobody reads them, and they are a favourite of spam. */
export const LINK_MAX_LENGTH = 2048;

// A candidate: the scheme, then anything up to white space or a character that never belongs to
// an address written in prose. Case-insensitive (HTTPS://…).
// eslint-disable-next-line no-control-regex -- control characters end an address, on purpose
const CANDIDATE = /\bhttps?:\/\/[^\s<>"'`\u0000-\u001f\u007f-\u009f\u2028\u2029]+/giu;
// Punctuation that ends a sentence rather than the address ("see https://a.example/x.").
const TRAILING = new Set(['.', ',', ';', ':', '!', '?', "'", '"', '»', '”', '’']);
const OPENER: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

const count = (text: string, char: string) => text.split(char).length - 1;

/**
 * Drops trailing punctuation; a closing bracket goes too unless it closes one opened inside the
 * address ("(see https://en.wikipedia.org/wiki/Pie_(food))" keeps one ")").
 */
function trimTrailing(candidate: string): string {
  let text = candidate;
  for (;;) {
    const last = text[text.length - 1];
    const opener = OPENER[last];
    const drop =
      TRAILING.has(last) || (opener !== undefined && count(text, opener) < count(text, last));
    if (!drop) return text;
    text = text.slice(0, -1);
  }
}

/** The address to open, or null when `text` must stay text. */
export function safeHref(text: string): string | null {
  if (text.length > LINK_MAX_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '') return null;
  if (url.hostname === '') return null;
  return url.href;
}

/** Splits a comment into text and http(s) links, in order; joined, the parts' text is `text`. */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  const push = (part: TextPart) => {
    const previous = parts[parts.length - 1];
    if (part.kind === 'text' && previous?.kind === 'text') previous.text += part.text;
    else if (part.text !== '') parts.push(part);
  };
  for (const match of text.matchAll(CANDIDATE)) {
    const start = match.index;
    const candidate = trimTrailing(match[0]);
    const href = safeHref(candidate);
    push({ kind: 'text', text: text.slice(at, start) });
    if (href) push({ kind: 'link', text: candidate, href });
    else push({ kind: 'text', text: candidate });
    at = start + candidate.length;
  }
  push({ kind: 'text', text: text.slice(at) });
  return parts;
}
