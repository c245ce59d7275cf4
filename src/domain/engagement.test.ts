import { describe, expect, it } from 'vitest';
import { ENGAGED_ANALYTICS_COOLDOWN_S } from './constants';
import { ENGAGED_EVENTS, engagedEventDue, wireEventName } from './engagement';

describe('engaged analytics (SPEC §9)', () => {
  it('pins the 3600 s cooldown and the ten engaged events', () => {
    expect(ENGAGED_ANALYTICS_COOLDOWN_S).toBe(3600);
    expect(ENGAGED_EVENTS).toEqual([
      'album_open',
      'albums_new_finish',
      'timeline_add_finish',
      'file_download_finish',
      'carousel_open',
      'carousel_fullscreen_open',
      'carousel_share_finish',
      'carousel_add_to_album_finish',
      'timeline_selection_share_finish',
      'timeline_selection_add_to_album_finish',
    ]);
  });

  it('sends an event first, then not again until 3600 s have passed since it was sent', () => {
    const t = 1_750_000_000;
    expect(engagedEventDue('album_open', {}, t)).toBe(true);
    const sent = { album_open: t };
    expect(engagedEventDue('album_open', sent, t)).toBe(false);
    expect(engagedEventDue('album_open', sent, t + 3599)).toBe(false);
    expect(engagedEventDue('album_open', sent, t + 3600)).toBe(true);
  });

  it('counts each event on its own', () => {
    const t = 1_750_000_000;
    expect(engagedEventDue('carousel_open', { album_open: t }, t + 1)).toBe(true);
  });

  it('treats a last time in the future (clock set back) as due', () => {
    expect(engagedEventDue('album_open', { album_open: 2_000_000_000 }, 1_750_000_000)).toBe(true);
  });

  it('prefixes names with web_ (SPEC §7)', () => {
    expect(wireEventName('carousel_fullscreen_open')).toBe('web_carousel_fullscreen_open');
  });
});
