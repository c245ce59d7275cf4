import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { changeLocale, initI18n } from './index';

describe('initI18n', () => {
  it('translates in the chosen locale with its plural rules', async () => {
    const i18n = await initI18n('nb_NO', createInstance());
    expect(i18n.t('nav.settings')).toBe('Innstillinger');
    expect(i18n.t('timeAgo.day', { count: 1 })).toBe('for 1 dag siden');
    expect(i18n.t('timeAgo.day', { count: 3 })).toBe('for 3 dager siden');
  });

  it('switches locale at run time, loading the bundle on demand', async () => {
    const i18n = await initI18n('en_US', createInstance());
    expect(i18n.t('nav.logOut')).toBe('Log out');
    await changeLocale('bg_BG', i18n);
    expect(i18n.t('nav.logOut')).toBe('Изход');
    expect(i18n.t('timeAgo.hour', { count: 5 })).toBe('преди 5 часа');
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
