import type { ComponentType } from 'react';
import { matchRoutes, Navigate, type RouteObject } from 'react-router-dom';
import type { AreaNamespace } from '../i18n/areaTexts';
import { withAreaTexts, type Resources } from '../i18n';
import { routeComponent } from './AlbumIdRoute';
import { AppShell } from './AppShell';
import { PageTitle } from './PageTitle';
import { RouteErrorPage } from './RouteErrorPage';
import { ShellLoading } from './ShellLoading';

type PageModule = { default: ComponentType };

export type FeatureArea =
  | 'timeline'
  | 'albums'
  | 'publicAlbum'
  | 'comments'
  | 'carousel'
  | 'share'
  | 'trash'
  | 'documents'
  | 'settings'
  | 'emailSettings'
  | 'help'
  | 'selectPhotos'
  | 'profilePicture'
  | 'developer'
  | 'errors';

/** The page's name in the tab and history (`titles.*`, shown as "Albums – Capture"). */
export type PageTitle = Exclude<keyof Resources['titles'], 'format'>;

export interface AppRoute {
  path: string;
  area: FeatureArea;
  title: PageTitle;
  /** The page, imported lazily. Absent while the feature is not built: the page-not-found page renders. */
  page?: () => Promise<PageModule>;
  /** The lazy areas' texts the page needs (i18n/areaTexts.ts), when not its area's. */
  texts?: readonly AreaNamespace[];
}

const SHARING: readonly AreaNamespace[] = ['albums', 'share'];
const SETTINGS: readonly AreaNamespace[] = ['settings', 'billing'];

/** The texts each area's pages load with them (before their first render: no raw keys). */
const AREA_TEXTS: Record<FeatureArea, readonly AreaNamespace[]> = {
  timeline: [],
  carousel: [],
  albums: SHARING,
  publicAlbum: SHARING,
  comments: SHARING,
  share: SHARING,
  selectPhotos: SHARING,
  trash: ['trash'],
  documents: ['documents'],
  settings: SETTINGS,
  emailSettings: SETTINGS,
  developer: SETTINGS,
  profilePicture: SETTINGS,
  help: [],
  errors: [],
};

/**
 * The one route table: every route of SPEC §2, the /_from_inside_app variants, the settings
 * test-flags and advanced pages, and the catch-all. A feature issue fills in `page` for its routes.
 */
