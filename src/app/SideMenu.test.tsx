// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18next, initI18n } from '../i18n';
import { setBuiltRoutes } from '../platform/routesBuilt';
import { builtRoutes } from './routes';
import { SideMenu } from './SideMenu';

beforeAll(async () => {
  await initI18n('en_US');
});
afterEach(cleanup);

function renderMenu(loggedIn: boolean, onSignIn: () => Promise<void> = () => Promise.resolve()) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18next}>
        <MemoryRouter>
          <SideMenu
            open
            onClose={() => undefined}
            onLogOut={() => undefined}
            onSignIn={onSignIn}
            loggedIn={loggedIn}
          />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('the side menu (SPEC §2)', () => {
  it('leads to the trash (issue 34.6: Deleted items could not be found from the menu)', () => {
    // The app's own route table: the entry shows because /deleted_items has its page.
    setBuiltRoutes(builtRoutes());
    renderMenu(false);
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

  it('signed out, offers Sign in where Log out stands, and says so when it cannot start (issue 34)', async () => {
    let fail: (error: Error) => void = () => undefined;
    const onSignIn = vi.fn(() => new Promise<void>((_, reject) => (fail = reject)));
    renderMenu(false, onSignIn);
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
    const signIn = screen.getByRole('button', { name: 'Sign in' });
    fireEvent.click(signIn);
    expect(onSignIn).toHaveBeenCalledTimes(1);
    // A second press while the first start is under way starts nothing more.
    expect((signIn as HTMLButtonElement).disabled).toBe(true);
    fail(new Error('offline'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not reach the sign-in service. Check your connection and try again.',
    );
    expect((signIn as HTMLButtonElement).disabled).toBe(false);
  }, 30_000);

  it('signed in, offers Log out and no Sign in', () => {
    renderMenu(true);
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
  }, 30_000);
});
