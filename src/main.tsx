import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import {
  authFromQuery,
  clearStoredAuth,
  loadStoredAuth,
  queryAuthDecision,
  storeAuth,
} from './api/authStore';
import { startAnalytics } from './platform/analytics';
import { initApiClient } from './platform/api';
import { AppErrorBoundary } from './app/AppErrorBoundary';
import { expectFirstScreen } from './platform/afterStart';
import { loadAppConfig } from './platform/appConfig';
import { configurePayments } from './platform/paymentsConfig';
import { configureCastSender } from './platform/castSender';
import { missingFeatures } from './platform/browserSupport';
import { startConnectivityMonitor } from './app/connectivityMonitor';
import { applyBrandManifest } from './platform/brand';
import { startOfflineSupport } from './app/offlineSupport';
import { LegacyBrowserPage } from './app/pages/LegacyBrowserPage';
import { NotConfiguredPage } from './app/pages/NotConfiguredPage';
import { builtRoutes, preloadPage, toRouteObjects } from './app/routes';
import { queryClient } from './platform/queryClient';
import { setBuiltRoutes } from './platform/routesBuilt';
import { installChunkReload } from './platform/chunkReload';
import { exposeTestHooks } from './platform/testHooks';
import { warmDateFormats } from './platform/warmDateFormats';
import { yieldToEventLoop } from './platform/yieldToEventLoop';
import { detectLocale, readLangCookie } from './domain/language';
import { isJobAuthBody } from './domain/jobInfoFailure';
import { AccountSwitchPrompt, completeLoginFromCallback } from './features/auth';
import { startSession } from './features/auth';
import { i18next, initI18n } from './i18n';
import { applyFlagsFromQuery } from './state/featureFlags';
import { readString } from './state/persisted';
import { sessionStore } from './state/session';
import { trackViewport } from './state/viewport';
import { followWindowScroll } from './platform/windowScroll';
import './app/theme.css';
import './app/app.css';
import './app/overlays.css';

const USER_DISABLED_PATH = '/error/user_disabled';

