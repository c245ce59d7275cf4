// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18next, initI18n } from '../i18n';
import { setBuiltRoutes } from '../platform/routesBuilt';
import { builtRoutes } from './routes';
import { SideMenu } from './SideMenu';

beforeAll(async () => {
  await initI18n('en_US');
});
afterEach(cleanup);

describe('the side menu (SPEC §2)', () => {
  it('leads to the trash (issue 34.6: Deleted items could not be found from the menu)', () => {
    // The app's own route table: the entry shows because /deleted_items has its page.
    setBuiltRoutes(builtRoutes());
    render(
      <QueryClientProvider client={new QueryClient()}>
        <I18nextProvider i18n={i18next}>
          <MemoryRouter>
            <SideMenu open onClose={() => undefined} onLogOut={() => undefined} loggedIn={false} />
          </MemoryRouter>
        </I18nextProvider>
      </QueryClientProvider>,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/photos',
      '/albums',
      '/documents',
      '/deleted_items',
      '/settings',
    ]);
    expect(screen.getByRole('link', { name: 'Deleted items' })).toBeTruthy();
    // The first render of the shell's menu (jsdom, i18n) takes over 5 s on the shared cores.
  }, 30_000);
});
