import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { useAccountInfo } from '../platform/queries';
import { isRouteBuilt } from '../platform/routesBuilt';

/**
 * SPEC §2 side menu entries (timeline, albums, settings) plus the documents area, which has no
 * other way in until the settings page links it, and the trash (SPEC §2 /deleted_items, issue
 * 34.6: a newcomer who deleted a photo had no way to find it again from the menu). An entry
 * whose page is not built yet is hidden (issue 22: no menu entry ends on page-not-found); it
 * appears when its route gets a page.
 */
export const MENU_ENTRIES = [
  { to: '/photos', label: 'nav.timeline' },
  { to: '/albums', label: 'nav.albums' },
  { to: '/documents', label: 'sideMenu.documents' },
  { to: '/deleted_items', label: 'sideMenu.trash' },
  { to: '/settings', label: 'nav.settings' },
] as const;

/**
 * SPEC §2: side menu (drawer, 240 px) with timeline, albums, settings and log out. Signed out (a
 * visitor on a shared album or link), log out's place holds Sign in, which comes back to the page
 * it was pressed on (issue 34: the signed-out menu had no way to sign in); a sign-in service that
 * cannot be reached says so there.
 */
export function SideMenu({
  open,
  onClose,
  onLogOut,
  onSignIn,
  loggedIn,
}: {
  open: boolean;
  onClose: () => void;
  onLogOut: () => void;
  onSignIn: () => Promise<void>;
  loggedIn: boolean;
}) {
  const { t } = useTranslation();
  const firstLink = useRef<HTMLAnchorElement>(null);
  const [signIn, setSignIn] = useState<'idle' | 'busy' | 'failed'>('idle');
  const entries = MENU_ENTRIES.filter((entry) => isRouteBuilt(entry.to));
  const account = useAccountInfo().data;

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
        {loggedIn && account ? (
          <div className="side-menu__account">
            {account.profile_picture ? (
              <img
                className="side-menu__avatar"
                src={account.profile_picture}
                alt=""
                width={40}
                height={40}
                data-testid="side-menu-avatar"
              />
            ) : null}
            <p className="side-menu__who" data-testid="side-menu-who">
              {account.name ?? account.logged_in_as}
            </p>
          </div>
        ) : null}
        <nav>
          <ul className="side-menu__list">
            {entries.map((entry, index) => (
              <li key={entry.to}>
                <NavLink ref={index === 0 ? firstLink : undefined} to={entry.to} onClick={onClose}>
                  {t(entry.label)}
                </NavLink>
              </li>
            ))}
            {loggedIn ? (
              <li>
                <button type="button" className="side-menu__action" onClick={onLogOut}>
                  {t('nav.logOut')}
                </button>
              </li>
            ) : (
              <li>
                <button
                  type="button"
                  className="side-menu__action"
                  data-testid="side-menu-sign-in"
                  disabled={signIn === 'busy'}
                  onClick={() => {
                    setSignIn('busy');
                    onSignIn().catch(() => setSignIn('failed'));
                  }}
                >
                  {t('common.signIn')}
                </button>
                {signIn === 'failed' ? (
                  <p role="alert" className="form-error side-menu__error">
                    {t('auth.startFailed')}
                  </p>
                ) : null}
              </li>
            )}
          </ul>
        </nav>
      </aside>
    </>
  );
}
