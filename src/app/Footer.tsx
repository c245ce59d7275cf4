import { useTranslation } from 'react-i18next';
import { CLIENT_VERSION } from '../domain/constants';
import { useBrand } from '../platform/brand';
import { useLegalLinks } from '../platform/legalLinks';

/** SPEC §2: footer with terms, privacy statement, legal links, year, brand line, client version. */
export function Footer() {
  const { t } = useTranslation();
  const brand = useBrand();
  const links = useLegalLinks();
  const year = new Date().getFullYear();
  return (
    <footer className="app-footer" data-testid="footer">
      <ul className="app-footer__links">
        <li>
          <a href={links.terms} target="_blank" rel="noreferrer">
            {t('footer.terms')}
          </a>
        </li>
        <li>
          <a href={links.privacy} target="_blank" rel="noreferrer">
            {t('footer.privacy')}
          </a>
        </li>
        <li>
          <a href={links.legal} target="_blank" rel="noreferrer">
            {t('footer.legal')}
          </a>
        </li>
      </ul>
      <p className="app-footer__brand">{t('footer.brandLine', { brand: brand.name })}</p>
      <p className="app-footer__meta">
        <span>{t('footer.copyright', { year, brand: brand.name })}</span>
        <span data-testid="client-version">{t('footer.version', { version: CLIENT_VERSION })}</span>
      </p>
    </footer>
  );
}
