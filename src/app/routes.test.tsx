// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n';
import { isRouteBuilt, setBuiltRoutes } from '../platform/routesBuilt';
import {
  APP_ROUTES,
  builtRoutes,
  CAST_RECEIVER_PATH,
  pendingRoutes,
  preloadPage,
  toRouteObjects,
  type AppRoute,
} from './routes';
import { renderRoutesAt } from './routesTesting';

vi.mock('./logOut', () => ({ logOut: vi.fn() }));

/** Every route SPEC §2 lists, plus the in-app variants, test flags, advanced settings, catch-all. */
const SPEC_ROUTES = [
  '/photos',
  '/photos/:fileId',
  '/albums',
  '/albums/:jobId',
  '/albums/:jobId/edit/:tab',
  '/albums/:jobId/edit/addPhotos',
  '/a/:jobId',
  '/a/:jobId/createNew',
  '/a/:jobId/subscribe',
  '/a/:jobId/copyAlbum',
  '/a/:jobId/:fileId/copyAlbum',
  '/addPhotos/:jobId',
  '/comments/:jobId/:fileId',
  '/carousel/:jobId/:fileId',
  '/albumImage/:jobId/:fileId',
  '/share/:shareId',
  '/share/:shareId/copyShare',
  '/deleted_items',
  '/deleted_items/photos',
  '/deleted_items/albums',
  '/_from_inside_app/deleted_items',
  '/_from_inside_app/deleted_items/photos',
  '/_from_inside_app/deleted_items/albums',
  '/_from_inside_app/settings/privacy',
  '/documents',
  '/settings',
  '/settings/privacy',
  '/settings/takeout',
  '/settings/unsubscribe',
  '/settings/storage',
  '/settings/devices',
  '/settings/test-flags',
  '/settings/advanced',
  '/emailSettings',
  '/help',
  '/selectPhotos',
  '/selectPhotos/:jobId',
  '/selectProfilePicture',
  '/error/:code',
  '*',
];

function concrete(path: string): string {
  return path === '*'
    ? '/no/such/page'
    : path.replace(/:(\w+)/g, (_, name: string) => `${name}-1234`);
}

beforeAll(async () => {
  await initI18n('en_US');
});

afterEach(() => {
  document.body.innerHTML = '';
});

/** The app's route table at `path`, rendered with the providers the pages need. */
const renderAt = (path: string) => renderRoutesAt(path);

describe('the route table', () => {
  it('lists every route of SPEC §2 exactly once', () => {
    const paths = APP_ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of SPEC_ROUTES) expect(paths).toContain(path);
  });

  it("puts the TV receiver of casting outside the signed-in shell (a TV's browser has no account)", () => {
    const [receiver, shell] = toRouteObjects();
    expect(receiver.path).toBe(CAST_RECEIVER_PATH);
    expect(receiver.children).toBeUndefined();
    expect(shell.children?.some((child) => child.path === CAST_RECEIVER_PATH)).toBe(false);
  });

  it('preloads the page a path opens on, as the router ranks it, and swallows a failed import', async () => {
    const module = { default: () => null };
    const photos = vi.fn(() => Promise.resolve(module));
    const viewer = vi.fn(() => Promise.resolve(module));
    const missing = vi.fn(() => Promise.reject(new Error('chunk gone')));
    const routes: AppRoute[] = [
      { path: '*', area: 'errors', title: 'notFound', page: missing },
      { path: '/photos', area: 'timeline', title: 'photos', page: photos },
      { path: '/photos/:fileId', area: 'carousel', title: 'viewer', page: viewer },
      { path: '/albums', area: 'albums', title: 'albums' },
    ];
    preloadPage('/photos/f1', routes);
    expect(viewer).toHaveBeenCalledOnce();
    expect(photos).not.toHaveBeenCalled();
    preloadPage('/photos', routes);
    expect(photos).toHaveBeenCalledOnce();
    preloadPage('/albums', routes);
    preloadPage('/nowhere', routes);
    expect(missing).toHaveBeenCalledOnce();
    await Promise.resolve();
  });

  it('prints the routes whose feature is not built yet (the list shrinks to empty)', () => {
    const pending = pendingRoutes();
    console.info(
      `Routes rendering page-not-found until their feature lands (${pending.length}):\n  ${pending.join('\n  ')}`,
    );
    expect(pending).not.toContain('*');
    expect(pending).not.toContain('/error/:code');
  });

  it('tells the shell which routes have a page, so links to the others stay hidden', () => {
    expect(builtRoutes()).toEqual(expect.arrayContaining(['/photos', '/documents', '*']));
    expect([...builtRoutes(), ...pendingRoutes()].sort()).toEqual(
      APP_ROUTES.map((route) => route.path).sort(),
    );
    setBuiltRoutes(builtRoutes());
    for (const path of pendingRoutes()) expect(isRouteBuilt(concrete(path))).toBe(false);
    expect(isRouteBuilt('/documents')).toBe(true);
    expect(isRouteBuilt('/error/user_disabled')).toBe(true);
  });

  it.each(pendingRoutes())(
    '%s renders the page-not-found page while its feature is not built',
    async (path) => {
      renderAt(concrete(path));
      expect(await screen.findByTestId('not-found-page')).toBeTruthy();
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page not found');
    },
  );

  it('sends / to the timeline', async () => {
    const router = renderAt('/');
    // The timeline page is a big lazy chunk: on a loaded CI machine it takes over a second.
    await screen.findByTestId('app-shell', {}, { timeout: 10_000 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/photos'), {
      timeout: 10_000,
    });
    // The test's own limit covers its two waits (vitest's default of 5 s cut them short).
  }, 25_000);
});
