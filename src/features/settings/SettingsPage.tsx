import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { actionFailure } from '../../api/errors';
import { LOCALES, type Locale } from '../../domain/language';
import { useAccountInfo } from '../../platform/queries';
import { isRouteBuilt } from '../../platform/routesBuilt';
import { showToast } from '../../state/toasts';
import { RequireLogin } from '../auth';
import { ProfileName } from './ProfileName';
import { chooseLanguage } from './settingsApi';
import './settings.css';

/**
 * SPEC §2 settings home entries, in the SPEC's order. An entry whose page is not built yet is
 * left out (issue 22: no link ends on page-not-found); it appears when its route gets a page.
 */
const ENTRIES = [
  { to: '/settings/storage', label: 'settings.entries.storage' },
  { to: '/settings/devices', label: 'settings.entries.devices' },
  { to: '/settings/privacy', label: 'settings.entries.privacy' },
  { to: '/emailSettings', label: 'settings.entries.email' },
  { to: '/help', label: 'settings.entries.help' },
  { to: '/documents', label: 'settings.entries.documents' },
  { to: '/deleted_items', label: 'settings.entries.trash', search: '?fromNav=1' },
  { to: '/settings/takeout', label: 'settings.entries.takeout' },
  { to: '/settings/advanced', label: 'settings.entries.advanced' },
] as const;

/** SPEC §2 `/settings`: who is signed in, the settings areas, and the language. */
export default function SettingsPage() {
  return (
    <RequireLogin>
      <Settings />
    </RequireLogin>
  );
}

function Settings() {
  const { t } = useTranslation();
  const account = useAccountInfo().data;
  const entries = ENTRIES.filter((entry) => isRouteBuilt(entry.to));
  return (
    <section className="settings-page" data-testid="settings" aria-labelledby="settings-title">
      <h1 id="settings-title">{t('nav.settings')}</h1>
      {account ? (
        <div className="settings-profile">
          <ProfilePicture url={account.profile_picture} />
          <ProfileName name={account.name} email={account.logged_in_as} />
        </div>
      ) : null}
      <nav aria-label={t('settings.entriesLabel')}>
        <ul className="settings-list" data-testid="settings-entries">
          {entries.map((entry) => (
            <li key={entry.to} className="settings-list__row settings-list__row--link">
              <Link
                to={`${entry.to}${'search' in entry ? entry.search : ''}`}
                data-testid={`settings-entry-${entry.to.split('/').pop()}`}
              >
                {t(entry.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <LanguageChoice />
    </section>
  );
}

/** The picture at the top (SPEC §2), and the way to change it: the timeline picker and crop. */
function ProfilePicture({ url }: { url: string | null }) {
  const { t } = useTranslation();
  return (
    <div className="settings-picture">
      {url ? (
        <img
          src={url}
          alt={t('profilePicture.current')}
          width={96}
          height={96}
          data-testid="settings-avatar"
        />
      ) : (
        <span className="settings-picture__none" aria-hidden="true" />
      )}
      {isRouteBuilt('/selectProfilePicture') ? (
        <Link to="/selectProfilePicture" data-testid="settings-picture-change">
          {url ? t('profilePicture.change') : t('profilePicture.add')}
        </Link>
      ) : null}
    </div>
  );
}

/** SPEC §3 Language option: the four languages, each named in itself. */
function LanguageChoice() {
  const { t, i18n } = useTranslation();
  // The choice shows at once; the texts follow when the language's bundle has loaded.
  const [pending, setPending] = useState<Locale | null>(null);
  const current = pending ?? (i18n.language as Locale);
  async function choose(locale: Locale) {
    if (locale === current || pending) return;
    setPending(locale);
    try {
      await chooseLanguage(locale);
    } catch (error) {
      // The language's texts failed to load (offline): stay in the current one and say so.
      showToast({
        kind: 'error',
        message: actionFailure(error, { key: 'settings.language.failed' }),
      });
    } finally {
      setPending(null);
    }
  }
  return (
    <section className="settings-section" aria-labelledby="settings-language">
      <h2 id="settings-language">{t('settings.language.title')}</h2>
      <div
        role="radiogroup"
        aria-labelledby="settings-language"
        className="settings-languages"
        data-testid="settings-languages"
      >
        {LOCALES.map((locale) => (
          <label key={locale} className="settings-language">
            <input
              type="radio"
              name="language"
              value={locale}
              checked={current === locale}
              disabled={pending !== null}
              onChange={() => void choose(locale)}
              data-testid={`settings-language-${locale}`}
            />
            <span lang={locale.replace('_', '-')}>{t(`languages.${locale}`)}</span>
          </label>
        ))}
      </div>
    </section>
  );
}
