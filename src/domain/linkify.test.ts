import { describe, expect, it } from 'vitest';
import { LINK_MAX_LENGTH, linkify, safeHref } from './linkify';

const links = (text: string) =>
  linkify(text)
    .filter((p) => p.kind === 'link')
    .map((p) => (p.kind === 'link' ? p.href : ''));
const joined = (text: string) =>
  linkify(text)
    .map((p) => p.text)
    .join('');

describe('linkify (issue 14: comments are plain text; only http(s) links are clickable)', () => {
  it('finds http and https addresses and keeps everything else as text, in order', () => {
    expect(linkify('Look: https://example.com/a?b=1#c and http://x.example.\nBye')).toEqual([
      { kind: 'text', text: 'Look: ' },
      { kind: 'link', text: 'https://example.com/a?b=1#c', href: 'https://example.com/a?b=1#c' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://x.example', href: 'http://x.example/' },
      { kind: 'text', text: '.\nBye' },
    ]);
    expect(linkify('HTTPS://EXAMPLE.COM/Path')[0]).toEqual({
      kind: 'link',
      text: 'HTTPS://EXAMPLE.COM/Path',
      href: 'https://example.com/Path',
    });
    expect(linkify('no links here')).toEqual([{ kind: 'text', text: 'no links here' }]);
    expect(linkify('')).toEqual([]);
  });

  it('never makes a link of another scheme, however it is written', () => {
    const hostile = [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(document.cookie)',
      'java\nscript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'ftp://example.com/x',
      '//evil.example/x',
      'www.example.com',
      '<a href="javascript:alert(1)">x</a>',
      '<img src=x onerror=alert(1)>',
      'https:/\\evil.example',
      'http:evil.example',
    ];
    for (const text of hostile) {
      expect(links(text), text).toEqual([]);
      expect(joined(text), text).toBe(text);
    }
  });

  it('a scheme glued to another is only the http(s) part', () => {
    expect(links('javascript:https://example.com')).toEqual(['https://example.com/']);
    expect(joined('javascript:https://example.com')).toBe('javascript:https://example.com');
  });

  it('stops at quotes, angle brackets and white space, so no attribute can be smuggled', () => {
    expect(links('https://a.example/"onmouseover="alert(1)')).toEqual(['https://a.example/']);
    expect(links("https://a.example/'x")).toEqual(['https://a.example/']);
    expect(links('https://a.example/<script>alert(1)</script>')).toEqual(['https://a.example/']);
    expect(links('https://a.example/x\u2028y')).toEqual(['https://a.example/x']);
    expect(links('https://a.example/\u0000x')).toEqual(['https://a.example/']);
  });

  it('keeps addresses with a user name or password as text (they show one host, open another)', () => {
    expect(links('https://bank.example@evil.example/login')).toEqual([]);
    expect(links('https://user:pass@example.com')).toEqual([]);
    expect(safeHref('https://bank.example@evil.example')).toBeNull();
  });

  it('leaves sentence punctuation outside, and a bracket the address opened inside', () => {
    expect(links('(see https://example.com/x).')).toEqual(['https://example.com/x']);
    expect(links('https://en.wikipedia.org/wiki/Pie_(food), yum')).toEqual([
      'https://en.wikipedia.org/wiki/Pie_(food)',
    ]);
    expect(links('Really? https://example.com/?!')).toEqual(['https://example.com/']);
    expect(joined('(see https://example.com/x).')).toBe('(see https://example.com/x).');
  });

  it('leaves overlong or broken addresses as text', () => {
    const long = `https://example.com/${'a'.repeat(LINK_MAX_LENGTH)}`;
    expect(links(long)).toEqual([]);
    expect(joined(long)).toBe(long);
    expect(links('https://')).toEqual([]);
    expect(links('http://[::1')).toEqual([]);
    expect(links('https://exa mple.com')).toEqual(['https://exa/']);
  });

  it('handles many links and a flood of text without losing a character', () => {
    const text = Array.from({ length: 200 }, (_, i) => `w${i} https://e.example/${i}`).join(' ');
    expect(links(text)).toHaveLength(200);
    expect(joined(text)).toBe(text);
    const flood = 'https://'.repeat(5000);
    expect(joined(flood)).toBe(flood);
  });
});
