// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18next, initI18n } from '../../i18n';
import { sessionStore } from '../../state/session';
import { AlbumNotFound } from './AlbumNotFound';

beforeAll(async () => {
  await initI18n('en_US');
});
afterEach(() => {
  cleanup();
  sessionStore.setState({ status: 'NOT_STARTED' });
});

const renderPage = () =>
  render(
    <I18nextProvider i18n={i18next}>
      <MemoryRouter initialEntries={['/albums/gone']}>
        <AlbumNotFound />
      </MemoryRouter>
    </I18nextProvider>,
  );

describe('album not found (issue 34.11: the page had no way onward)', () => {
  it('leads a signed-in person to the albums list', () => {
    sessionStore.setState({ status: 'AUTHENTICATED' });
    renderPage();
    const link = screen.getByRole('link', { name: 'Go to your albums' });
    expect(link.getAttribute('href')).toBe('/albums');
    expect(screen.queryByTestId('login-button')).toBeNull();
    // The first render (jsdom, i18n) can take seconds on the shared cores.
  }, 30_000);

  it('offers the sign-in when signed out, and follows a sign-in that completes', () => {
    renderPage();
    expect(screen.getByTestId('login-button').textContent).toBe('Sign in');
    expect(screen.queryByRole('link', { name: 'Go to your albums' })).toBeNull();
    act(() => sessionStore.setState({ status: 'AUTHENTICATED' }));
    expect(screen.getByRole('link', { name: 'Go to your albums' })).toBeTruthy();
  }, 30_000);
});
