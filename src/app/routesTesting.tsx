import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { i18next } from '../i18n';
import { APP_ROUTES, toRouteObjects, type AppRoute } from './routes';

/**
 * A route table (the app's by default) opened at `path` in a memory router, with the providers
 * the pages need; returns the router (tests only).
 */
export function renderRoutesAt(path: string, routes: readonly AppRoute[] = APP_ROUTES) {
  const router = createMemoryRouter(toRouteObjects(routes), { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18next}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return router;
}