async function boot(): Promise<void> {
  // Issue 34.10: the modules' evaluation (the contract's zod schemas, the stores, the route
  // table) is a task of its own, and the start's work below begins in the next one; together
  // they were one task of 71 ms of script (bench/hugeMonth).
  await yieldToEventLoop();
  applyBrandManifest(document);
  // SPEC §2: flags, the staging switch, and auth data may arrive in the query string.
  applyFlagsFromQuery(location.search);
  const fromQuery = authFromQuery(location.search);
  // Out of the address bar at once, whatever is decided below.
  if (fromQuery.search !== location.search) {
    history.replaceState(
      history.state,
      '',
      `${location.pathname}${fromQuery.search}${location.hash}`,
    );
  }

  // A signed-in start (a second visit) fetches its page's code beside the texts and the session,
  // from a task of its own: adding the chunks' preload links is ~12 ms of script (issue 34.10).
  if (loadStoredAuth()) setTimeout(() => preloadPage(location.pathname), 0);
  // The timeline's grid fills its first screen over time (sections, then thumbnails): the
  // start's calls that no first screen needs wait until it is full (platform/afterStart).
  if (/^\/photos(\/|$)/.test(location.pathname)) expectFirstScreen();

  // Issue 34.10: the start goes on in short tasks, one per step (the flags, storage reads and the
  // stored session's check above; the texts; the root, the feature checks and the services; the
  // login callback and the session; the router and the first render). At a load of 13 the steps
  // after the query's were one task of ~65 ms of script, and the last two one of ~50 (bench/hugeMonth).
  await yieldToEventLoop();
  await initI18n(
    detectLocale({
      stored: readString('language'),
      cookieLang: readLangCookie(document.cookie),
      browserLanguages: navigator.languages,
    }),
  );

  warmDateFormats(i18next.language);

  await yieldToEventLoop();
  const root = createRoot(document.getElementById('root')!);
  if (missingFeatures(window).length > 0) {
    root.render(
      <I18nextProvider i18n={i18next}>
        <LegacyBrowserPage />
      </I18nextProvider>,
    );
    return;
  }

  // A link's auth data replaces a signed-in session only if the user says so (issue 23).
  const linkAuth = fromQuery.auth;
  const decision = queryAuthDecision(loadStoredAuth(), linkAuth);
  const switchAccount =
    decision === 'ask' &&
    (await new Promise<boolean>((decide) => {
      root.render(
        <I18nextProvider i18n={i18next}>
          <AccountSwitchPrompt onDecide={decide} />
        </I18nextProvider>,
      );
    }));
  if (linkAuth && (decision === 'adopt' || switchAccount)) {
    storeAuth(linkAuth.token, linkAuth.hosts);
  }

  // With a stored session the config as last loaded will do (issue 19: one request fewer).
  const loaded = await loadAppConfig(location, fetch, {
    preferKept: loadStoredAuth() !== null,
  });
  // Without a config the service's address is unknown: say what is missing, never guess.
  if (!loaded.ok) {
    root.render(
      <I18nextProvider i18n={i18next}>
        <NotConfiguredPage problem={loaded.problem} />
      </I18nextProvider>,
    );
    return;
  }
  const appConfig = loaded.config;
  configurePayments(appConfig.payments);
  configureCastSender(appConfig.cast);
  const client = initApiClient(appConfig);
  client.onUnauthorized((error) => {
    // SPEC §7: a job's 401 with "public job auth failed" or "User does not have access to
    // secured job" is that page's answer (its password, a login or not found), not a lost session.
    if (isJobAuthBody(error.body)) return;
    clearStoredAuth();
    sessionStore.getState().setStatus('UNAUTHENTICATED');
  });
  // SPEC §8: a disabled account (403 user_disabled from any call) ends on the account-terminated
  // page; its session is of no further use.
  let router: ReturnType<typeof createBrowserRouter> | null = null;
  client.onUserDisabled(() => {
    if (location.pathname !== USER_DISABLED_PATH) {
      if (router) void router.navigate(USER_DISABLED_PATH, { replace: true });
      else history.replaceState(null, '', USER_DISABLED_PATH);
    }
    // Signed out: pages behind a login now ask for one instead of calling without a token.
    clearStoredAuth();
    sessionStore.getState().setStatus('NOT_STARTED');
    queryClient.removeQueries();
  });
  // A lazily loaded page whose chunk is gone (a new version was deployed): reload once.
  installChunkReload(window, () => {
    const pending = router?.state.navigation.location;
    return pending ? `${pending.pathname}${pending.search}${pending.hash}` : null;
  });
  // Menus and buttons hide what has no page yet (platform/routesBuilt).
  setBuiltRoutes(builtRoutes());
  trackViewport(window);
  followWindowScroll();
  startConnectivityMonitor(window);
  // SPEC §7 client stats at session start and back in the foreground (only with consent).
  startAnalytics(window);
  exposeTestHooks();
  // Issue 19: thumbnails cached by the service worker for the next visit and offline.
  startOfflineSupport(window);
  await yieldToEventLoop();
  // Back from the identity provider: finish the login, then go where the user was before it.
  const callback = await completeLoginFromCallback();
  if (callback.kind !== 'none') history.replaceState(null, '', callback.returnTo);
  if (callback.kind !== 'failure') void startSession({ justLoggedIn: callback.kind === 'success' });

  await yieldToEventLoop();
  router = createBrowserRouter(toRouteObjects());
  const app = (
    <StrictMode>
      <I18nextProvider i18n={i18next}>
        <AppErrorBoundary>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </AppErrorBoundary>
      </I18nextProvider>
    </StrictMode>
  );
  // Issue 34.10: the first render as a transition, which React renders in slices of a few ms
  // with the browser's turn between them; rendered at once, the shell's first render was one task
  // of ~60 ms of script at a load of 12 (bench/hugeMonth).
  startTransition(() => root.render(app));
}

void boot();
