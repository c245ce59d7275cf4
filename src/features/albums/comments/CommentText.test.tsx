// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18next, initI18n } from '../../../i18n';
import { CommentText } from './CommentText';

beforeAll(async () => {
  await initI18n('en_US');
  // jsdom has no ResizeObserver; the clamp's measurement only needs it to exist.
  if (!('ResizeObserver' in globalThis)) {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
        unobserve() {}
      },
    );
  }
});
afterEach(cleanup);
afterAll(() => vi.unstubAllGlobals());

const show = (text: string, truncate = false) =>
  render(
    <I18nextProvider i18n={i18next}>
      <CommentText text={text} truncate={truncate} />
    </I18nextProvider>,
  ).container;

describe('CommentText (issue 14: plain text, http(s) links only)', () => {
  it('renders hostile markup as text: no element but the paragraph', () => {
    const hostile =
      '<img src=x onerror=alert(1)><script>alert(2)</script><a href="javascript:alert(3)">x</a>';
    const container = show(hostile);
    const text = screen.getByTestId('comment-text');
    expect(text.textContent).toBe(hostile);
    expect(container.querySelectorAll('img, script, a, iframe').length).toBe(0);
    expect(text.children.length).toBe(0);
  });

  it('keeps line breaks as text and makes only http(s) addresses links, opened safely', () => {
    show('First\nsee https://example.com/a, not javascript:alert(1) nor data:text/html,x');
    const text = screen.getByTestId('comment-text');
    expect(text.textContent).toBe(
      'First\nsee https://example.com/a, not javascript:alert(1) nor data:text/html,x',
    );
    const links = text.querySelectorAll('a');
    expect(links).toHaveLength(1);
    expect(links[0].getAttribute('href')).toBe('https://example.com/a');
    expect(links[0].getAttribute('rel')).toBe('noopener noreferrer');
    expect(links[0].getAttribute('target')).toBe('_blank');
    expect(links[0].textContent).toBe('https://example.com/a');
  });

  it('on phones clamps to 4 lines of 16 px (SPEC §9)', () => {
    show('one\ntwo\nthree\nfour\nfive\nsix', true);
    const text = screen.getByTestId('comment-text');
    expect(text.style.lineHeight).toBe('16px');
    expect(text.style.getPropertyValue('-webkit-line-clamp')).toBe('4');
    expect(text.className).toContain('comments__text--clamped');
  });
});
