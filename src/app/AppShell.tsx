import { lazy, memo, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { startLogin } from '../features/auth';
import { PaidTransitionNotice } from '../features/notices';
import { withAreaTexts } from '../i18n';
import { useAccountInfo } from '../platform/queries';
import { useLoginStatus } from '../state/session';
import { Spinner } from '../ui/Spinner';
import { CookieNotice } from './CookieNotice';
import { Footer } from './Footer';
import { logOut } from '../platform/logOut';
import { OfflineBanner } from './OfflineBanner';
import { OverlayHost } from './overlays/OverlayHost';
import { PageTitle } from './PageTitle';
import { QaCornerMarker } from './QaCornerMarker';
import { ScrollToTop } from './ScrollToTop';
import { SessionExpiredDialog } from './SessionExpiredDialog';
import { ShortcutSheet } from './ShortcutSheet';
import { SideMenu } from './SideMenu';
import { TopNav } from './TopNav';

/** Loaded only for an account without a name (SPEC §2 missing-name modal). */
const MissingNameModal = lazy(() =>
  withAreaTexts(import('../features/settings/MissingNameModal'), ['settings']),
);

function MissingName() {
  const account = useAccountInfo().data;
  if (!account || (account.name ?? '').trim() !== '') return null;
  return (
    <Suspense fallback={null}>
      <MissingNameModal />
    </Suspense>
  );
}

/**
 * Memoised: a navigation re-renders the matched route's page through the Outlet's context, not
 * the shell around it (the viewer steps through the URL many times a second).
 */
export const AppShell = memo(function AppShell() {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const loggedIn = useLoginStatus() === 'AUTHENTICATED';
  return (
    <div className="app-shell" data-testid="app-shell">
      <PageTitle />
      <ScrollToTop />
      <a className="skip-link" href="#main">
        {t('shell.skipToContent')}
      </a>
      <OfflineBanner />
      <TopNav menuOpen={menuOpen} onToggleMenu={() => setMenuOpen((open) => !open)} />
      <SideMenu
        open={menuOpen}
        onClose={closeMenu}
        loggedIn={loggedIn}
        onLogOut={() => {
          closeMenu();
          void logOut();
        }}
        onSignIn={startLogin}
      />
      <main id="main" className="app-main" tabIndex={-1}>
        <Suspense fallback={<Spinner label={t('common.loading')} />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <OverlayHost />
      <SessionExpiredDialog />
      {loggedIn ? <MissingName /> : null}
      <ShortcutSheet />
      <div className="shell-notices">
        {loggedIn ? <PaidTransitionNotice /> : null}
        <CookieNotice />
      </div>
      <QaCornerMarker />
    </div>
  );
});
