import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useLegalLinks } from '../../platform/legalLinks';

/**
 * SPEC §2 `/help`: the help centre and the legal texts, each in the user's language (help: sv,
 * no, otherwise English; terms and privacy: Norwegian or English, SPEC §9).
 */
export default function HelpPage() {
  const { t } = useTranslation();
  const links = useLegalLinks();
  const entries = [
    { href: links.help, label: t('help.center'), testId: 'help-center' },
    { href: links.terms, label: t('footer.terms'), testId: 'help-terms' },
    { href: links.privacy, label: t('footer.privacy'), testId: 'help-privacy' },
    { href: links.legal, label: t('footer.legal'), testId: 'help-legal' },
  ];
  return (
    <section className="help-page" data-testid="help" aria-labelledby="help-title">
      <Link to="/settings" className="help-page__back">
        {t('settings.back')}
      </Link>
      <h1 id="help-title">{t('help.title')}</h1>
      <p>{t('help.body')}</p>
      <ul className="help-page__links">
        {entries.map((entry) => (
          <li key={entry.testId}>
            <a href={entry.href} target="_blank" rel="noreferrer" data-testid={entry.testId}>
              {entry.label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
