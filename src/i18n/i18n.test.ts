import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { changeLocale, initI18n } from './index';

describe('initI18n', () => {
  it('translates in the chosen locale with its plural rules', async () => {
    const i18n = await initI18n('nb_NO', createInstance());
    expect(i18n.t('nav.settings')).toBe('Innstillinger');
    expect(i18n.t('gallery.selection.count', { count: 3 })).toBe('Valgt: 3');
  });

  it('switches locale at run time, loading the bundle on demand', async () => {
    const i18n = await initI18n('en_US', createInstance());
    expect(i18n.t('nav.logOut')).toBe('Log out');
    await changeLocale('bg_BG', i18n);
    expect(i18n.t('nav.logOut')).toBe('Изход');
    expect(i18n.t('timeAgo.justNow')).toBe('току-що');
  });

  it('writes counts for the language (issue 34.12: "1 234 567" in Norwegian, not "1234567")', async () => {
    const i18n = await initI18n('nb_NO', createInstance());
    // Intl groups thousands with a no-break space in nb-NO, sv-SE and bg-BG.
    expect(i18n.t('gallery.selection.count', { count: 1234567 })).toBe(
      'Valgt: 1\u00a0234\u00a0567',
    );
    await changeLocale('en_US', i18n);
    expect(i18n.t('gallery.selection.count', { count: 1234567 })).toBe('Selected: 1,234,567');
  });

  it('falls back to English for a missing text (SPEC §1)', async () => {
    const i18n = await initI18n('sv_SE', createInstance());
    const swedish = i18n.getResourceBundle('sv_SE', 'translation') as {
      nav: Record<string, string>;
    };
    delete swedish.nav.settings;
    expect(i18n.t('nav.settings')).toBe('Settings');
    expect(i18n.t('nav.logOut')).toBe('Logga ut');
  });
});
