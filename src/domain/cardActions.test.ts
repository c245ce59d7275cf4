import { describe, expect, it } from 'vitest';
import { appPath, cardActionTarget, illustrationUrl, webUrl } from './cardActions';

const APP = 'https://app.example';

describe('full-screen card actions (SPEC §3: internal navigation, new tab, redirect)', () => {
  it('navigates inside the app to its own paths only', () => {
    const go = (url: string) => cardActionTarget({ action_type: 'internal_navigation', url }, APP);
    expect(go('/settings/storage')).toEqual({ kind: 'internal', path: '/settings/storage' });
    expect(go('/albums?filter=shared#top')).toEqual({
      kind: 'internal',
      path: '/albums?filter=shared#top',
    });
    expect(go('https://app.example/photos')).toEqual({ kind: 'internal', path: '/photos' });
    expect(go('/a/../settings')).toEqual({ kind: 'internal', path: '/settings' });
    for (const hostile of [
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      'https://evil.example/photos',
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'photos',
      '/photos\u0000',
      '',
    ]) {
      expect(go(hostile), hostile).toBeNull();
    }
  });

  it('opens a new tab or redirects to http(s) addresses only', () => {
    expect(cardActionTarget({ action_type: 'new_tab', url: 'https://example.com/a b' }, APP)).toBe(
      null,
    );
    expect(cardActionTarget({ action_type: 'new_tab', url: 'https://example.com/x' }, APP)).toEqual(
      { kind: 'newTab', url: 'https://example.com/x' },
    );
    expect(cardActionTarget({ action_type: 'redirect', url: 'http://example.com' }, APP)).toEqual({
      kind: 'redirect',
      url: 'http://example.com/',
    });
    for (const hostile of [
      'javascript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html,x',
      'file:///etc/passwd',
      '//example.com',
      '/relative',
      'https://user:pw@example.com',
      'https://example.com/\u0007',
    ]) {
      expect(cardActionTarget({ action_type: 'redirect', url: hostile }, APP), hostile).toBeNull();
      expect(cardActionTarget({ action_type: 'new_tab', url: hostile }, APP), hostile).toBeNull();
    }
  });

  it('shows http(s) illustrations only', () => {
    expect(illustrationUrl('https://cdn.example/i.png')).toBe('https://cdn.example/i.png');
    expect(illustrationUrl('javascript:alert(1)')).toBeNull();
    expect(illustrationUrl('data:image/svg+xml,<svg onload=alert(1)>')).toBeNull();
    expect(illustrationUrl(null)).toBeNull();
    expect(illustrationUrl(undefined)).toBeNull();
    expect(webUrl('nope')).toBeNull();
    expect(appPath('https://app.example.evil.com/', APP)).toBeNull();
  });
});