export const APP_ROUTES: readonly AppRoute[] = [
  {
    path: '/photos',
    title: 'photos',
    area: 'timeline',
    page: () => import('../features/timeline/TimelinePage'),
  },
  // The timeline with the viewer open over it: the same page, so the grid stays alive. The
  // viewer's own chunk loads with it (it opens on the viewer: no wait after the grid shows).
  {
    path: '/photos/:fileId',
    title: 'viewer',
    area: 'carousel',
    page: async () => {
      const [page] = await Promise.all([
        import('../features/timeline/TimelinePage'),
        import('../features/carousel').then((carousel) => carousel.loadViewer()),
      ]);
      return page;
    },
  },
  {
    path: '/documents',
    title: 'documents',
    area: 'documents',
    page: () => import('../features/documents/DocumentsPage'),
  },

  {
    path: '/albums',
    title: 'albums',
    area: 'albums',
    page: () => import('../features/albums/AlbumsPage'),
  },
  {
    path: '/albums/:jobId',
    title: 'album',
    area: 'albums',
    page: () => import('../features/albums/AlbumPage'),
  },
  {
    path: '/albums/:jobId/edit/addPhotos',
    title: 'addPhotos',
    area: 'albums',
    page: () => import('../features/albums/PickerPage'),
  },
  {
    path: '/albums/:jobId/edit/:tab',
    title: 'album',
    area: 'albums',
    page: () => import('../features/albums/AlbumPage'),
  },
  {
    path: '/addPhotos/:jobId',
    title: 'addPhotos',
    area: 'albums',
    page: () => import('../features/albums/PickerPage'),
  },

  {
    path: '/a/:jobId',
    title: 'sharedAlbum',
    area: 'publicAlbum',
    page: () => import('../features/albums/VisitorAlbumPage'),
  },
  {
    path: '/a/:jobId/createNew',
    title: 'sharedAlbum',
    area: 'publicAlbum',
    page: () => import('../features/albums/CreateNewAlbumPage'),
  },
  {
    path: '/a/:jobId/subscribe',
    title: 'sharedAlbum',
    area: 'publicAlbum',
    page: () => import('../features/albums/SubscribeAlbumPage'),
  },
  {
    path: '/a/:jobId/copyAlbum',
    title: 'sharedAlbum',
    area: 'publicAlbum',
    page: () => import('../features/albums/CopyAlbumPage'),
  },
  {
    path: '/a/:jobId/:fileId/copyAlbum',
    title: 'sharedAlbum',
    area: 'publicAlbum',
    page: () => import('../features/albums/CopyAlbumPage'),
  },

  {
    path: '/comments/:jobId/:fileId',
    title: 'comments',
    area: 'comments',
    page: () => import('../features/albums/comments/CommentsPage'),
  },
  {
    path: '/carousel/:jobId/:fileId',
    title: 'viewer',
    area: 'carousel',
    // The album page with the viewer open over its grid (a share's job: the viewer alone).
    page: () => import('../features/albums/AlbumPage'),
    texts: SHARING,
  },
  {
    path: '/albumImage/:jobId/:fileId',
    title: 'share',
    area: 'share',
    page: () => import('../features/albums/AlbumImagePage'),
  },
  {
    path: '/share/:shareId',
    title: 'share',
    area: 'share',
    page: () => import('./pages/SharePage'),
  },
  {
    path: '/share/:shareId/copyShare',
    title: 'share',
    area: 'share',
    page: () => import('./pages/CopySharePage'),
  },

  {
    path: '/deleted_items',
    title: 'trash',
    area: 'trash',
    page: () => import('../features/trash/TrashNavPage'),
  },
  {
    path: '/deleted_items/photos',
    title: 'trashPhotos',
    area: 'trash',
    page: () => import('../features/trash/TrashPage'),
  },
  {
    path: '/deleted_items/albums',
    title: 'trashAlbums',
    area: 'trash',
    page: () => import('../features/trash/TrashAlbumsPage'),
  },
  {
    path: '/_from_inside_app/deleted_items',
    title: 'trash',
    area: 'trash',
    page: () => import('../features/trash/TrashNavPage'),
  },
  {
    path: '/_from_inside_app/deleted_items/photos',
    title: 'trashPhotos',
    area: 'trash',
    page: () => import('../features/trash/TrashPage'),
  },
  {
    path: '/_from_inside_app/deleted_items/albums',
    title: 'trashAlbums',
    area: 'trash',
    page: () => import('../features/trash/TrashAlbumsPage'),
  },

  {
    path: '/settings',
    title: 'settings',
    area: 'settings',
    page: () => import('../features/settings/SettingsPage'),
  },
  {
    path: '/settings/privacy',
    title: 'privacy',
    area: 'settings',
    page: () => import('../features/settings/PrivacyPage'),
  },
  {
    path: '/_from_inside_app/settings/privacy',
    title: 'privacy',
    area: 'settings',
    page: () => import('../features/settings/PrivacyPage'),
  },
  {
    path: '/settings/takeout',
    title: 'takeout',
    area: 'settings',
    page: () => import('../features/settings/TakeoutPage'),
  },
  {
    path: '/settings/unsubscribe',
    title: 'unsubscribe',
    area: 'settings',
    page: () => import('../features/settings/UnsubscribePage'),
  },
  {
    path: '/settings/storage',
    title: 'storage',
    area: 'settings',
    page: () => import('../features/billing/StoragePage'),
  },
  {
    path: '/settings/devices',
    title: 'devices',
    area: 'settings',
    page: () => import('../features/settings/DevicesPage'),
  },
  {
    path: '/settings/test-flags',
    title: 'testFlags',
    area: 'settings',
    page: () => import('../features/settings/TestFlagsPage'),
  },
  {
    path: '/settings/advanced',
    title: 'advanced',
    area: 'settings',
    page: () => import('../features/settings/AdvancedPage'),
  },
  {
    path: '/developer',
    title: 'developer',
    area: 'developer',
    page: () => import('../features/settings/DeveloperPage'),
  },

  {
    path: '/emailSettings',
    title: 'emailSettings',
    area: 'emailSettings',
    page: () => import('../features/settings/EmailSettingsPage'),
  },
  { path: '/help', title: 'help', area: 'help', page: () => import('./pages/HelpPage') },
  {
    path: '/selectPhotos',
    title: 'selectPhotos',
    area: 'selectPhotos',
    page: () => import('../features/albums/PickerPage'),
  },
  {
    path: '/selectPhotos/:jobId',
    title: 'selectPhotos',
    area: 'selectPhotos',
    page: () => import('../features/albums/PickerPage'),
  },
  {
    path: '/selectProfilePicture',
    title: 'profilePicture',
    area: 'profilePicture',
    page: () => import('../features/settings/SelectProfilePicturePage'),
  },

  {
    path: '/error/:code',
    title: 'error',
    area: 'errors',
    page: () => import('./pages/ErrorCodePage'),
  },
  { path: '*', title: 'notFound', area: 'errors', page: () => import('./pages/PageNotFoundPage') },
];

