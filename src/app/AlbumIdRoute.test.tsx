// @vitest-environment jsdom
import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import {
  createMemoryRouter,
  RouterProvider,
  useLocation,
  useParams,
  useRouteError,
} from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MISSING_ALBUM_PARAMS } from '../domain/albumId';
import { initI18n } from '../i18n';
import { takesAlbum, withAlbumId } from './AlbumIdRoute';
import { APP_ROUTES } from './routes';
import { renderRoutesAt } from './routesTesting';

vi.mock('./logOut', () => ({ logOut: vi.fn() }));

const id = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b';
const b64 = btoa(id);

/** A page that shows what it was given. */
function ParamsPage() {
  const params = useParams();
  const location = useLocation();
  return (
    <output data-testid="page">
      {JSON.stringify({ jobId: params.jobId, fileId: params.fileId, at: location.pathname })}
    </output>
  );
}

function RouteError() {
  const error = useRouteError();
  return <output data-testid="route-error">{error instanceof Error ? error.message : ''}</output>;
}

beforeAll(async () => {
  await initI18n('en_US');
});

afterEach(() => {
  document.body.innerHTML = '';
});

/** The app's route table, every page replaced by ParamsPage, opened at `path`. */
function renderAt(path: string) {
  return renderRoutesAt(
    path,
    APP_ROUTES.map((route) => ({ ...route, page: () => Promise.resolve({ default: ParamsPage }) })),
  );
}

const albumRoutes = APP_ROUTES.map((route) => route.path).filter(takesAlbum);

describe('routes that take an album accept albumID or albumIDB64 (SPEC §2)', () => {
  it('are every album route SPEC §2 lists (and /selectPhotos/{id}: the album it adds to)', () => {
    expect(albumRoutes.sort()).toEqual(
      [
        '/a/:jobId',
        '/a/:jobId/:fileId/copyAlbum',
        '/a/:jobId/copyAlbum',
        '/a/:jobId/createNew',
        '/a/:jobId/subscribe',
        '/addPhotos/:jobId',
        '/albumImage/:jobId/:fileId',
        '/albums/:jobId',
        '/albums/:jobId/edit/:tab',
        '/albums/:jobId/edit/addPhotos',
        '/carousel/:jobId/:fileId',
        '/comments/:jobId/:fileId',
        '/selectPhotos/:jobId',
      ].sort(),
    );
  });

  it.each(albumRoutes)(
    '%s opened with the base64 id shows the album under its own id',
    async (pattern) => {
      const at = (jobId: string) =>
        pattern.replace(':jobId', jobId).replace(':fileId', 'f1').replace(':tab', 'settings');
      const router = renderAt(`${at(encodeURIComponent(b64))}?x=1#autoPlay`);
      const page = await screen.findByTestId('page', {}, { timeout: 10_000 });
      await waitFor(() =>
        expect(JSON.parse(page.textContent ?? '{}')).toMatchObject({ jobId: id }),
      );
      expect(router.state.location).toMatchObject({
        pathname: at(id),
        search: '?x=1',
        hash: '#autoPlay',
      });
    },
    20_000,
  );

  it('leaves a plain id, and an id that is neither form, as they are', async () => {
    const router = renderAt(`/a/${id}`);
    await screen.findByTestId('page', {}, { timeout: 10_000 });
    expect(router.state.location.pathname).toBe(`/a/${id}`);
    router.dispose();
    document.body.innerHTML = '';
    const other = renderAt('/comments/not-an-album/f1');
    const page = await screen.findByTestId('page', {}, { timeout: 10_000 });
    expect(JSON.parse(page.textContent ?? '{}')).toMatchObject({ jobId: 'not-an-album' });
    expect(other.state.location.pathname).toBe('/comments/not-an-album/f1');
  }, 20_000);

  it('throws the SPEC §8 internal error when a page that takes an album has no album segment', async () => {
    const Page = withAlbumId(ParamsPage);
    const router = createMemoryRouter(
      [{ path: '/nowhere', element: <Page />, errorElement: <RouteError /> }],
      { initialEntries: ['/nowhere'] },
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<RouterProvider router={router} />);
    expect((await screen.findByTestId('route-error')).textContent).toBe(MISSING_ALBUM_PARAMS);
    expect(screen.queryByTestId('page')).toBeNull();
  });
});

describe('the album page across its routes', () => {
  it('stays mounted from /albums/{id} to its settings, its viewer and back (its grid is kept)', async () => {
    let mounts = 0;
    function AlbumPage() {
      useEffect(() => {
        mounts += 1;
      }, []);
      return <ParamsPage />;
    }
    // The three routes that import features/albums/AlbumPage.
    const router = renderRoutesAt(
      `/albums/${id}`,
      APP_ROUTES.map((route) => ({
        ...route,
        page: () => Promise.resolve({ default: AlbumPage }),
      })),
    );
    const page = await screen.findByTestId('page', {}, { timeout: 10_000 });
    for (const path of [`/albums/${id}/edit/name`, `/albums/${id}`, `/carousel/${id}/f1`]) {
      await act(() => router.navigate(path));
      await waitFor(() =>
        expect(JSON.parse(screen.getByTestId('page').textContent ?? '{}')).toMatchObject({
          at: path,
        }),
      );
    }
    // The same element all along: React never unmounted the page (a remount builds a new grid).
    expect(screen.getByTestId('page')).toBe(page);
    expect(mounts).toBe(1);
  }, 20_000);
});
