import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { UploadButton } from '../features/upload';
import { useBrand } from '../platform/brand';
import { useRouteBuilt } from '../platform/routesBuilt';

/** SPEC §2: top navigation with the tabs timeline and albums, and the side-menu button. */
export function TopNav({
  menuOpen,
  onToggleMenu,
}: {
  menuOpen: boolean;
  onToggleMenu: () => void;
}) {
  const { t } = useTranslation();
  const brand = useBrand();
  // Shown once the albums page is built (issue 22: no tab ends on page-not-found).
  const albumsBuilt = useRouteBuilt('/albums');
  return (
    <header className="top-nav">
      <button
        type="button"
        className="top-nav__menu-button"
        aria-expanded={menuOpen}
        aria-controls="side-menu"
        aria-label={menuOpen ? t('shell.closeMenu') : t('shell.openMenu')}
        onClick={onToggleMenu}
      >
        <span aria-hidden="true" className="hamburger" />
      </button>
      <NavLink to="/photos" className="top-nav__brand" data-testid="brand">
        {brand.name}
      </NavLink>
      <nav className="top-nav__tabs" aria-label={t('shell.mainNavigation')}>
        <NavLink to="/photos" className="top-nav__tab">
          {t('nav.timeline')}
        </NavLink>
        {albumsBuilt ? (
          <NavLink to="/albums" className="top-nav__tab">
            {t('nav.albums')}
          </NavLink>
        ) : null}
      </nav>
      <UploadButton />
    </header>
  );
}
