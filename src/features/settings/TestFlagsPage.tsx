import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  FLAG_QUERY_PARAMS,
  resetFeatureFlags,
  setFeatureFlags,
  TEST_FLAGS,
  useFeatureFlags,
} from '../../state/featureFlags';
import { Button } from '../../ui/Button';
import './settings.css';

/**
 * SPEC §2 settings test-flags page: the three test flags (also set by `?new-signup=1` and the
 * like), stored on this device only; the QA corner marker turns red while any is on.
 */
export default function TestFlagsPage() {
  const { t } = useTranslation();
  const flags = useFeatureFlags();
  return (
    <section className="settings-page" data-testid="test-flags" aria-labelledby="test-flags-title">
      <Link to="/settings" className="settings-back">
        {t('settings.back')}
      </Link>
      <h1 id="test-flags-title">{t('settings.testFlags.title')}</h1>
      <p>{t('settings.testFlags.body')}</p>
      <ul className="settings-list">
        {TEST_FLAGS.map((flag) => (
          <li key={flag} className="settings-list__row settings-list__row--link">
            <label className="settings-language">
              <input
                type="checkbox"
                checked={flags[flag]}
                onChange={(event) => setFeatureFlags({ [flag]: event.target.checked })}
                data-testid={`test-flag-${FLAG_QUERY_PARAMS[flag]}`}
              />
              <code>{FLAG_QUERY_PARAMS[flag]}</code>
            </label>
          </li>
        ))}
      </ul>
      <Button onClick={resetFeatureFlags} data-testid="test-flags-reset">
        {t('settings.testFlags.reset')}
      </Button>
    </section>
  );
}