const notBuilt = () => import('./pages/PageNotFoundPage');

/**
 * Starts importing the page a path opens on (issue 19, second visit): at start-up, beside the
 * texts and the session, instead of after them. The router's own import then finds the module
 * loaded. A failure is left to that import (platform/chunkReload handles it there).
 */
export function preloadPage(pathname: string, routes: readonly AppRoute[] = APP_ROUTES): void {
  const matches = matchRoutes(
    routes.map((route, index) => ({ path: route.path, id: String(index) })),
    pathname,
  );
  const route = matches ? routes[Number(matches[matches.length - 1].route.id)] : undefined;
  route?.page?.().catch(() => undefined);
}

/** Route patterns that have a page (the catch-all included): what the shell shows links to. */
export function builtRoutes(routes: readonly AppRoute[] = APP_ROUTES): string[] {
  return routes.filter((route) => route.page).map((route) => route.path);
}

/** Routes whose feature is not built yet: they render the page-not-found page. */
export function pendingRoutes(routes: readonly AppRoute[] = APP_ROUTES): string[] {
  return routes.filter((route) => !route.page).map((route) => route.path);
}

/**
 * The TV receiver of casting (issue 18): a full-screen page outside the signed-in shell (a TV's
 * browser has no account; it shows a pairing code).
 */
export const CAST_RECEIVER_PATH = '/cast/receiver';

export function toRouteObjects(routes: readonly AppRoute[] = APP_ROUTES): RouteObject[] {
  return [
    {
      path: CAST_RECEIVER_PATH,
      handle: { title: 'castReceiver' satisfies PageTitle },
      errorElement: <RouteErrorPage />,
      lazy: async () => {
        const Receiver = (await import('../features/cast/ReceiverPage')).default;
        // Outside the shell, so it names its tab itself.
        const TitledReceiver = () => (
          <>
            <PageTitle />
            <Receiver />
          </>
        );
        return { Component: TitledReceiver };
      },
    },
    {
      element: <AppShell />,
      errorElement: <RouteErrorPage />,
      // Shown while the first lazily imported page loads.
      HydrateFallback: ShellLoading,
      children: [
        { index: true, element: <Navigate to="/photos" replace /> },
        ...routes.map((route): RouteObject => ({
          path: route.path,
          handle: { title: route.title },
          lazy: async () => {
            const module = await withAreaTexts(
              (route.page ?? notBuilt)(),
              route.texts ?? AREA_TEXTS[route.area],
            );
            // A failed chunk load whose preload error started a reload (platform/chunkReload)
            // resolves to nothing: wait for the reload rather than flash the error page.
            if (!module) await new Promise<never>(() => undefined);
            return { Component: routeComponent(module.default, route.path) };
          },
        })),
      ],
    },
  ];
}
