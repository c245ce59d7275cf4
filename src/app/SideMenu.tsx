import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';

/** SPEC §2: side menu (drawer, 240 px) with timeline, albums, settings and log out. */
export function SideMenu({
  open,
  onClose,
  onLogOut,
  loggedIn,
}: {
  open: boolean;
  onClose: () => void;
  onLogOut: () => void;
  loggedIn: boolean;
}) {
  const { t } = useTranslation();
  const firstLink = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    firstLink.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  return (
    <>
      <div
        className={open ? 'drawer-backdrop drawer-backdrop--open' : 'drawer-backdrop'}
        onClick={onClose}
      />
      <aside
        id="side-menu"
        className={open ? 'side-menu side-menu--open' : 'side-menu'}
        aria-label={t('shell.menu')}
        aria-hidden={!open}
        inert={!open}
      >
        <nav>
          <ul className="side-menu__list">
            <li>
              <NavLink ref={firstLink} to="/photos" onClick={onClose}>
                {t('nav.timeline')}
              </NavLink>
            </li>
            <li>
              <NavLink to="/albums" onClick={onClose}>
                {t('nav.albums')}
              </NavLink>
            </li>
            <li>
              <NavLink to="/settings" onClick={onClose}>
                {t('nav.settings')}
              </NavLink>
            </li>
            {loggedIn ? (
              <li>
                <button type="button" className="side-menu__logout" onClick={onLogOut}>
                  {t('nav.logOut')}
                </button>
              </li>
            ) : null}
          </ul>
        </nav>
      </aside>
    </>
  );
}
